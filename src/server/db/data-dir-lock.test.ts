import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, lockAddress } from "./data-dir-lock";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Another process holding the lock, as a second server would. */
async function holderProcess(dir: string) {
  const script = `import("${join(import.meta.dirname, "data-dir-lock.ts")}").then(async (m) => { await m.acquireDataDirLock(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((done) => child.stdout?.on("data", () => done()));
  return child;
}

describe("acquireDataDirLock", () => {
  it("holds a socket in DATA_DIR and removes it on release", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    const lock = await acquireDataDirLock(dir);
    expect(existsSync(lockAddress(dir))).toBe(true);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another running server (pid ${process.pid})`,
    );
    await lock.release();
    expect(existsSync(lockAddress(dir))).toBe(false);
    await (await acquireDataDirLock(dir)).release();
  });

  it("refuses a DATA_DIR held by another live process, naming it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    const holder = await holderProcess(dir);
    const refused = acquireDataDirLock(dir);
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(`(pid ${holder.pid})`);
  }, 20_000);

  it("takes over at once the lock of a process that was killed, and a stray file after a reboot", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    const holder = await holderProcess(dir);
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    expect(existsSync(lockAddress(dir))).toBe(true); // the dead owner's socket file is still there
    await (await acquireDataDirLock(dir)).release();

    // After a reboot the path may hold anything, even a file whose "pid" is now a live process.
    writeFileSync(lockAddress(dir), `${process.pid}\n`);
    await (await acquireDataDirLock(dir)).release();
  }, 20_000);

  it("is not held by a zombie", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    // The holder dies but its parent never reaps it: a zombie keeps its pid, not its sockets.
    const parent = spawn(
      "sh",
      [
        "-c",
        `${process.execPath} --import tsx --input-type=module -e '${zombieScript(dir)}' & exec sleep 60`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(parent);
    await new Promise<void>((done) => parent.stdout?.on("data", () => done()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await (await acquireDataDirLock(dir)).release();
  }, 20_000);
});

const zombieScript = (dir: string) =>
  `import("${join(import.meta.dirname, "data-dir-lock.ts")}").then(async (m) => { await m.acquireDataDirLock("${dir}"); console.log("locked"); process.kill(process.pid, "SIGKILL"); });`;

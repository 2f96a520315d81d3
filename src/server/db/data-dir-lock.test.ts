import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

const liveProcess = () => {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child;
};

describe("acquireDataDirLock", () => {
  it("writes our pid and removes the lock on release", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    const lock = acquireDataDirLock(dir);
    const file = join(dir, "server.lock");
    expect(readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a DATA_DIR held by a live process, naming it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    const holder = liveProcess();
    writeFileSync(join(dir, "server.lock"), `${holder.pid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `DATA_DIR ${dir} is in use by another running server (pid ${holder.pid})`,
    );
  });

  it("takes over at once a lock left by a process that died", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    const holder = liveProcess();
    writeFileSync(join(dir, "server.lock"), `${holder.pid}\n`);
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over an unreadable lock file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    writeFileSync(join(dir, "server.lock"), "garbage");
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("does not remove a lock that another process has taken since", async () => {
    const dir = await mkdtemp(join(tmpdir(), "budget-lock-"));
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, "server.lock"), "12345\n");
    lock.release();
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe("12345\n");
  });
});

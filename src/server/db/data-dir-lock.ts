import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite is a single-process database: two servers on one DATA_DIR would corrupt it. The lock
 * file holds the owner's pid; a lock whose process is gone (killed, crashed) is taken over at
 * once, so a crash never leaves the household locked out. A pid-liveness check is used rather
 * than mtime-based stale detection so a restart after SIGKILL does not have to wait.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another running server (pid ${ownerPid}). ` +
        "Stop that server first, or give this one another DATA_DIR.",
    );
    this.name = "DataDirLockedError";
  }
}

export type DataDirLock = { release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    // Our own pid can be in a stale file after a container restart reuses it.
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(dataDir, owner);
    }
    try {
      unlinkSync(file);
    } catch {
      // Another starter removed the stale file first; try again.
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}: another server is starting on it`);
}

import { createHash } from "node:crypto";
import { chmod, unlink } from "node:fs/promises";
import { connect, createServer, type Server } from "node:net";
import { join, resolve } from "node:path";
import { ensurePrivateDirectory } from "./private-files";

/**
 * One server per DATA_DIR. The lock is a socket the server listens on (DATA_DIR/server.sock; a
 * named pipe on Windows): the operating system closes it when the process dies, however it dies,
 * so a lock is held exactly while its owner lives. A leftover socket file after a crash or a
 * reboot refuses connections and is taken over at once; a reused pid or a zombie cannot hold it,
 * since only a live listener answers. A starter that reaches a live owner is refused with the
 * owner's pid.
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

export type DataDirLock = { release(): Promise<void> };

export const lockAddress = (dataDir: string) =>
  process.platform === "win32"
    ? `\\\\.\\pipe\\family-budget-${createHash("sha256").update(resolve(dataDir)).digest("hex").slice(0, 32)}`
    : join(resolve(dataDir), "server.sock");

const listen = (server: Server, address: string) =>
  new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(address, () => {
      server.off("error", fail);
      done();
    });
  });

/** The pid of the live server behind `address`, or undefined when nothing answers there. */
const lockOwner = (address: string) =>
  new Promise<number | undefined>((done) => {
    const socket = connect(address);
    let answer = "";
    const finish = (pid: number | undefined) => {
      socket.destroy();
      done(pid);
    };
    // A live owner that does not answer (stopped with SIGSTOP, say) still holds the lock.
    socket.setTimeout(3_000, () => finish(-1));
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => finish(Number.parseInt(answer, 10) || -1));
    socket.on("error", () => finish(undefined));
  });

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  await ensurePrivateDirectory(dataDir);
  const address = lockAddress(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    const server = createServer((socket) => socket.end(String(process.pid)));
    try {
      await listen(server, address);
      if (process.platform !== "win32") await chmod(address, 0o600);
      // The lock must never keep a stopping process alive.
      server.unref();
      let released = false;
      return {
        release: () =>
          new Promise<void>((done) => {
            if (released) return done();
            released = true;
            server.close(() => done());
          }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    }
    const owner = await lockOwner(address);
    if (owner !== undefined) throw new DataDirLockedError(resolve(dataDir), owner);
    // Left by a process that is gone: nothing listens on it any more.
    await unlink(address).catch(() => {});
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}: another server is starting on it`);
}

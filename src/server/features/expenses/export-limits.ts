import type { FastifyReply } from "fastify";
import { AppError } from "../../errors";
import { UserSlots } from "../../http/user-slots";

/*
 * What one person's downloads of GET /api/expenses/export.csv may take from the server
 * (docs/product.md#exporting-to-csv): the export holds no database connection while it waits for
 * its reader (export.ts), but each one running is a socket, buffers and a page query every
 * thousand rows, so a person runs at most EXPORTS_PER_USER at once, and a reply whose reader
 * stopped reading is cut after EXPORT_STALL_MS.
 */

/** Two: the file and one more started by mistake or from a second device. */
export const EXPORTS_PER_USER = 2;

/** A reader that takes no byte for this long has gone (a phone put away, a stuck client). */
export const EXPORT_STALL_MS = 30_000;

/** The exports each user has running in this process (http/user-slots.ts). */
export const exportSlots = (perUser = EXPORTS_PER_USER) =>
  new UserSlots(perUser, () => new AppError("too_many_exports"));

/** How many times per stall delay the watchdog looks at the socket. */
const STALL_CHECKS = 10;

/**
 * The socket's progress: the bytes it handed to the kernel (`bytesWritten` counts the ones still
 * queued in it too), and whether anything waits on the reader at all.
 */
const progressOf = (socket: { bytesWritten: number; writableLength: number }) => ({
  sent: socket.bytesWritten - socket.writableLength,
  waiting: socket.writableLength > 0,
});

/**
 * Holds a slot for as long as the reply is open: 'close' comes once the file is sent, when the
 * reply fails, and when the reader disconnects or is cut for stalling. The reply is destroyed
 * once its socket has had bytes waiting and sent none for `stallMs`; Fastify then destroys the
 * CSV stream, which stops reading pages. Not Node's socket idle timer (`setTimeout`): it re-arms
 * itself lazily and fires between one and two times its delay (a documented 30 s cut came at
 * ~60 s). The socket is looked at every `stallMs / 10`, so the cut comes between `stallMs` and
 * 11/10 of it after the last byte moved (30 to 33 s, within the documented 30 ± 5 s:
 * docs/product.md#exporting-to-csv).
 */
export function holdWhileOpen(reply: FastifyReply, release: () => void, stallMs: number) {
  // Closed already (the client left before the export started): its 'close' has been.
  if (reply.raw.closed) return release();
  const { socket } = reply.raw;
  let last = socket ? progressOf(socket).sent : 0;
  let movedAt = Date.now();
  const watchdog = setInterval(() => {
    if (!socket) return;
    const now = progressOf(socket);
    // A reply with nothing queued is waiting on its own pages, not on its reader.
    if (now.sent !== last || !now.waiting) {
      last = now.sent;
      movedAt = Date.now();
    } else if (Date.now() - movedAt >= stallMs) {
      reply.raw.destroy();
    }
  }, stallMs / STALL_CHECKS);
  watchdog.unref();
  reply.raw.once("close", () => {
    clearInterval(watchdog);
    release();
  });
}

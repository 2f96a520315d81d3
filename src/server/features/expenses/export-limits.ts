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

/**
 * Holds a slot for as long as the reply is open: 'close' comes once the file is sent, when the
 * reply fails, and when the reader disconnects or is cut for stalling. The reply is destroyed
 * when its socket moves no byte for `stallMs` (Node's socket idle timer, which a write waiting on
 * a full socket buffer does not reset); Fastify then destroys the CSV stream, which stops reading
 * pages.
 */
export function holdWhileOpen(reply: FastifyReply, release: () => void, stallMs: number) {
  reply.raw.once("close", release);
  reply.raw.setTimeout(stallMs, () => reply.raw.destroy());
}

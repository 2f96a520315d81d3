import type { FastifyReply } from "fastify";
import { AppError } from "../../errors";

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

/**
 * The exports each user has running in this process. With several app processes on one
 * DATABASE_URL each counts its own (a person's requests rarely spread over processes, and the
 * limit is about what one process holds).
 */
export class ExportSlots {
  private readonly running = new Map<string, number>();

  constructor(private readonly perUser = EXPORTS_PER_USER) {}

  /** Takes one of the user's slots, or refuses with 429; the function returned gives it back once. */
  take(userId: string): () => void {
    const count = this.running.get(userId) ?? 0;
    if (count >= this.perUser) throw new AppError("too_many_exports");
    this.running.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
  }
}

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

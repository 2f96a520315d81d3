import type { FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { AppError } from "../errors";

/**
 * JSON bodies of a family's read calls that cost the database far more than reading them back
 * (a month's summary, a month's list, the first page of the expenses), kept by each app process
 * under the family's data version.
 *
 * The version comes from the request's one authentication statement (http/sessions.ts), and the
 * database moves it in the same transaction as every change to the family's expenses or
 * categories (migration 0004's triggers), whichever process or path made the change. A body is
 * always computed after the version it is stored under was read, so it holds at least that
 * version's data: a request never gets an answer older than what the database held when it
 * started, on any process, with no message between processes. docs/internals/data.md, "Reads that
 * stay fast".
 */

/** Per process: a few hundred months and first pages of busy families. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Ten years of expenses in one body (GET /api/expenses) would crowd out everyone's months. */
const MAX_ENTRY_BYTES = 1024 * 1024;

export class FamilyJsonCache {
  private readonly bodies = new LRUCache<string, Buffer>({
    maxSize: MAX_BYTES,
    maxEntrySize: MAX_ENTRY_BYTES,
    sizeCalculation: (body) => Math.max(1, body.byteLength),
  });

  /**
   * The body of `call` for the caller's family at the version read with the session, computed by
   * `compute` when this process has not written it yet. Kept as UTF-8 bytes, which the reply
   * writes without encoding the text again.
   */
  async json(request: FastifyRequest, call: string, compute: () => Promise<string>) {
    const membership = request.auth?.membership;
    if (!membership) throw new AppError("not_in_family");
    // Per reader too: another member's private expense reads differently for its author
    // (docs/product.md#private-expenses, db/seen-by.ts).
    const key = `${membership.familyId}:${membership.dataVersion}:${request.auth?.user?.id}:${call}`;
    const kept = this.bodies.get(key);
    if (kept !== undefined) return kept;
    const body = Buffer.from(await compute());
    this.bodies.set(key, body);
    return body;
  }
}

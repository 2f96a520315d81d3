import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { requireUser } from "./authentication";
import { UserSlots } from "./user-slots";

/**
 * The reads that cost the server most per request, measured on a family of 40,000 expenses and
 * 9,000 incomes in a month (docs/benchmarks.md#parallel-heavy-reads): the unpaged expense list
 * (GET /api/expenses, up to 10,000 rows and ~150 ms even when it refuses more), a month of
 * incomes (GET /api/incomes, up to 10,000 rows: 3.8 MB in ~190 ms), the balances of all time and
 * the lines behind one (GET /api/balances, /api/balances/lines: ~120 ms of sums over every
 * expense's shares) and a search of the Expenses screen (GET /api/expenses/page with `search`:
 * 40-70 ms over ten years). The month's summary, the trend, the history and a page without a
 * search answer in under 20 ms and are not counted. Each one running holds a pooled connection
 * and, for the lists, megabytes of rows and JSON: a person runs at most HEAVY_READS_PER_USER of
 * them at once in this process, together, and one more is a translated 429 at once. Like the
 * export's (features/expenses/export-limits.ts), the slot comes back on the reply's 'close':
 * answered, failed, or the client gone.
 */

/** A screen's reads together (balances and their lines, a month's incomes, a search) and a refetch. */
export const HEAVY_READS_PER_USER = 4;

declare module "fastify" {
  interface FastifyInstance {
    /** Each person's heavy reads running in this process (http/heavy-reads.ts). */
    heavyReads: UserSlots;
  }
}

export const heavyReadSlots = (perUser = HEAVY_READS_PER_USER) =>
  new UserSlots(
    perUser,
    () =>
      new AppError("rate_limited", {
        messageKey: "errors.heavy_reads_busy",
        params: { max: perUser },
      }),
  );

/** A heavy read's preHandler: takes one of the caller's slots until the reply closes. */
export async function limitHeavyRead(request: FastifyRequest, reply: FastifyReply) {
  const release = request.server.heavyReads.take(requireUser(request).id);
  reply.raw.once("close", release);
}

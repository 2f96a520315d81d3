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
 * them at once in this process, together, and one more is a translated 429 at once; and the
 * process runs at most HEAVY_READS_AT_ONCE of everyone's at the same moment (README.md's
 * configuration), the others waiting for a turn. Like the export's
 * (features/expenses/export-limits.ts), slots and turns come back on the reply's 'close':
 * answered, failed, or the client gone.
 */

/** A screen's reads together (balances and their lines, a month's incomes, a search) and a refetch. */
export const HEAVY_READS_PER_USER = 4;
/**
 * Heavy reads waiting for a turn, everyone's together: past this many, one more is refused at
 * once (a screen shows the refusal; waiting longer would only answer after it gave up).
 */
export const HEAVY_READS_WAITING = 32;

declare module "fastify" {
  interface FastifyInstance {
    /** Heavy reads running and waiting in this process (http/heavy-reads.ts). */
    heavyReads: HeavyReads;
  }
}

type Waiter = { start: () => void; leave: () => void };

/**
 * Each person's heavy reads (at most `perUser` at once, a 429 past it), and the process's turns:
 * at most `atOnce` run at the same moment, everyone's together, and the others wait in order of
 * arrival. The per-person cap alone let six people run 24 at once: /api/health's p99 was 910 ms
 * (docs/benchmarks.md#parallel-heavy-reads). A waiting read holds its socket only, no pooled
 * connection and no rows.
 */
export class HeavyReads {
  private readonly people: UserSlots;
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly atOnce: number,
    perUser = HEAVY_READS_PER_USER,
    private readonly maxWaiting = HEAVY_READS_WAITING,
  ) {
    this.people = new UserSlots(
      perUser,
      () =>
        new AppError("rate_limited", {
          messageKey: "errors.heavy_reads_busy",
          params: { max: perUser },
        }),
    );
  }

  /**
   * Takes one of the person's slots and then a turn, both given back when the reply closes
   * (answered, failed, or the client gone); a reply closed while it waits leaves the queue.
   */
  async enter(userId: string, reply: FastifyReply): Promise<void> {
    // A reply closed already (the client left while it was signed in) would never give back
    // what it took: its 'close' has been.
    if (reply.raw.closed) throw new AppError("bad_request");
    const releasePerson = this.people.take(userId);
    reply.raw.once("close", releasePerson);
    if (this.running < this.atOnce) return this.start(reply);
    if (this.waiting.length >= this.maxWaiting) {
      throw new AppError("rate_limited", { messageKey: "errors.heavy_reads_full" });
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          reply.raw.off("close", waiter.leave);
          this.start(reply);
          resolve();
        },
        leave: () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          // No one reads this answer: the client left while the read waited.
          reject(new AppError("bad_request"));
        },
      };
      this.waiting.push(waiter);
      reply.raw.once("close", waiter.leave);
    });
  }

  private start(reply: FastifyReply) {
    this.running++;
    reply.raw.once("close", () => {
      this.running--;
      this.waiting.shift()?.start();
    });
  }
}

/** A heavy read's preHandler: the caller's slot and a turn, until the reply closes. */
export async function limitHeavyRead(request: FastifyRequest, reply: FastifyReply) {
  await request.server.heavyReads.enter(requireUser(request).id, reply);
}

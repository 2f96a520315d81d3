import { createHash } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { attemptCounters } from "../db/schema";

/**
 * Fixed-window attempt counters for the rate limits of docs/product.md#rate-limits, kept in the
 * database table `attempt_counters` so every app process on one PostgreSQL shares them
 * (docs/decisions/002-rate-limits.md). An attempt is counted BEFORE the work it guards (argon2,
 * a token or invite lookup) with one atomic upsert that returns the new count: N parallel
 * requests get counts 1..N, so at most `max` of them go on, whatever the timing. A limit that
 * must count failures only (logins) takes the attempt back once it succeeded. Windows follow the
 * injected clock, so tests can prove a window ends.
 */

const PRUNE_EVERY_MS = 10 * 60_000;
/** Rows whose window started longer ago than this are gone for every limit. */
const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

/** The table and the pruning shared by every limit of an app. */
export class AttemptCounters {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    readonly db: Db,
    readonly clock: Clock,
  ) {}

  limiter(name: string, windowMs: number, max: number): AttemptLimiter {
    if (windowMs > LONGEST_WINDOW_MS) throw new Error(`${name}: a window is at most a day`);
    return new AttemptLimiter(this, name, windowMs, max);
  }

  /**
   * Deletes rows whose window ended long ago, at most every ten minutes per process, so the
   * table holds only the keys seen lately (one cheap indexed delete; any process may do it).
   */
  async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.db
      .delete(attemptCounters)
      .where(lt(attemptCounters.windowStartedAt, new Date(now.getTime() - LONGEST_WINDOW_MS)));
  }
}

export class AttemptLimiter {
  constructor(
    private readonly counters: AttemptCounters,
    private readonly name: string,
    private readonly windowMs: number,
    readonly max: number,
  ) {}

  /**
   * The row's key: the limit's name and a digest of what is limited, so the table keeps no
   * e-mail address or IP in clear and every key has the same small size.
   */
  private rowKey(key: string) {
    return `${this.name}:${createHash("sha256").update(key).digest("base64url")}`;
  }

  /** Counts an attempt and says whether it went over the limit (the attempt must then stop). */
  async hit(key: string): Promise<boolean> {
    const now = this.counters.clock.now();
    await this.counters.pruneNowAndThen(now);
    const expired = sql`${attemptCounters.windowStartedAt} <= ${new Date(now.getTime() - this.windowMs)}`;
    // One statement: a new key starts a window at 1; an expired window starts again at 1; else +1.
    // Both SET expressions read the row as it was, and the row lock orders parallel upserts.
    const [row] = await this.counters.db
      .insert(attemptCounters)
      .values({ key: this.rowKey(key), windowStartedAt: now, count: 1 })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          windowStartedAt: sql`case when ${expired} then ${now} else ${attemptCounters.windowStartedAt} end`,
          count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
        },
      })
      .returning({ count: attemptCounters.count });
    return (row?.count ?? 0) > this.max;
  }

  /** Takes back an attempt counted in the current window (a login that succeeded). */
  async takeBack(key: string): Promise<void> {
    const now = this.counters.clock.now();
    await this.counters.db
      .update(attemptCounters)
      .set({ count: sql`${attemptCounters.count} - 1` })
      .where(
        and(
          eq(attemptCounters.key, this.rowKey(key)),
          gt(attemptCounters.count, 0),
          gt(attemptCounters.windowStartedAt, new Date(now.getTime() - this.windowMs)),
        ),
      );
  }
}

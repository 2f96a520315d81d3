import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { BackgroundJob } from "../../background-jobs";
import { type Clock, localToday } from "../../clock";
import type { Db } from "../../db/client";

type AlertsDueJob = BackgroundJob & {
  /** Checks the held periods that have started now (or waits for the run under way). */
  run(): Promise<void>;
};

const MINUTE = 60_000;

/**
 * Budget alerts of periods that were still to come when their spending was written (an
 * installment plan's next months): the alert trigger held a check for each, and this job, in every
 * app process, checks those whose period has started by the local day, at start, every minute and
 * a second after local midnight (docs/product.md#budget-alerts). Exactly once across processes:
 * `budget_alerts_come_due` deletes each check in the transaction that checks it, and an alert is
 * still once per category, period and threshold (db/functions/budget-alerts.sql). The families
 * alerted hear of it (their bells) and their e-mails go out at once.
 */
export function alertsDueJob(deps: {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  alerted: (familyIds: string[]) => Promise<void> | void;
  intervalMs?: number;
}): AlertsDueJob {
  let running: Promise<void> | undefined;
  let stopped = true;
  let interval: NodeJS.Timeout | undefined;
  let midnight: NodeJS.Timeout | undefined;

  const check = async () => {
    try {
      const today = localToday(deps.clock);
      const result = await deps.db.execute(
        sql`select family_id from budget_alerts_come_due(${today}::date) as family_id`,
      );
      const families = (result as unknown as { rows: { family_id: string }[] }).rows.map(
        (row) => row.family_id,
      );
      if (families.length > 0) {
        deps.log.info({ families: families.length }, "budget alerts of periods that started");
        await deps.alerted(families);
      }
    } catch (error) {
      deps.log.error({ err: error }, "budget alerts of periods that started: check failed");
    }
  };

  // One run at a time per process: a slow run is not overlapped by the next tick.
  const run = () => {
    if (stopped) return running ?? Promise.resolve();
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };

  const scheduleMidnight = () => {
    const now = deps.clock.now();
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 1);
    midnight = setTimeout(() => {
      void run();
      scheduleMidnight();
    }, next.getTime() - now.getTime());
    midnight.unref();
  };

  return {
    run,
    start() {
      if (!stopped) return;
      stopped = false;
      interval = setInterval(() => void run(), deps.intervalMs ?? MINUTE);
      interval.unref();
      scheduleMidnight();
      void run();
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(midnight);
      await running;
    },
  };
}

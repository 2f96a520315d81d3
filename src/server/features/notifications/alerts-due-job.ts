import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { dueByTodayJob, type RunnableJob } from "../../background-jobs";
import { type Clock, localToday } from "../../clock";
import type { Db } from "../../db/client";

/**
 * Budget alerts of periods that were still to come when their spending was written (an
 * installment plan's next months): the alert trigger held a check for each, and this job, in every
 * app process, checks those whose period has started by the local day, at start, every minute and
 * a second after local midnight (`dueByTodayJob`, docs/product.md#budget-alerts). Exactly once
 * across processes: `budget_alerts_come_due` deletes each check in the transaction that checks
 * it, and an alert is still once per category, period and threshold
 * (db/functions/budget-alerts.sql). The families alerted hear of it (their bells) and their
 * e-mails go out at once.
 */
export function alertsDueJob(deps: {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  alerted: (familyIds: string[]) => Promise<void> | void;
  intervalMs?: number;
}): RunnableJob {
  return dueByTodayJob(async () => {
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
  }, deps);
}

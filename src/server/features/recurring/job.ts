import type { FastifyBaseLogger } from "fastify";
import { dueByTodayJob, type RunnableJob } from "../../background-jobs";
import { type Clock, localToday } from "../../clock";
import type { ExpenseWrites } from "../../expense-writes/writes";
import { type GenerationLimits, generateDueOccurrences } from "./generate";

/**
 * The background generation of recurring expenses and incomes in every app process (background-jobs.ts):
 * at start (dates missed while the app was down), every minute and a second after local midnight,
 * so a day's bills appear as the day begins (`dueByTodayJob`). Several processes may run it
 * together (generate.ts). Never on the request path: a failure is logged and the next run tries
 * again. The expenses and incomes are written in the ledger's unit of work, whose fan-out tells
 * of them after each batch's commit (so their budget alerts are mailed at once).
 */
export function recurringJob(deps: {
  writes: ExpenseWrites;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  limits: GenerationLimits;
  intervalMs?: number;
}): RunnableJob {
  return dueByTodayJob(async () => {
    try {
      const today = localToday(deps.clock);
      const result = await generateDueOccurrences(deps.writes, today, deps.limits);
      if (result.expenses > 0 || result.incomes > 0) {
        deps.log.info(result, "recurring entries created");
      }
    } catch (error) {
      deps.log.error({ err: error }, "recurring expenses: generation failed");
    }
  }, deps);
}

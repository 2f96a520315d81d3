import type { FastifyBaseLogger } from "fastify";
import type { BackgroundJob } from "../../background-jobs";
import { type Clock, localToday } from "../../clock";
import type { ExpenseWrites } from "../../expense-writes/writes";
import type { IncomeWrites } from "../../income-writes/writes";
import { type GenerationLimits, generateDueOccurrences } from "./generate";

export type RecurringJob = BackgroundJob & {
  /** Runs a generation now (or waits for the one under way) and settles when it is done. */
  run(): Promise<void>;
};

const MINUTE = 60_000;

/**
 * The background generation of recurring expenses and incomes in every app process (background-jobs.ts):
 * once at start (dates missed while the app was down), then every minute and a second after
 * local midnight, so a day's bills appear as the day begins. Several processes may run it
 * together (generate.ts). Never on the request path: a failure is logged and the next run tries
 * again. The expenses go through the expense write module, which announces them after each
 * batch's commit (so their budget alerts are mailed at once); the incomes through the income door.
 */
export function recurringJob(deps: {
  writes: ExpenseWrites;
  incomes: IncomeWrites;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  limits: GenerationLimits;
  intervalMs?: number;
}): RecurringJob {
  let running: Promise<void> | undefined;
  let stopped = true;
  let interval: NodeJS.Timeout | undefined;
  let midnight: NodeJS.Timeout | undefined;

  const generate = async () => {
    try {
      const today = localToday(deps.clock);
      const result = await generateDueOccurrences(deps.writes, deps.incomes, today, deps.limits);
      if (result.expenses > 0 || result.incomes > 0) {
        deps.log.info(result, "recurring entries created");
      }
    } catch (error) {
      deps.log.error({ err: error }, "recurring expenses: generation failed");
    }
  };

  // One run at a time per process: a slow run is not overlapped by the next tick.
  const run = () => {
    if (stopped) return running ?? Promise.resolve();
    running ??= generate().finally(() => {
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

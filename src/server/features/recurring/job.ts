import type { FastifyBaseLogger } from "fastify";
import { type Clock, localToday } from "../../clock";
import type { Db } from "../../db/client";
import { type GenerationLimits, generateDueOccurrences } from "./generate";

export type RecurringJob = {
  /** Runs a generation now (or waits for the one under way) and settles when it is done. */
  run(): Promise<void>;
  /** No more runs; settles when the one under way has finished. */
  stop(): Promise<void>;
};

const MINUTE = 60_000;

/**
 * The background generation of recurring expenses in every app process: once at start (dates
 * missed while the app was down), then every minute and a second after local midnight, so a
 * day's bills appear as the day begins. Several processes may run it together (generate.ts).
 * Never on the request path: a failure is logged and the next run tries again.
 */
export function startRecurringJob(deps: {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  limits: GenerationLimits;
  intervalMs?: number;
}): RecurringJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  let midnight: NodeJS.Timeout | undefined;

  const generate = async () => {
    try {
      const result = await generateDueOccurrences(deps.db, localToday(deps.clock), deps.limits);
      if (result.expenses > 0) deps.log.info(result, "recurring expenses created");
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

  const interval = setInterval(() => void run(), deps.intervalMs ?? MINUTE);
  interval.unref();
  scheduleMidnight();
  void run();

  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(midnight);
      await running;
    },
  };
}

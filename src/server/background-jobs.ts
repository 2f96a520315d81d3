import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Clock } from "./clock";
import { backupIsDue, writeBackup } from "./db/backup";

/**
 * Work an app process does on its own, off the request path: the budget alert mail outbox
 * (features/notifications/alert-mail-outbox.ts), the alerts of periods as they start
 * (features/notifications/alerts-due-job.ts), the recurring expenses
 * (features/recurring/job.ts) and, on the embedded database, the daily backup (below). Each has
 * one shape: built and registered when the app is built (app.ts), started by main.ts once the
 * server listens (tests build apps that never start them), stopped when the app closes. A job
 * that fails logs it and tries again at its next turn; none ever takes the process down.
 */
export type BackgroundJob = {
  /** Sets its timers going (and any first run); a second start does nothing. */
  start(): void;
  /** No more runs; settles when the one under way has finished. */
  stop(): Promise<void>;
};

/** The app's background jobs, in the order they were registered. */
export class BackgroundJobs {
  private readonly jobs: BackgroundJob[] = [];

  add<Job extends BackgroundJob>(job: Job): Job {
    this.jobs.push(job);
    return job;
  }

  /** In the order registered: the alert outbox first, so it is there for what the others write. */
  start(): void {
    for (const job of this.jobs) job.start();
  }

  /**
   * In the reverse order, each waiting for its run under way: what writes expenses stops before
   * the outbox that mails their alerts, and nothing runs once the database is closed after.
   */
  async stop(): Promise<void> {
    for (const job of [...this.jobs].reverse()) await job.stop();
  }
}

/** A job that can also be run now: a run, or the one under way, settling when it is done. */
export type RunnableJob = BackgroundJob & { run(): Promise<void> };

const MINUTE = 60_000;

/**
 * The schedule of the jobs whose work is "what is due by today": once at start (what came due
 * while the app was down), then every minute and a second after local midnight, so a day's work is
 * done as the day begins. One run at a time per process: a slow run is not overlapped by the next
 * tick. `work` never throws (it logs its failures); the next turn tries again.
 */
export function dueByTodayJob(
  work: () => Promise<void>,
  deps: { clock: Clock; intervalMs?: number },
): RunnableJob {
  let running: Promise<void> | undefined;
  let stopped = true;
  let interval: NodeJS.Timeout | undefined;
  let midnight: NodeJS.Timeout | undefined;

  const run = () => {
    if (stopped) return running ?? Promise.resolve();
    running ??= work().finally(() => {
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

const HOUR = 60 * 60 * 1000;
/** A restart serves its first requests before a backup reads the whole database. */
const FIRST_BACKUP_CHECK_MS = 5 * 60 * 1000;

/**
 * A daily backup of the embedded database, the last 7 kept (db/backup.ts): checked every hour,
 * the first time a few minutes after start. It reads one consistent snapshot while requests go
 * on.
 */
export function dailyBackupJob(deps: {
  pool: pg.Pool;
  dataDir: string;
  log: Pick<FastifyBaseLogger, "info" | "error">;
}): BackgroundJob {
  let hourly: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  const backupIfDue = async () => {
    try {
      if (!(await backupIsDue(deps.dataDir))) return;
      const file = await writeBackup(deps.pool, deps.dataDir);
      deps.log.info({ file }, "daily backup written");
    } catch (error) {
      deps.log.error({ err: error }, "backup failed");
    }
  };
  const check = () => {
    if (stopped || running) return;
    running = backupIfDue().finally(() => {
      running = undefined;
    });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      hourly = setInterval(check, HOUR);
      first = setTimeout(check, FIRST_BACKUP_CHECK_MS);
      hourly.unref();
      first.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(hourly);
      clearTimeout(first);
      await running;
    },
  };
}

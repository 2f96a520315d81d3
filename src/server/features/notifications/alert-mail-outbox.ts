import { asc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { BackgroundJob } from "../../background-jobs";
import type { Db } from "../../db/client";
import { budgetAlerts, notifications, users } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import { budgetAlertMail } from "../../mail/templates";
import { budgetAlertOf } from "./service";

/** After this many failed sends a mail is given up ('failed'); the bell still has the alert. */
export const MAX_EMAIL_ATTEMPTS = 5;
const POLL_INTERVAL_MS = 5_000;

export type AlertMailOutboxOptions = {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  now: () => Date;
  pollIntervalMs?: number;
};

/**
 * Sends the budget alert e-mails the database queued (notifications.email_status 'pending',
 * written by the budget alerts trigger in the expense's own transaction: src/server/db/functions/
 * budget-alerts.sql), so a mail goes out only after the expense committed and the request that
 * added it never waits for SMTP.
 *
 * Every app process runs one, as a background job (background-jobs.ts): it polls every few
 * seconds (an expense written by another process or psql is found this way) and is nudged as
 * soon as this process's ledger fans out a committed expense change (ledger/fan-out.ts; app.ts
 * subscribes it), whichever path wrote the expenses.
 * Each mail is claimed with FOR UPDATE SKIP LOCKED and marked sent in the same transaction, so two
 * processes never send the same one; a process dying between the SMTP answer and the commit is
 * the one case where a mail could go twice (never none). A failed send counts an attempt and
 * waits for the next poll; after MAX_EMAIL_ATTEMPTS the mail is 'failed'.
 */
export class AlertMailOutbox implements BackgroundJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private closing = false;

  constructor(private readonly options: AlertMailOutboxOptions) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.timer = setInterval(() => this.nudge(), this.options.pollIntervalMs ?? POLL_INTERVAL_MS);
    this.timer.unref();
    this.nudge();
  }

  /** Waits for a send in progress, so the mailer and database are not closed under it. */
  async stop() {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Sends what is pending soon; a no-op while stopped. Never runs two drains at once. */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, "alert mail outbox failed"))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Sends every pending mail it can claim; stops at the first SMTP failure (next poll retries). */
  async drain(): Promise<number> {
    let sent = 0;
    while (!this.closing) {
      const outcome = await this.sendOne();
      if (outcome === "none" || outcome === "failed") break;
      if (outcome === "sent") sent += 1;
    }
    return sent;
  }

  private sendOne(): Promise<"none" | "sent" | "skipped" | "failed"> {
    const { db, mailer, appUrl, now } = this.options;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: notifications.id,
          attempts: notifications.emailAttempts,
          email: users.email,
          name: users.name,
          language: users.preferredLanguage,
          wantsEmail: users.budgetAlertEmails,
          alert: budgetAlerts,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .innerJoin(budgetAlerts, eq(budgetAlerts.id, notifications.budgetAlertId))
        .where(eq(notifications.emailStatus, "pending"))
        .orderBy(asc(notifications.createdAt))
        .limit(1)
        .for("update", { of: notifications, skipLocked: true });
      if (!row) return "none";
      const done = (set: {
        emailStatus: "sent" | "skipped" | "failed" | "pending";
        emailAttempts?: number;
        emailSentAt?: Date;
      }) => tx.update(notifications).set(set).where(eq(notifications.id, row.id));
      // Turned off between the alert and now: the member asked for no more mails.
      if (!row.wantsEmail) {
        await done({ emailStatus: "skipped" });
        return "skipped";
      }
      const { alert } = row;
      const [year, month] = alert.periodStart.split("-").map(Number);
      const message = budgetAlertMail(
        row.language,
        row.email,
        row.name ?? row.email,
        budgetAlertOf(alert),
        `${appUrl}/?month=${month}&year=${year}`,
      );
      try {
        await mailer.send(message);
      } catch (error) {
        const attempts = row.attempts + 1;
        this.options.log.warn(
          { err: error, notification: row.id, attempts },
          "budget alert mail not sent",
        );
        await done({
          emailAttempts: attempts,
          emailStatus: attempts >= MAX_EMAIL_ATTEMPTS ? "failed" : "pending",
        });
        return "failed";
      }
      await done({
        emailStatus: "sent",
        emailAttempts: row.attempts + 1,
        emailSentAt: now(),
      });
      return "sent";
    });
  }
}

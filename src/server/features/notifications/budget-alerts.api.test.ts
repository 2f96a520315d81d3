import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysInMonth } from "../../../contract/calendar";
import type { Category } from "../../../contract/categories";
import type { HistoryPage } from "../../../contract/history";
import type { NotificationList } from "../../../contract/notifications";
import { localToday, systemClock } from "../../clock";
import { budgetAlerts, expenses, notifications } from "../../db/schema";
import { createMailer } from "../../mail/mailer";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createCategory, createExpense, signUpWithFamily } from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";
import { AlertMailOutbox, MAX_EMAIL_ATTEMPTS } from "./alert-mail-outbox";
import { alertsDueJob } from "./alerts-due-job";

/**
 * Budget alerts (docs/product.md#budget-alerts): decided by the database's trigger
 * (src/server/db/functions/budget-alerts.sql) whatever writes the expense, told once per
 * category, threshold and period to every member, and mailed once through a real SMTP server on
 * loopback in each member's language, at once after any of the app's expense writes.
 */

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let smtpFailures = 0;
let smtp: SMTPServer;
let smtpUrl: string;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        if (smtpFailures > 0) {
          smtpFailures -= 1;
          callback(Object.assign(new Error("try again later"), { responseCode: 451 }));
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { SMTP_URL: smtpUrl, APP_URL: "https://budget.example.org" },
    // Once started, the app's outbox looks on its own only hourly here: a mail sent within
    // seconds of a write was sent because the write announced it (expense-writes/writes.ts).
    alertMailPollMs: 60 * 60 * 1000,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/**
 * Calendar months from this one ("YYYY-MM"): this month's periods have started, so a write alerts
 * at once; a later month's wait for its check when it starts (budget_alerts_come_due).
 */
const monthAhead = (months: number) => {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return date.toISOString().slice(0, 7);
};
const thisMonth = monthAhead(0);
const next = monthAhead(1);
const day = (month: string, d: number) => `${month}-${String(d).padStart(2, "0")}`;

async function familyOfTwo() {
  const owner = await signUpWithFamily(t.app, { language: "pt" });
  const member = await signUp(t.app, { preferredLanguage: "es", name: "Mario Member" });
  const invite = await t.app.inject({
    method: "POST",
    url: "/api/family/invite",
    headers: { cookie: owner.cookie },
  });
  const joined = await t.app.inject({
    method: "POST",
    url: "/api/family/join",
    headers: { cookie: member.cookie },
    payload: { inviteCode: invite.json().inviteCode },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return { owner, member, familyId: owner.familyId };
}

const budget = (app: TestApp["app"], who: SignedIn, monthlyBudget: string, weeklyBudget = "0") =>
  createCategory(app, who, { name: "Alimentação", monthlyBudget, weeklyBudget });

// The 1st: its month and its first week bucket have started, whatever today is.
const spend = (who: SignedIn, category: Category, amount: string, date = day(thisMonth, 1)) =>
  createExpense(t.app, who, { categoryId: category.id, amount, date });

const alertsOf = (category: Category) =>
  t.database.db
    .select()
    .from(budgetAlerts)
    .where(eq(budgetAlerts.categoryId, category.id))
    .orderBy(budgetAlerts.period, budgetAlerts.periodStart, budgetAlerts.threshold);

const summary = async (category: Category) =>
  (await alertsOf(category)).map((a) => `${a.period} ${a.periodStart} ${a.threshold}`);

async function notificationsOf(who: SignedIn): Promise<NotificationList> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/notifications",
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The background job's check on `today` (features/notifications/alerts-due-job.ts). */
const comeDue = async (today: string) =>
  (
    await t.database.pool.query<{ family_id: string }>(
      "select family_id from budget_alerts_come_due($1::date) as family_id",
      [today],
    )
  ).rows.map((row) => row.family_id);

const notificationCount = async (category: Category) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .innerJoin(budgetAlerts, eq(budgetAlerts.id, notifications.budgetAlertId))
    .where(eq(budgetAlerts.categoryId, category.id));
  return row?.n;
};

const outbox = () =>
  new AlertMailOutbox({
    db: t.database.db,
    mailer: createMailer({ smtpUrl, mailFrom: "budget@example.org" }, t.app.log),
    appUrl: "https://budget.example.org",
    log: t.app.log,
    now: () => new Date(),
  });

const decode = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  )
    .toString("utf8")
    .replace(/[\u00a0\u2009\u202f]/g, " ");
const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));

describe("when spending passes a threshold", () => {
  it("alerts at 80% and then at 100% of the monthly budget, once each, every member", async () => {
    const { owner, member } = await familyOfTwo();
    const food = await budget(t.app, owner, "500.00");
    await spend(owner, food, "300.00");
    await spend(owner, food, "100.00"); // exactly 80%: not past it
    expect(await summary(food)).toEqual([]);

    await spend(member, food, "10.00"); // 82%
    expect(await summary(food)).toEqual([`month ${day(thisMonth, 1)} 80`]);
    const [alert] = await alertsOf(food);
    expect(alert).toMatchObject({ spent: "410.00", budget: "500.00", categoryName: "Alimentação" });
    for (const who of [owner, member]) {
      const list = await notificationsOf(who);
      expect(list.unreadCount).toBe(1);
      expect(list.notifications).toHaveLength(1);
      expect(list.notifications[0]?.alert).toEqual({
        categoryId: food.id,
        categoryName: "Alimentação",
        period: "month",
        periodMonth: day(thisMonth, 1),
        periodStart: day(thisMonth, 1),
        periodEnd: day(
          thisMonth,
          daysInMonth(Number(thisMonth.slice(0, 4)), Number(thisMonth.slice(5, 7))),
        ),
        threshold: 80,
        budget: "500.00",
        spent: "410.00",
      });
    }

    await spend(owner, food, "50.00"); // 92%: past 80% again, nothing new
    expect(await notificationCount(food)).toBe(2);
    await spend(owner, food, "100.00"); // 112%
    expect(await summary(food)).toEqual([
      `month ${day(thisMonth, 1)} 80`,
      `month ${day(thisMonth, 1)} 100`,
    ]);
    await spend(owner, food, "1.00");
    expect(await notificationCount(food)).toBe(4);
    const list = await notificationsOf(member);
    expect(list.notifications.map((n) => n.alert.threshold)).toEqual([100, 80]);
    expect(list.notifications[0]?.alert.spent).toBe("560.00");
  });

  it("alerts per week bucket against the weekly budget, each as it starts; a jump past both tells once", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "0", "100.00");
    await spend(owner, food, "90.00", day(next, 8));
    await spend(owner, food, "50.00", day(next, 15)); // another bucket: its own sum
    await spend(owner, food, "60.00", day(next, 22));
    // Next month's buckets have not started: nothing yet, each checked when it starts.
    expect(await summary(food)).toEqual([]);
    expect(await comeDue(day(next, 8))).toEqual([owner.familyId]);
    expect(await comeDue(day(next, 22))).toEqual([]);
    expect(await summary(food)).toEqual([`week ${day(next, 8)} 80`]);

    // Day 22 to the month's end is one bucket: 60 + 60 passes 80% and 100% in one expense.
    const lastDay = new Date(Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)), 0));
    await spend(owner, food, "60.00", day(next, lastDay.getUTCDate()));
    await comeDue(day(next, 22));
    expect(await summary(food)).toEqual([
      `week ${day(next, 8)} 80`,
      `week ${day(next, 22)} 80`,
      `week ${day(next, 22)} 100`,
    ]);
    const list = await notificationsOf(owner);
    expect(list.notifications.map((n) => `${n.alert.periodStart} ${n.alert.threshold}`)).toEqual([
      `${day(next, 22)} 100`,
      `${day(next, 8)} 80`,
    ]);
  });

  it("saves an expense that takes a period's total past 10^8, an expense's own largest amount", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "99999999.99");
    // Under 80% by a hair, then past 100%: the total no longer fits an expense's numeric(10,2).
    await spend(owner, food, "79999999.99");
    expect(await summary(food)).toEqual([]);
    await spend(owner, food, "99999999.99");
    const alerts = await alertsOf(food);
    expect(alerts.map((a) => `${a.period} ${a.threshold} ${a.spent}`)).toEqual([
      "month 80 179999999.98",
      "month 100 179999999.98",
    ]);
    // And another one in the same period, whose alerts went out already.
    await spend(owner, food, "0.02");
    expect(await summary(food)).toHaveLength(2);
  });

  it("never alerts on a budget of 0 (no budget)", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "0", "0");
    await spend(owner, food, "1000.00");
    expect(await summary(food)).toEqual([]);
  });

  it("sends nothing when an edit or a delete goes back under, nor when passing again", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "100.00");
    const big = await spend(owner, food, "90.00");
    expect(await summary(food)).toEqual([`month ${day(thisMonth, 1)} 80`]);
    const edited = await t.app.inject({
      method: "PATCH",
      url: `/api/expenses/${big.id}`,
      headers: { cookie: owner.cookie },
      payload: { amount: "10.00" },
    });
    expect(edited.statusCode).toBe(200);
    const again = await spend(owner, food, "75.00"); // 85% again
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/expenses/${again.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await spend(owner, food, "80.00"); // 90% again
    expect(await summary(food)).toEqual([`month ${day(thisMonth, 1)} 80`]);
    expect(await notificationCount(food)).toBe(1);

    // An edit that raises spending past the next threshold does alert.
    const raised = await t.app.inject({
      method: "PATCH",
      url: `/api/expenses/${big.id}`,
      headers: { cookie: owner.cookie },
      payload: { amount: "30.00" },
    });
    expect(raised.statusCode).toBe(200);
    expect(await summary(food)).toEqual([
      `month ${day(thisMonth, 1)} 80`,
      `month ${day(thisMonth, 1)} 100`,
    ]);
  });

  it("alerts again in a new month, when it starts: a purchase in 12 over the budget rings once now, once each month after", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "100.00");
    const series = await t.app.inject({
      method: "POST",
      url: "/api/installments",
      headers: { cookie: owner.cookie },
      payload: {
        description: "Geladeira",
        total: "1440.00",
        count: 12,
        firstDate: day(thisMonth, 1),
        categoryId: food.id,
      },
    });
    expect(series.statusCode, series.body).toBe(201);
    // 120.00 a month against 100.00: this month's 100% alert, one notification, nothing ahead.
    expect(await summary(food)).toEqual([
      `month ${day(thisMonth, 1)} 80`,
      `month ${day(thisMonth, 1)} 100`,
    ]);
    expect((await notificationsOf(owner)).unreadCount).toBe(1);
    // Next month starts: its own, once, however many processes check it.
    const checks = await Promise.all([comeDue(day(next, 1)), comeDue(day(next, 1))]);
    expect(checks.flat()).toEqual([owner.familyId]);
    expect(await comeDue(day(next, 2))).toEqual([]);
    expect(await summary(food)).toEqual([
      `month ${day(thisMonth, 1)} 80`,
      `month ${day(thisMonth, 1)} 100`,
      `month ${day(next, 1)} 80`,
      `month ${day(next, 1)} 100`,
    ]);
    expect((await notificationsOf(owner)).unreadCount).toBe(2);
  });

  it("does not alert for a period that ended more than a week ago, nor for example expenses", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "100.00");
    await spend(owner, food, "150.00", day(monthAhead(-3), 10));
    await t.database.db.insert(expenses).values({
      familyId: owner.familyId,
      description: "Exemplo",
      amount: "150.00",
      categoryId: food.id,
      date: day(thisMonth, 10),
      isExample: true,
    });
    expect(await summary(food)).toEqual([]);
  });

  it("alerts once when two members cross 80% together (parallel requests)", async () => {
    const { owner, member } = await familyOfTwo();
    const food = await budget(t.app, owner, "100.00");
    await Promise.all([spend(owner, food, "45.00"), spend(member, food, "45.00")]);
    expect(await summary(food)).toEqual([`month ${day(thisMonth, 1)} 80`]);
    const [alert] = await alertsOf(food);
    expect(alert?.spent).toBe("90.00");
    expect((await notificationsOf(owner)).unreadCount).toBe(1);
    expect((await notificationsOf(member)).unreadCount).toBe(1);
  });

  it("sees the other transaction's committed row after waiting (READ COMMITTED, two connections)", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "100.00");
    const insert = `insert into expenses (family_id, description, amount, category_id, date)
      values ($1, 'Mercado', '45.00', $2, $3)`;
    const args = [owner.familyId, food.id, day(thisMonth, 10)];
    const first = await t.database.pool.connect();
    const second = await t.database.pool.connect();
    try {
      await first.query("begin");
      await first.query(insert, args);
      await second.query("begin");
      // Each alone is 45%: only seeing the other's expense can pass 80%.
      const waiting = second.query(insert, args);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query("commit");
      await waiting;
      await second.query("commit");
    } finally {
      first.release();
      second.release();
    }
    expect(await summary(food)).toEqual([`month ${day(thisMonth, 1)} 80`]);
    expect((await alertsOf(food))[0]?.spent).toBe("90.00");
  });

  it("alerts on a bulk insert (one statement, several rows and categories), as a job or psql writes", async () => {
    const { owner, member, familyId } = await familyOfTwo();
    const food = await budget(t.app, owner, "100.00");
    const home = await createCategory(t.app, owner, {
      name: "Casa",
      monthlyBudget: "1000.00",
      weeklyBudget: "0",
    });
    await t.database.db.insert(expenses).values([
      { familyId, description: "a", amount: "50.00", categoryId: food.id, date: day(thisMonth, 2) },
      {
        familyId,
        description: "b",
        amount: "60.00",
        categoryId: food.id,
        date: day(thisMonth, 20),
      },
      {
        familyId,
        description: "c",
        amount: "850.00",
        categoryId: home.id,
        date: day(thisMonth, 5),
      },
      { familyId, description: "d", amount: "5.00", categoryId: null, date: day(thisMonth, 5) },
    ]);
    expect(await summary(food)).toEqual([
      `month ${day(thisMonth, 1)} 80`,
      `month ${day(thisMonth, 1)} 100`,
    ]);
    expect(await summary(home)).toEqual([`month ${day(thisMonth, 1)} 80`]);
    for (const who of [owner, member]) {
      const list = await notificationsOf(who);
      expect(
        list.notifications.map((n) => `${n.alert.categoryName} ${n.alert.threshold}`).sort(),
      ).toEqual(["Alimentação 100", "Casa 80"]);
    }
  });
});

describe("the notifications API", () => {
  it("marks one read, then all, and never another user's", async () => {
    const { owner, member } = await familyOfTwo();
    const food = await budget(t.app, owner, "100.00");
    await spend(owner, food, "85.00");
    await spend(owner, food, "20.00");
    const mine = await notificationsOf(owner);
    expect(mine.unreadCount).toBe(2);
    const [newest] = mine.notifications;
    const theirs = (await notificationsOf(member)).notifications[0];

    const other = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${theirs?.id}/read`,
      headers: { cookie: owner.cookie },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Não encontrado.");
    expect((await notificationsOf(member)).unreadCount).toBe(2);

    const read = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${newest?.id}/read`,
      headers: { cookie: owner.cookie },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 1 });
    const count = await t.app.inject({
      method: "GET",
      url: "/api/notifications/unread-count",
      headers: { cookie: owner.cookie },
    });
    expect(count.json()).toEqual({ unreadCount: 1 });
    const after = await notificationsOf(owner);
    expect(after.notifications[0]?.readAt).not.toBeNull();
    expect(after.notifications[1]?.readAt).toBeNull();

    const all = await t.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: { cookie: owner.cookie },
    });
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(owner)).notifications.every((n) => n.readAt)).toBe(true);
    expect((await notificationsOf(member)).unreadCount).toBe(2);

    const bad = await t.app.inject({
      method: "POST",
      url: "/api/notifications/not-a-uuid/read",
      headers: { cookie: owner.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: "id", message: "Valor inválido" }]);
  });

  it("lets each member turn the e-mails off and on in the profile", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const off = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: owner.cookie },
      payload: { budgetAlertEmails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ budgetAlertEmails: false });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: owner.cookie },
    });
    expect(me.json().budgetAlertEmails).toBe(false);
    const bad = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: owner.cookie },
      payload: { budgetAlertEmails: "no" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: "budgetAlertEmails", message: "Valor inválido" }]);
    const on = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: owner.cookie },
      payload: { budgetAlertEmails: true },
    });
    expect(on.json()).toMatchObject({ budgetAlertEmails: true });
  });
});

describe("the alert e-mails", () => {
  it("go out once each, over SMTP, in each member's language", async () => {
    const { owner, member } = await familyOfTwo();
    const food = await budget(t.app, owner, "500.00");
    await spend(owner, food, "410.00", day(thisMonth, 10));
    const sender = outbox();
    expect(await sender.drain()).toBeGreaterThanOrEqual(2);
    expect(await sender.drain()).toBe(0);
    // A second process's sender finds nothing left either.
    expect(await outbox().drain()).toBe(0);

    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(1);
    const [year, month] = thisMonth.split("-");
    const first = new Date(Date.UTC(Number(year), Number(month) - 1, 1));
    const monthName = (locale: string) =>
      new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(first);
    const monthNames = { pt: monthName("pt-BR"), es: monthName("es-US") };
    const pt = decode(mailsTo(owner.email)[0]?.raw ?? "");
    expect(pt).toContain(
      `Alimentação passou de 80% do orçamento mensal de ${monthNames.pt} de ${year}: R$ 410,00 de R$ 500,00`,
    );
    expect(pt).toContain(`https://budget.example.org/?month=${Number(month)}&year=${year}`);
    expect(pt).toContain("Você pode desligar estes e-mails no seu Perfil.");
    const es = decode(mailsTo(member.email)[0]?.raw ?? "");
    expect(es).toContain(
      `Alimentação superó el 80% del presupuesto mensual de ${monthNames.es} de ${year}: $410.00 de $500.00`,
    );
    const rows = await t.database.db
      .select({ status: notifications.emailStatus, sentAt: notifications.emailSentAt })
      .from(notifications)
      .innerJoin(budgetAlerts, eq(budgetAlerts.id, notifications.budgetAlertId))
      .where(eq(budgetAlerts.categoryId, food.id));
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(rows.every((r) => r.sentAt)).toBe(true);
  });

  it("are sent by the running app on its own after an expense is added", async () => {
    const owner = await signUpWithFamily(t.app, { language: "en" });
    const food = await budget(t.app, owner, "100.00");
    t.app.alertMail.start();
    try {
      await spend(owner, food, "90.00");
      await expect.poll(() => mailsTo(owner.email).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await t.app.alertMail.stop();
    }
    const mail = decode(mailsTo(owner.email)[0]?.raw ?? "");
    expect(mail).toContain("passed 80% of the monthly budget for");
    expect(mail).toContain(": $90.00 of $100.00");
  });

  it("are not sent to a member who turned them off: the bell only", async () => {
    const { owner, member } = await familyOfTwo();
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: member.cookie },
      payload: { budgetAlertEmails: false },
    });
    const food = await budget(t.app, owner, "100.00");
    await spend(owner, food, "90.00");
    await outbox().drain();
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(0);
    expect((await notificationsOf(member)).unreadCount).toBe(1);
    const [row] = await t.database.db
      .select({ status: notifications.emailStatus })
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(row?.status).toBe("skipped");
  });

  it("are retried while SMTP fails, sent once when it recovers, and given up after the limit", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "100.00");
    await spend(owner, food, "90.00");
    const sender = outbox();
    smtpFailures = 2;
    expect(await sender.drain()).toBe(0);
    expect(await sender.drain()).toBe(0);
    expect(mailsTo(owner.email)).toHaveLength(0);
    expect(await sender.drain()).toBe(1);
    expect(await sender.drain()).toBe(0);
    expect(mailsTo(owner.email)).toHaveLength(1);
    const [row] = await t.database.db
      .select({ status: notifications.emailStatus, attempts: notifications.emailAttempts })
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(row).toEqual({ status: "sent", attempts: 3 });

    await spend(owner, food, "20.00"); // 110%: a new mail, and SMTP down for good
    smtpFailures = MAX_EMAIL_ATTEMPTS;
    for (let i = 0; i < MAX_EMAIL_ATTEMPTS + 1; i++) await sender.drain();
    const statuses = await t.database.db
      .select({ status: notifications.emailStatus, attempts: notifications.emailAttempts })
      .from(notifications)
      .innerJoin(budgetAlerts, eq(budgetAlerts.id, notifications.budgetAlertId))
      .where(and(eq(notifications.userId, owner.user.id), eq(budgetAlerts.threshold, 100)));
    expect(statuses).toEqual([{ status: "failed", attempts: MAX_EMAIL_ATTEMPTS }]);
    expect(mailsTo(owner.email)).toHaveLength(1);
    smtpFailures = 0;
  });
});

describe("the alert e-mails of every kind of expense write", () => {
  // Well under the outbox's own poll (5 s in the app, an hour in this file's): only the write's
  // announcement after its commit can have sent the mail in time.
  const promptly = { timeout: 4_000 };

  /** The family's pending mails of earlier tests sent first, then the app's outbox started. */
  async function startOutbox() {
    await outbox().drain();
    t.app.alertMail.start();
  }

  it("go out at once after a restore from the history crosses a budget", async () => {
    const owner = await signUpWithFamily(t.app, { language: "en" });
    const food = await budget(t.app, owner, "100.00");
    const big = await spend(owner, food, "90.00"); // 80%, mailed below
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/expenses/${big.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await spend(owner, food, "20.00");
    await startOutbox();
    try {
      expect(mailsTo(owner.email)).toHaveLength(1);
      const history = await t.app.inject({
        method: "GET",
        url: "/api/family/history?kind=expense",
        headers: { cookie: owner.cookie },
      });
      const entry = (history.json() as HistoryPage).items.find(
        (item) => item.action === "deleted" && item.subjectId === big.id,
      );
      const restored = await t.app.inject({
        method: "POST",
        url: `/api/family/history/${entry?.id}/restore`,
        headers: { cookie: owner.cookie },
      });
      expect(restored.statusCode, restored.body).toBe(200);
      // 110%: past 100% for the first time.
      await expect.poll(() => mailsTo(owner.email).length, promptly).toBe(2);
    } finally {
      await t.app.alertMail.stop();
    }
    expect(decode(mailsTo(owner.email)[1]?.raw ?? "")).toContain(": $110.00 of $100.00");
  });

  it("go out at once after a new rule's back-fill crosses a budget", async () => {
    const owner = await signUpWithFamily(t.app, { language: "en" });
    const food = await budget(t.app, owner, "100.00");
    const firstOfMonth = `${localToday(systemClock).slice(0, 8)}01`;
    await startOutbox();
    try {
      const rule = await t.app.inject({
        method: "POST",
        url: "/api/recurring",
        headers: { cookie: owner.cookie },
        payload: {
          description: "Feira do mês",
          amount: "90.00",
          categoryId: food.id,
          frequency: "monthly",
          dayOfMonth: 1,
          startDate: firstOfMonth,
        },
      });
      expect(rule.statusCode, rule.body).toBe(201);
      await expect.poll(() => mailsTo(owner.email).length, promptly).toBe(1);
    } finally {
      await t.app.alertMail.stop();
    }
    expect(decode(mailsTo(owner.email)[0]?.raw ?? "")).toContain(": $90.00 of $100.00");
  });

  it("go out at once after the background job's back-fill crosses a budget", async () => {
    const owner = await signUpWithFamily(t.app, { language: "en" });
    const food = await budget(t.app, owner, "100.00");
    // A rule written outside the app (none of its dates made yet): the app's recurring job,
    // started with the other background jobs, makes this month's.
    await t.database.pool.query(
      `insert into recurring_rules (family_id, description, amount, category_id, created_by_user_id,
         frequency, day_of_month, start_date)
       values ($1, 'Aluguel', 95, $2, $3, 'monthly', 1, $4)`,
      [owner.familyId, food.id, owner.user.id, `${localToday(systemClock).slice(0, 8)}01`],
    );
    await outbox().drain();
    t.app.backgroundJobs.start();
    try {
      await expect.poll(() => mailsTo(owner.email).length, promptly).toBe(1);
    } finally {
      await t.app.backgroundJobs.stop();
    }
    expect(decode(mailsTo(owner.email)[0]?.raw ?? "")).toContain(": $95.00 of $100.00");
  });

  it("go out at once after an import crosses a budget", async () => {
    const owner = await signUpWithFamily(t.app, { language: "en" });
    const food = await budget(t.app, owner, "100.00");
    await startOutbox();
    try {
      const imported = await t.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { cookie: owner.cookie, "idempotency-key": "alerts-import" },
        payload: {
          lines: [
            {
              date: day(thisMonth, 3),
              description: "Mercado",
              amount: "50.00",
              categoryId: food.id,
            },
            { date: day(thisMonth, 4), description: "Feira", amount: "35.00", categoryId: food.id },
          ],
        },
      });
      expect(imported.statusCode, imported.body).toBe(201);
      await expect.poll(() => mailsTo(owner.email).length, promptly).toBe(1);
    } finally {
      await t.app.alertMail.stop();
    }
    expect(decode(mailsTo(owner.email)[0]?.raw ?? "")).toContain(": $85.00 of $100.00");
  });
});

describe("the job that checks periods as they start (features/notifications/alerts-due-job.ts)", () => {
  it("tells the families alerted on its local day, once, and nothing before that day", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await budget(t.app, owner, "100.00");
    await spend(owner, food, "150.00", day(next, 5));
    const alerted: string[][] = [];
    const runOn = async (date: string) => {
      const job = alertsDueJob({
        db: t.database.db,
        clock: testClock(new Date(`${date}T12:00:00`)),
        log: t.app.log,
        alerted: (families) => {
          alerted.push(families);
        },
      });
      job.start();
      await job.stop();
    };
    await runOn(day(thisMonth, 28));
    expect(alerted.flat()).not.toContain(owner.familyId);
    await runOn(day(next, 1));
    expect(alerted.flat().filter((id) => id === owner.familyId)).toHaveLength(1);
    await runOn(day(next, 2));
    expect(alerted.flat().filter((id) => id === owner.familyId)).toHaveLength(1);
    expect(await summary(food)).toEqual([`month ${day(next, 1)} 80`, `month ${day(next, 1)} 100`]);
  });
});

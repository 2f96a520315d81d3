import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { Expense } from "../../../contract/expenses";
import type { HistoryPage } from "../../../contract/history";
import type { MonthSummaryResponse } from "../../../contract/summary";
import type { MonthTrendResponse } from "../../../contract/trend";
import { periodOf } from "../../../domain/budget-period";
import { billClosingOf, billDueOn } from "../../../domain/card-bills";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  joinFamilyOf,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * Counting card spending by bill (docs/product.md#counting-card-spending-by-bill): a card purchase
 * counts in the budget month of its bill's due date, everywhere a month is added up (the summary
 * and its weeks, the month's list, the trend, what is committed, the alerts), never twice; by
 * date, as before.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

const call = (
  who: SignedIn,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

const spent = async (who: SignedIn, year: number, month: number) =>
  (
    (
      await call(who, "GET", `/api/summary?year=${year}&month=${month}`)
    ).json() as MonthSummaryResponse
  ).totalSpent;

async function household() {
  const owner = await signUp(t.app, { name: "Ana", preferredLanguage: "pt" });
  expect((await call(owner, "POST", "/api/family", { name: "Casa" })).statusCode).toBe(201);
  await call(owner, "DELETE", "/api/expenses/examples/clear");
  const category = await createCategory(t.app, owner, { monthlyBudget: "0", weeklyBudget: "0" });
  const card = await createPaymentMethod(t.app, owner, { closingDay: 3, dueDay: 10 });
  const account = await createPaymentMethod(t.app, owner, { kind: "checking", name: "Conta" });
  const buy = (date: string, amount: string, methodId: string) =>
    createExpense(t.app, owner, {
      categoryId: category.id,
      date,
      amount,
      paymentMethodId: methodId,
    });
  // Oct 28 and Nov 2 are in the bill due 10 Nov; Nov 4 in the one due 10 Dec; Nov 15 not on a card.
  const oct28 = await buy("2026-10-28", "100.00", card.id);
  const nov2 = await buy("2026-11-02", "20.00", card.id);
  const nov4 = await buy("2026-11-04", "3.00", card.id);
  await buy("2026-11-15", "0.40", account.id);
  return { owner, category, card, oct28, nov2, nov4 };
}

const setBy = (who: SignedIn, by: string) => call(who, "PUT", "/api/family/card-spending", { by });

describe("counting card spending by bill", () => {
  it("moves card purchases to the month of their bill's due date, and back, never twice", async () => {
    const { owner } = await household();
    const months = async () => Promise.all([10, 11, 12].map((m) => spent(owner, 2026, m)));
    expect(await months()).toEqual(["100.00", "23.40", "0.00"]);

    const res = await setBy(owner, "bill");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cardSpendingBy).toBe("bill");
    expect(await months()).toEqual(["0.00", "120.40", "3.00"]);

    // The month's list, its weeks and the trend agree with the summary.
    const list = (await call(owner, "GET", "/api/expenses?month=11&year=2026")).json() as Expense[];
    expect(list.map((e) => e.amount).sort()).toEqual(["0.40", "100.00", "20.00"]);
    const november = (
      await call(owner, "GET", "/api/summary?year=2026&month=11")
    ).json() as MonthSummaryResponse;
    // Both card purchases count on 10 Nov (week 2), the account's on the 15th (week 3).
    expect(november.spentByWeek).toEqual(["0.00", "120.00", "0.40", "0.00"]);
    const trend = (
      await call(owner, "GET", "/api/summary/trend?year=2026&month=12")
    ).json() as MonthTrendResponse;
    expect(trend.months.slice(-3).map((m) => m.spent)).toEqual(["0.00", "120.40", "3.00"]);

    // Counted by bill, the month costs the statements it cost by date: the bills due in it are a
    // condition of the same statements (request-cost.api.test.ts counts them by date).
    t.statements.reset();
    await call(owner, "GET", "/api/summary?year=2027&month=1");
    expect(t.statements.texts).toHaveLength(4);
    t.statements.reset();
    await call(owner, "GET", "/api/summary/trend?year=2027&month=1");
    expect(t.statements.texts).toHaveLength(2);

    expect((await setBy(owner, "date")).json().cardSpendingBy).toBe("date");
    expect(await months()).toEqual(["100.00", "23.40", "0.00"]);
  });

  it("moves a purchase between months with its bill only when counting by bill", async () => {
    const { owner, nov2 } = await household();
    await call(owner, "POST", `/api/expenses/${nov2.id}/move-bill`, { to: "next" });
    expect([await spent(owner, 2026, 11), await spent(owner, 2026, 12)]).toEqual(["23.40", "0.00"]);
    await setBy(owner, "bill");
    expect([await spent(owner, 2026, 11), await spent(owner, 2026, 12)]).toEqual([
      "100.40",
      "23.00",
    ]);
  });

  it("is the owner's choice, recorded once in the history", async () => {
    const { owner } = await household();
    const member = await joinFamilyOf(t.app, owner);
    const refused = await setBy(member, "bill");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("only_owner");
    const bad = await setBy(owner, "sometimes");
    expect(bad.statusCode).toBe(400);
    await setBy(owner, "bill");
    await setBy(owner, "bill");
    const entries = (
      (await call(owner, "GET", "/api/family/history?kind=family")).json() as HistoryPage
    ).items;
    expect(entries.map((e) => e.changes)).toEqual([
      [{ field: "cardSpendingBy", before: "date", after: "bill" }],
    ]);
  });

  it("alerts for the month the bill is due in, when that month starts", async () => {
    const owner = await signUp(t.app, { name: "Bia", preferredLanguage: "pt" });
    await call(owner, "POST", "/api/family", { name: "Casa" });
    await call(owner, "DELETE", "/api/expenses/examples/clear");
    await setBy(owner, "bill");
    const category = await createCategory(t.app, owner, {
      monthlyBudget: "100.00",
      weeklyBudget: "0",
    });
    const card = await createPaymentMethod(t.app, owner, { closingDay: 28, dueDay: 5 });
    // Today, in the database's calendar as the alerts read it.
    const today = new Date().toISOString().slice(0, 10);
    await createExpense(t.app, owner, {
      categoryId: category.id,
      date: today,
      amount: "90.00",
      paymentMethodId: card.id,
    });
    const due = billDueOn(billClosingOf(today, 28), 5);
    const period = periodOf(due, CALENDAR_MONTH);
    // That month has not started: its alert waits for the job's check on its first day.
    expect((await call(owner, "GET", "/api/notifications")).json().notifications).toHaveLength(0);
    await t.database.pool.query("select budget_alerts_come_due($1::date)", [period.first]);
    const notifications = (await call(owner, "GET", "/api/notifications")).json();
    expect(notifications.notifications).toHaveLength(1);
    expect(notifications.notifications[0].alert).toMatchObject({
      threshold: 80,
      periodStart: period.first,
      periodEnd: period.last,
    });
    expect(period.first > today).toBe(true);
  });
});

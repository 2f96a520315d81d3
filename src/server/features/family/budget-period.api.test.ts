import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BudgetPeriodRule } from "../../../contract/budget-period-rule";
import type { Expense } from "../../../contract/expenses";
import type { HistoryEntry } from "../../../contract/history";
import type { MonthSummaryResponse } from "../../../contract/summary";
import type { MonthTrendResponse } from "../../../contract/trend";
import { periodOf } from "../../../domain/budget-period";
import { budgetAlerts } from "../../db/schema";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/**
 * The family's budget month (docs/product.md#budget-periods): the owner's setting, and every call
 * that names a month following it. November 2026 by the 5th business day counting Saturdays
 * starts on Saturday the 7th (Monday the 2nd is Finados), October's on Tuesday the 6th, and
 * December's on Saturday the 5th: November's period is 7 Nov - 4 Dec.
 */

const clock = testClock(new Date("2026-11-03T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const FIFTH_BUSINESS_DAY: BudgetPeriodRule = {
  start: "business-day",
  day: 5,
  saturdays: true,
  closedDay: "stay",
};

const call = (who: SignedIn, method: "GET" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function setRule(who: SignedIn, rule: object) {
  return call(who, "PUT", "/api/family/budget-period", rule);
}

async function summary(who: SignedIn, year: number, month: number) {
  const res = await call(who, "GET", `/api/summary?year=${year}&month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MonthSummaryResponse;
}

describe("PUT /api/family/budget-period", () => {
  it("is the calendar month until the owner sets another start, which every member then reads", async () => {
    const owner = await signUpWithFamily(t.app);
    const member = await joinFamilyOf(t.app, owner);
    const before = await call(member, "GET", "/api/family");
    expect(before.json().budgetPeriod).toEqual({
      start: "first-day",
      day: 1,
      saturdays: false,
      closedDay: "stay",
    });

    const set = await setRule(owner, FIFTH_BUSINESS_DAY);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().budgetPeriod).toEqual(FIFTH_BUSINESS_DAY);
    expect((await call(member, "GET", "/api/family")).json().budgetPeriod).toEqual(
      FIFTH_BUSINESS_DAY,
    );
  });

  it("stores the fields a kind does not use as their neutral values", async () => {
    const owner = await signUpWithFamily(t.app);
    const set = await setRule(owner, {
      start: "last-business-day",
      day: 9,
      saturdays: true,
      closedDay: "next",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().budgetPeriod).toEqual({
      start: "last-business-day",
      day: 1,
      saturdays: true,
      closedDay: "stay",
    });
  });

  it("is the owner's alone", async () => {
    const owner = await signUpWithFamily(t.app);
    const member = await joinFamilyOf(t.app, owner);
    const refused = await setRule(member, FIFTH_BUSINESS_DAY);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("only_owner");
    expect((await call(owner, "GET", "/api/family")).json().budgetPeriod.start).toBe("first-day");
  });

  it("refuses a day out of the kind's range with a translated message", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    for (const body of [
      { start: "fixed-day", day: 1, saturdays: false, closedDay: "stay" },
      { start: "fixed-day", day: 29, saturdays: false, closedDay: "stay" },
      { start: "business-day", day: 11, saturdays: false, closedDay: "stay" },
      { start: "business-day", day: 2.5, saturdays: false, closedDay: "stay" },
    ]) {
      const res = await setRule(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual([
        { path: "day", message: "Escolha um dia de 2 a 28, ou um dia útil do 1º ao 10º" },
      ]);
    }
    const unknown = await setRule(owner, {
      start: "payday",
      day: 1,
      saturdays: false,
      closedDay: "stay",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: "start", message: "Escolha quando começa o mês do orçamento" },
    ]);
    expect((await call(owner, "GET", "/api/family")).json().budgetPeriod.start).toBe("first-day");
  });

  it("is recorded in the family history once per change, with the rule before and after", async () => {
    const owner = await signUpWithFamily(t.app);
    await setRule(owner, FIFTH_BUSINESS_DAY);
    await setRule(owner, FIFTH_BUSINESS_DAY);
    await setRule(owner, { start: "fixed-day", day: 20, saturdays: false, closedDay: "previous" });
    const history = await call(owner, "GET", "/api/family/history?kind=family");
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json().items as HistoryEntry[];
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      [
        "changed",
        [
          {
            field: "budgetPeriod",
            before: "business-day:5:mon-sat",
            after: "fixed-day:20:previous:mon-fri",
          },
        ],
      ],
      [
        "changed",
        [{ field: "budgetPeriod", before: "first-day", after: "business-day:5:mon-sat" }],
      ],
    ]);
  });
});

describe("a month is the family's period", () => {
  it("moves no expense, and counts the 3rd of November in October's period", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await createCategory(t.app, owner, {
      monthlyBudget: "1000.00",
      weeklyBudget: "250.00",
    });
    const add = (amount: string, date: string) =>
      createExpense(t.app, owner, { categoryId: food.id, amount, date });
    const third = await add("3.00", "2026-11-03");
    await add("6.00", "2026-11-06");
    await add("7.00", "2026-11-07");
    await add("13.00", "2026-11-13");
    await add("14.00", "2026-11-14");
    await add("28.00", "2026-11-28");
    await add("4.00", "2026-12-04");
    await add("5.00", "2026-12-05");
    await add("1.00", "2026-10-05");

    // The calendar month first, kept by the process under the family's data version.
    expect((await summary(owner, 2026, 11)).totalSpent).toBe("71.00");

    expect((await setRule(owner, FIFTH_BUSINESS_DAY)).statusCode).toBe(200);

    const november = await summary(owner, 2026, 11);
    expect(november.period).toEqual({ first: "2026-11-07", last: "2026-12-04" });
    expect(november.totalSpent).toBe("66.00");
    expect(november.spentByWeek).toEqual(["20.00", "14.00", "0.00", "32.00"]);
    expect(november.latest.map((e) => e.date)).toEqual(["2026-12-04", "2026-11-28", "2026-11-14"]);

    const october = await summary(owner, 2026, 10);
    expect(october.period).toEqual({ first: "2026-10-06", last: "2026-11-06" });
    expect(october.totalSpent).toBe("9.00");
    // 3 and 6 November are days 29 and 32 of October's period: its fourth week.
    expect(october.spentByWeek).toEqual(["0.00", "0.00", "0.00", "9.00"]);

    // The expense keeps its calendar date; October's list holds it.
    const list = await call(owner, "GET", "/api/expenses?month=10&year=2026");
    expect(list.statusCode).toBe(200);
    const listed = list.json() as Expense[];
    expect(listed.map((e) => e.date)).toEqual(["2026-11-06", "2026-11-03"]);
    expect(listed.find((e) => e.id === third.id)?.date).toBe("2026-11-03");
  });

  it("names the twelve periods of the trend with their days, and sums each by them", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await createCategory(t.app, owner);
    await createExpense(t.app, owner, { categoryId: food.id, amount: "3.00", date: "2026-11-03" });
    await createExpense(t.app, owner, { categoryId: food.id, amount: "7.00", date: "2026-11-07" });
    await setRule(owner, FIFTH_BUSINESS_DAY);
    const res = await call(owner, "GET", "/api/summary/trend?year=2026&month=11");
    expect(res.statusCode, res.body).toBe(200);
    const trend = res.json() as MonthTrendResponse;
    expect(trend.months.at(-1)).toMatchObject({
      year: 2026,
      month: 11,
      first: "2026-11-07",
      last: "2026-12-04",
      spent: "7.00",
    });
    expect(trend.months.at(-2)).toMatchObject({
      year: 2026,
      month: 10,
      first: "2026-10-06",
      last: "2026-11-06",
      spent: "3.00",
    });
    expect(trend.months[0]).toMatchObject({ year: 2025, month: 12 });
    // The periods abut: each starts the day after the one before ends.
    for (let i = 1; i < trend.months.length; i += 1) {
      const dayAfter = new Date(`${trend.months[i - 1]?.last}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      expect(trend.months[i]?.first).toBe(dayAfter.toISOString().slice(0, 10));
    }
    expect(trend.categories[0]?.spent.slice(-2)).toEqual(["3.00", "7.00"]);
  });

  it("lists the recurring bills still due up to the period's end", async () => {
    const owner = await signUpWithFamily(t.app);
    const food = await createCategory(t.app, owner);
    const rule = await call(owner, "POST" as "PUT", "/api/recurring", {
      description: "Internet",
      amount: "99.90",
      categoryId: food.id,
      frequency: "monthly",
      dayOfMonth: 2,
      startDate: "2026-11-01",
    });
    expect(rule.statusCode, rule.body).toBe(201);
    // Today is 3 November: the calendar month has no bill left, the period to 4 December has
    // the one of 2 December.
    const calendar = await call(owner, "GET", "/api/recurring/due?year=2026&month=11");
    expect(calendar.json().items).toEqual([]);
    await setRule(owner, FIFTH_BUSINESS_DAY);
    const due = await call(owner, "GET", "/api/recurring/due?year=2026&month=11");
    expect(due.json().items.map((item: { date: string }) => item.date)).toEqual(["2026-12-02"]);
  });
});

describe("budget alerts follow the period", () => {
  it("alert once per period, by its name, even when the period's days move", async () => {
    // The alert trigger only alerts on recent periods (the database's today), so these dates are
    // around the real today.
    const today = new Date().toISOString().slice(0, 10);
    const owner = await signUpWithFamily(t.app);
    const food = await createCategory(t.app, owner, {
      monthlyBudget: "100.00",
      weeklyBudget: "1000.00",
    });
    await setRule(owner, FIFTH_BUSINESS_DAY);
    const period = periodOf(today, FIFTH_BUSINESS_DAY);
    await createExpense(t.app, owner, { categoryId: food.id, amount: "85.00", date: today });
    const alerts = () =>
      t.database.db
        .select()
        .from(budgetAlerts)
        .where(eq(budgetAlerts.categoryId, food.id))
        .orderBy(budgetAlerts.threshold);
    const first = await alerts();
    expect(
      first.map((a) => [
        a.period,
        a.periodMonth,
        a.periodWeek,
        a.periodStart,
        a.periodEnd,
        a.threshold,
      ]),
    ).toEqual([
      [
        "month",
        `${period.year}-${String(period.month).padStart(2, "0")}-01`,
        0,
        period.first,
        period.last,
        80,
      ],
    ]);

    // Another start rule gives the same named period other days: no second 80% alert.
    await setRule(owner, { start: "fixed-day", day: 2, saturdays: false, closedDay: "stay" });
    await createExpense(t.app, owner, { categoryId: food.id, amount: "1.00", date: today });
    expect((await alerts()).filter((a) => a.threshold === 80)).toHaveLength(1);
  });
});

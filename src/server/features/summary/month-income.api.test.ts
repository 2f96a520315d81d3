import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromCents, toCents } from "../../../contract/money";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { incomes } from "../../db/schema";
import {
  type FamilyMemberSession,
  joinFamilyOf,
  setBudgetPeriod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * The month's income in GET /api/summary (docs/product.md#the-months-net): by the incomes' dates
 * within the family's budget month, exact to the cent, never spending, and private as expenses
 * are. The incomes are written straight into the table: what is under test is how the month adds
 * them up, whatever wrote them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

type IncomeRow = {
  who: FamilyMemberSession;
  amount: string;
  date: string;
  private?: boolean;
};

async function addIncomes(family: FamilyMemberSession, rows: IncomeRow[]) {
  await t.database.db.insert(incomes).values(
    rows.map((row) => ({
      familyId: family.familyId,
      description: "Salário",
      kind: "salary" as const,
      amount: row.amount,
      date: row.date,
      receivedByUserId: row.who.user.id,
      addedByUserId: row.who.user.id,
      private: row.private ?? false,
    })),
  );
}

async function summary(who: FamilyMemberSession, query: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/summary?${query}`,
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MonthSummaryResponse;
}

describe("the month's income", () => {
  it("adds up what came in during the budget month, by member, never as spending", async () => {
    const ana = await signUpWithFamily(t.app);
    const leo = await joinFamilyOf(t.app, ana);
    await addIncomes(ana, [
      { who: ana, amount: "5000.00", date: "2026-03-06" },
      { who: ana, amount: "0.01", date: "2026-03-31" },
      { who: leo, amount: "3200.50", date: "2026-03-01" },
      // Other months.
      { who: ana, amount: "999.00", date: "2026-02-28" },
      { who: leo, amount: "999.00", date: "2026-04-01" },
    ]);
    const other = await signUpWithFamily(t.app);
    await addIncomes(other, [{ who: other, amount: "7777.00", date: "2026-03-10" }]);

    const march = await summary(ana, "year=2026&month=3");
    expect(march.income).toBe("8200.51");
    expect(march.incomeByMember).toEqual([
      { userId: ana.user.id, amount: "5000.01" },
      { userId: leo.user.id, amount: "3200.50" },
    ]);
    expect(march.totalSpent).toBe("0.00");
    expect(march.spentByPayer).toEqual([]);

    // A budget month from the 5th: 5 March to 4 April holds Ana's salary and Léo's April one.
    await setBudgetPeriod(t.app, ana, {
      start: "fixed-day",
      day: 5,
      saturdays: false,
      closedDay: "stay",
    });
    const shifted = await summary(ana, "year=2026&month=3");
    expect(shifted.period).toEqual({ first: "2026-03-05", last: "2026-04-04" });
    expect(shifted.income).toBe("5999.01");
  });

  it("counts another member's private income in the total only, and each view its own", async () => {
    const ana = await signUpWithFamily(t.app);
    const leo = await joinFamilyOf(t.app, ana);
    await addIncomes(ana, [
      { who: ana, amount: "5000.00", date: "2026-03-06" },
      { who: leo, amount: "1200.00", date: "2026-03-10", private: true },
      { who: leo, amount: "300.00", date: "2026-03-11" },
    ]);

    const anaSees = await summary(ana, "year=2026&month=3");
    expect(anaSees.income).toBe("6500.00");
    expect(anaSees.incomeByMember).toEqual([
      { userId: ana.user.id, amount: "5000.00" },
      { userId: leo.user.id, amount: "300.00" },
    ]);
    const leoSees = await summary(leo, "year=2026&month=3");
    expect(leoSees.income).toBe("6500.00");
    expect(leoSees.incomeByMember).toEqual([
      { userId: ana.user.id, amount: "5000.00" },
      { userId: leo.user.id, amount: "1500.00" },
    ]);

    // A member's view: what they received; Léo's private income only in his own view of himself.
    expect((await summary(ana, `year=2026&month=3&view=${leo.user.id}`)).income).toBe("300.00");
    expect((await summary(leo, `year=2026&month=3&view=${leo.user.id}`)).income).toBe("1500.00");
    expect((await summary(leo, `year=2026&month=3&view=${ana.user.id}`)).income).toBe("5000.00");
  });

  it("is answered again once income is recorded (the kept month follows the data version)", async () => {
    const ana = await signUpWithFamily(t.app);
    expect((await summary(ana, "year=2026&month=3")).income).toBe("0.00");
    await addIncomes(ana, [{ who: ana, amount: "10.00", date: "2026-03-02" }]);
    expect((await summary(ana, "year=2026&month=3")).income).toBe("10.00");
  });

  it("equals the sum in integer cents on random incomes", async () => {
    const ana = await signUpWithFamily(t.app);
    const leo = await joinFamilyOf(t.app, ana);
    const rows = fc.sample(
      fc.record({
        cents: fc.integer({ min: 1, max: 9_999_999_999 }),
        day: fc.integer({ min: 1, max: 61 }),
        byLeo: fc.boolean(),
      }),
      { numRuns: 120, seed: 37 },
    );
    const dated = rows.map((row) => ({
      who: row.byLeo ? leo : ana,
      amount: fromCents(row.cents),
      // 1 March to 30 April: about half in March.
      date:
        row.day <= 31
          ? `2026-03-${String(row.day).padStart(2, "0")}`
          : `2026-04-${String(row.day - 31).padStart(2, "0")}`,
    }));
    await addIncomes(ana, dated);
    const inMarch = dated.filter((row) => row.date < "2026-04-01");
    const cents = (who: FamilyMemberSession) =>
      inMarch.filter((row) => row.who === who).reduce((sum, row) => sum + toCents(row.amount), 0);
    const march = await summary(ana, "year=2026&month=3");
    expect(march.income).toBe(fromCents(cents(ana) + cents(leo)));
    expect(new Map(march.incomeByMember.map((row) => [row.userId, row.amount]))).toEqual(
      new Map([
        [ana.user.id, fromCents(cents(ana))],
        [leo.user.id, fromCents(cents(leo))],
      ]),
    );
  });
});

describe("the trend's income", () => {
  it("puts each month's income beside its spending, oldest first", async () => {
    const ana = await signUpWithFamily(t.app);
    const leo = await joinFamilyOf(t.app, ana);
    await addIncomes(ana, [
      { who: ana, amount: "5000.00", date: "2026-03-06" },
      { who: leo, amount: "250.25", date: "2026-03-31" },
      { who: ana, amount: "4800.00", date: "2025-04-01" },
      // Before the twelve months, and after them.
      { who: ana, amount: "999.00", date: "2025-03-31" },
      { who: ana, amount: "999.00", date: "2026-04-01" },
      { who: leo, amount: "80.00", date: "2026-01-15", private: true },
    ]);
    const trend = async (who: FamilyMemberSession, extra = "") => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/summary/trend?year=2026&month=3${extra}`,
        headers: { cookie: who.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { months: { year: number; month: number; income: string }[] }).months;
    };
    const months = await trend(ana);
    expect(months.map((m) => `${m.year}-${m.month}:${m.income}`)).toEqual([
      "2025-4:4800.00",
      "2025-5:0.00",
      "2025-6:0.00",
      "2025-7:0.00",
      "2025-8:0.00",
      "2025-9:0.00",
      "2025-10:0.00",
      "2025-11:0.00",
      "2025-12:0.00",
      "2026-1:80.00",
      "2026-2:0.00",
      "2026-3:5250.25",
    ]);
    // Léo's view: what he received; his private income seen by himself only.
    const leoByAna = await trend(ana, `&view=${leo.user.id}`);
    expect(leoByAna.map((m) => m.income).filter((v) => v !== "0.00")).toEqual(["250.25"]);
    const leoByLeo = await trend(leo, `&view=${leo.user.id}`);
    expect(leoByLeo.map((m) => m.income).filter((v) => v !== "0.00")).toEqual(["80.00", "250.25"]);
  });
});

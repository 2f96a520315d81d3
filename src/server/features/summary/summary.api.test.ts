import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import {
  type Expense,
  type ExpenseListItem,
  expenseListItemSchema,
} from "../../../contract/expenses";
import { fromCents } from "../../../contract/money";
import { type MonthSummaryResponse, monthSummaryResponseSchema } from "../../../contract/summary";
import { periodNamed } from "../../../domain/budget-period";
import { anyRule } from "../../../domain/testing/period-rules";
import { monthSpendingOf, spentByPayerOf } from "../../../domain/testing/reference-sums";
import { expenses } from "../../db/schema";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  setBudgetPeriod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * GET /api/summary adds a month up in SQL; src/domain's monthSpendingOf is the reference
 * definition, and the two must agree on any data.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (who: SignedIn | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: who ? { cookie: who.cookie } : {} });

async function summary(who: SignedIn, year: number, month: number) {
  const res = await get(who, `/api/summary?year=${year}&month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  // Written without the zod check: still byte for byte the contract's shape.
  expect(res.body).toBe(JSON.stringify(monthSummaryResponseSchema.parse(res.json())));
  return res.json() as MonthSummaryResponse;
}

const byCategory = (list: { categoryId: string; spent: string }[]) =>
  [...list].sort((a, b) => a.categoryId.localeCompare(b.categoryId));

describe("GET /api/summary", () => {
  it("adds up a hand-computed month", async () => {
    const family = await signUpWithFamily(t.app);
    const food = await createCategory(t.app, family, { name: "Food" });
    const home = await createCategory(t.app, family, { name: "Home" });
    const gone = await createCategory(t.app, family, { name: "Gone" });
    const add = (categoryId: string, amount: string, date: string, description = "x") =>
      createExpense(t.app, family, { categoryId, amount, date, description });
    await add(food.id, "10.10", "2026-03-01");
    await add(food.id, "0.05", "2026-03-07");
    await add(home.id, "100.00", "2026-03-08");
    await add(home.id, "0.33", "2026-03-14");
    await add(food.id, "1.11", "2026-03-21", "third-latest");
    await add(gone.id, "7.77", "2026-03-22", "latest");
    await add(food.id, "2.22", "2026-03-31", "newest");
    // Other months and another family change nothing.
    await add(food.id, "999.00", "2026-02-28");
    await add(food.id, "999.00", "2026-04-01");
    await add(food.id, "999.00", "2025-03-15");
    const other = await signUpWithFamily(t.app);
    await createExpense(t.app, other, {
      categoryId: (await createCategory(t.app, other)).id,
      amount: "5000.00",
      date: "2026-03-10",
    });
    // Deleting a category leaves its expenses, uncategorised.
    await t.app.inject({
      method: "DELETE",
      url: `/api/categories/${gone.id}`,
      headers: { cookie: family.cookie },
    });

    const result = await summary(family, 2026, 3);
    expect(result).toMatchObject({
      year: 2026,
      month: 3,
      totalSpent: "121.58",
      uncategorisedSpent: "7.77",
      spentByWeek: ["10.15", "100.33", "1.11", "9.99"],
      hasExamples: false,
    });
    expect(byCategory(result.spentByCategory)).toEqual(
      byCategory([
        { categoryId: food.id, spent: "13.48" },
        { categoryId: home.id, spent: "100.33" },
      ]),
    );
    // Another family's payer and other months are not in it.
    expect(result.spentByPayer).toEqual([{ userId: family.user.id, spent: "121.58" }]);
    expect(result.latest.map((e) => e.description)).toEqual(["newest", "latest", "third-latest"]);
    expect(result.categories.map((c) => c.name)).toEqual(["Food", "Home"]);
    expect(result.categories).toEqual((await get(family, "/api/categories")).json());
  });

  it("answers zeros for an empty month, in two-place strings", async () => {
    const family = await signUpWithFamily(t.app);
    expect(await summary(family, 2030, 1)).toEqual({
      year: 2030,
      month: 1,
      period: { first: "2030-01-01", last: "2030-01-31" },
      categories: [],
      totalSpent: "0.00",
      uncategorisedSpent: "0.00",
      privateSpent: "0.00",
      spentByCategory: [],
      spentByPayer: [],
      spentByWeek: ["0.00", "0.00", "0.00", "0.00"],
      income: "0.00",
      incomeByMember: [],
      latest: [],
      hasExamples: false,
    });
  });

  it("says whether the month holds example expenses", async () => {
    // A new family gets example expenses (the starter data).
    const family = await signUpWithFamily(t.app, { clearStarterData: false });
    const list = (await get(family, "/api/expenses")).json() as Expense[];
    expect(list.some((e) => e.isExample)).toBe(true);
    const { date } = list.find((e) => e.isExample) as Expense;
    const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    const withExamples = await summary(family, year, month);
    expect(withExamples.hasExamples).toBe(true);
    expect(withExamples.categories).toEqual((await get(family, "/api/categories")).json());
    await t.app.inject({
      method: "DELETE",
      url: "/api/expenses/examples/clear",
      headers: { cookie: family.cookie },
    });
    expect((await summary(family, year, month)).hasExamples).toBe(false);
  });

  it("agrees with monthSpendingOf and spentByPayerOf on random months", async () => {
    const family: FamilyMemberSession = await signUpWithFamily(t.app);
    // Payers as the rows may hold them: the caller, someone else (a former member, say), and
    // null (an account deleted since).
    const payers = [family.user.id, (await signUp(t.app)).user.id, null];
    const categories: Category[] = [];
    for (const name of ["A", "B", "C"]) {
      categories.push(await createCategory(t.app, family, { name }));
    }
    const months = [
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
    ];
    const row = fc.record({
      monthIndex: fc.integer({ min: 0, max: months.length - 1 }),
      day: fc.integer({ min: 1, max: 31 }),
      cents: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 9_999_999_999 })),
      category: fc.integer({ min: -1, max: categories.length - 1 }),
      payer: fc.integer({ min: 0, max: payers.length - 1 }),
      isExample: fc.boolean(),
    });
    // Under any of the family's start rules too (docs/product.md#budget-periods).
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 40 }), anyRule, async (generated, asked) => {
        const familyRule = await setBudgetPeriod(t.app, family, asked);
        await t.database.db.delete(expenses).where(eq(expenses.familyId, family.familyId));
        const rows = generated.map((g) => {
          const { year, month } = months[g.monthIndex] as { year: number; month: number };
          const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
          const day = Math.min(g.day, lastDay);
          return {
            familyId: family.familyId,
            description: "random",
            amount: fromCents(g.cents),
            categoryId: g.category < 0 ? null : (categories[g.category] as Category).id,
            addedByUserId: family.user.id,
            paidByUserId: payers[g.payer] ?? null,
            date: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
            isExample: g.isExample,
            year,
            month,
          };
        });
        if (rows.length > 0) {
          await t.database.db
            .insert(expenses)
            .values(rows.map(({ year: _y, month: _m, ...values }) => values));
        }
        for (const yearMonth of months) {
          const result = await summary(family, yearMonth.year, yearMonth.month);
          const period = periodNamed(yearMonth, familyRule);
          expect(result.period).toEqual({ first: period.first, last: period.last });
          const expected = monthSpendingOf(yearMonth, rows, familyRule);
          expect(result.totalSpent).toBe(expected.totalSpent);
          expect(result.uncategorisedSpent).toBe(expected.uncategorisedSpent);
          expect(result.spentByWeek).toEqual(expected.spentByWeek);
          // In the contract's order too: most spent first, then by id, null last.
          expect(result.spentByPayer).toEqual(spentByPayerOf(yearMonth, rows, familyRule));
          expect(byCategory(result.spentByCategory)).toEqual(byCategory(expected.spentByCategory));
          const inMonth = rows.filter((r) => r.date >= period.first && r.date <= period.last);
          expect(result.hasExamples).toBe(inMonth.some((r) => r.isExample));
          const monthList = (
            await get(family, `/api/expenses?month=${yearMonth.month}&year=${yearMonth.year}`)
          ).json() as ExpenseListItem[];
          expect(result.latest.map((e) => expenseListItemSchema.parse(e))).toEqual(
            monthList.slice(0, 3),
          );
          expect(result.categories.map((c) => c.id)).toEqual(categories.map((c) => c.id));
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it("refuses a bad month or year with 400", async () => {
    const family = await signUpWithFamily(t.app);
    for (const query of [
      "",
      "month=3",
      "year=2026",
      "month=0&year=2026",
      "month=13&year=2026",
      "month=abc&year=2026",
      "month=1.5&year=2026",
      "month=3&year=1899",
      "month=3&year=2200",
      "month=3&year=2026&extra=1",
    ]) {
      const res = await get(family, `/api/summary?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("validation_error");
    }
  });

  it("answers 401 signed out and 404 not_in_family without a family", async () => {
    expect((await get(null, "/api/summary?month=3&year=2026")).statusCode).toBe(401);
    const lonely = await signUp(t.app);
    const res = await get(lonely, "/api/summary?month=3&year=2026");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_in_family");
  });
});

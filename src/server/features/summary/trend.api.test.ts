import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import { fromCents } from "../../../contract/money";
import { type MonthTrendResponse, monthTrendResponseSchema } from "../../../contract/trend";
import { anyRule } from "../../../domain/testing/period-rules";
import { monthTrendOf } from "../../../domain/testing/reference-sums";
import { expenses, incomes } from "../../db/schema";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  setBudgetPeriod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * GET /api/summary/trend adds twelve months up in SQL in one statement; src/domain's
 * monthTrendOf is the reference definition, and the two must agree on any data.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (who: SignedIn | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: who ? { cookie: who.cookie } : {} });

async function trend(who: SignedIn, year: number, month: number) {
  const res = await get(who, `/api/summary/trend?year=${year}&month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  // Written without the zod check: still byte for byte the contract's shape.
  expect(res.body).toBe(JSON.stringify(monthTrendResponseSchema.parse(res.json())));
  return res.json() as MonthTrendResponse;
}

const zeros = Array.from({ length: 12 }, () => "0.00");

describe("GET /api/summary/trend", () => {
  it("adds up twelve hand-computed months across a year boundary", async () => {
    const family = await signUpWithFamily(t.app);
    const food = await createCategory(t.app, family, { name: "Food", monthlyBudget: "300.00" });
    const home = await createCategory(t.app, family, { name: "Home", monthlyBudget: "1000.50" });
    const gone = await createCategory(t.app, family, { name: "Gone", monthlyBudget: "99.00" });
    const add = (categoryId: string, amount: string, date: string) =>
      createExpense(t.app, family, { categoryId, amount, date });
    // Shown month January 2027: February 2026 to January 2027.
    await add(food.id, "10.10", "2026-02-01"); // the first month's first day
    await add(food.id, "0.05", "2026-02-28");
    await add(home.id, "100.00", "2026-07-15");
    await add(food.id, "1.11", "2026-12-31"); // the year's last day
    await add(home.id, "0.33", "2027-01-01"); // the shown month's first day
    await add(gone.id, "7.77", "2026-07-02");
    await add(food.id, "2.22", "2027-01-31"); // the shown month's last day
    // Outside the twelve months, and another family: never counted.
    await add(food.id, "999.00", "2026-01-31");
    await add(food.id, "999.00", "2027-02-01");
    await add(home.id, "999.00", "2025-02-15");
    const other = await signUpWithFamily(t.app);
    await createExpense(t.app, other, {
      categoryId: (await createCategory(t.app, other, { monthlyBudget: "5000.00" })).id,
      amount: "5000.00",
      date: "2026-07-10",
    });
    // Deleting a category leaves its expenses, uncategorised, and its budget leaves the sum.
    await t.app.inject({
      method: "DELETE",
      url: `/api/categories/${gone.id}`,
      headers: { cookie: family.cookie },
    });

    const result = await trend(family, 2027, 1);
    expect(result.year).toBe(2027);
    expect(result.month).toBe(1);
    expect(result.months.map((m) => `${m.year}-${m.month}`)).toEqual([
      "2026-2",
      "2026-3",
      "2026-4",
      "2026-5",
      "2026-6",
      "2026-7",
      "2026-8",
      "2026-9",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-1",
    ]);
    expect(result.months.map((m) => m.spent)).toEqual([
      "10.15",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "107.77",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "1.11",
      "2.55",
    ]);
    // Today's budgets, the same every month: 300.00 + 1000.50.
    expect(new Set(result.months.map((m) => m.budget))).toEqual(new Set(["1300.50"]));
    expect(result.categories).toEqual([
      {
        id: food.id,
        name: "Food",
        icon: "tag",
        color: "#3b82f6",
        monthlyBudget: "300.00",
        spent: ["10.15", ...zeros.slice(0, 9), "1.11", "2.22"],
      },
      {
        id: home.id,
        name: "Home",
        icon: "tag",
        color: "#3b82f6",
        monthlyBudget: "1000.50",
        spent: [...zeros.slice(0, 5), "100.00", ...zeros.slice(0, 5), "0.33"],
      },
    ]);
    expect(result.uncategorised).toEqual([...zeros.slice(0, 5), "7.77", ...zeros.slice(0, 6)]);

    // Each month's spending and budget are the month summary's.
    for (const m of [result.months[5], result.months[11]]) {
      const summary = (await get(family, `/api/summary?year=${m?.year}&month=${m?.month}`)).json();
      expect(summary.totalSpent).toBe(m?.spent);
    }
    // December: the eleven months before it in the same year.
    const december = await trend(family, 2026, 12);
    expect(december.months[0]).toEqual({
      year: 2026,
      month: 1,
      first: "2026-01-01",
      last: "2026-01-31",
      spent: "999.00",
      budget: "1300.50",
      income: "0.00",
    });
    expect(december.months[11]).toEqual({
      year: 2026,
      month: 12,
      first: "2026-12-01",
      last: "2026-12-31",
      spent: "1.11",
      budget: "1300.50",
      income: "0.00",
    });
  });

  it("answers twelve zero months for a family without expenses or categories", async () => {
    const family = await signUpWithFamily(t.app);
    const result = await trend(family, 1900, 1);
    expect(result.months[0]).toEqual({
      year: 1899,
      month: 2,
      first: "1899-02-01",
      last: "1899-02-28",
      spent: "0.00",
      budget: "0.00",
      income: "0.00",
    });
    expect(result.months.map((m) => m.spent)).toEqual(zeros);
    expect(result.categories).toEqual([]);
    expect(result.uncategorised).toBeNull();
  });

  it("agrees with monthTrendOf on random data", async () => {
    const family = await signUpWithFamily(t.app);
    const categories: Category[] = [];
    for (const [name, monthlyBudget] of [
      ["A", "0.00"],
      ["B", "123.45"],
      ["C", "99999999.99"],
    ]) {
      categories.push(await createCategory(t.app, family, { name, monthlyBudget }));
    }
    const row = fc.record({
      // Two years around the shown months: in and out of the twelve.
      monthIndex: fc.integer({ min: 0, max: 27 }),
      day: fc.integer({ min: 1, max: 28 }),
      cents: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 9_999_999_999 })),
      category: fc.integer({ min: -1, max: categories.length - 1 }),
    });
    const shownMonths = [
      { year: 2026, month: 1 },
      { year: 2026, month: 6 },
      { year: 2026, month: 12 },
    ];
    // Under any of the family's start rules too (docs/product.md#budget-periods).
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 60 }), anyRule, async (generated, asked) => {
        const familyRule = await setBudgetPeriod(t.app, family, asked);
        await t.database.db.delete(expenses).where(eq(expenses.familyId, family.familyId));
        await t.database.db.delete(incomes).where(eq(incomes.familyId, family.familyId));
        const rows = generated.map((g) => {
          const year = 2025 + Math.floor(g.monthIndex / 12);
          const month = (g.monthIndex % 12) + 1;
          return {
            familyId: family.familyId,
            description: "random",
            amount: fromCents(g.cents),
            categoryId: g.category < 0 ? null : (categories[g.category] as Category).id,
            addedByUserId: family.user.id,
            paidByUserId: family.user.id,
            date: `${year}-${String(month).padStart(2, "0")}-${String(g.day).padStart(2, "0")}`,
            year,
            month,
          };
        });
        if (rows.length > 0) {
          await t.database.db
            .insert(expenses)
            .values(rows.map(({ year: _y, month: _m, ...values }) => values));
        }
        // A third of the same amounts and dates came in as income: by its date, under the rule.
        const incomeRows = rows.filter((_, i) => i % 3 === 0);
        if (incomeRows.length > 0) {
          await t.database.db.insert(incomes).values(
            incomeRows.map((r) => ({
              familyId: family.familyId,
              description: "random",
              kind: "other" as const,
              amount: r.amount,
              date: r.date,
              receivedByUserId: family.user.id,
              addedByUserId: family.user.id,
            })),
          );
        }
        for (const shown of shownMonths) {
          const result = await trend(family, shown.year, shown.month);
          const expected = monthTrendOf(shown, rows, categories, familyRule, incomeRows);
          expect(result.months).toEqual(expected.months);
          expect(result.uncategorised).toEqual(expected.uncategorised);
          expect(result.categories.map((c) => c.id)).toEqual(categories.map((c) => c.id));
          for (const category of result.categories) {
            expect(category.spent).toEqual(expected.byCategory.get(category.id));
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it("is read again after any change to the family's expenses or budgets", async () => {
    const family = await signUpWithFamily(t.app);
    const food = await createCategory(t.app, family, { monthlyBudget: "100.00" });
    expect((await trend(family, 2026, 3)).months[11]?.spent).toBe("0.00");
    await createExpense(t.app, family, { categoryId: food.id, amount: "5.00", date: "2026-03-02" });
    expect((await trend(family, 2026, 3)).months[11]?.spent).toBe("5.00");
    await t.app.inject({
      method: "PATCH",
      url: `/api/categories/${food.id}`,
      headers: { cookie: family.cookie },
      payload: { monthlyBudget: "250.00" },
    });
    expect((await trend(family, 2026, 3)).months[0]?.budget).toBe("250.00");
  });

  it("refuses a bad month or year with 400 and a translated message", async () => {
    const family = await signUpWithFamily(t.app, { language: "pt" });
    for (const [query, path, message] of [
      ["", "month", "Mês inválido"],
      ["month=3", "year", "Ano inválido"],
      ["month=0&year=2026", "month", "Mês inválido"],
      ["month=13&year=2026", "month", "Mês inválido"],
      ["month=abc&year=2026", "month", "Mês inválido"],
      ["month=1.5&year=2026", "month", "Mês inválido"],
      ["month=3&year=1899", "year", "Ano inválido"],
      ["month=3&year=2200", "year", "Ano inválido"],
    ] as const) {
      const res = await get(family, `/api/summary/trend?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("validation_error");
      expect(res.json().errors, query).toContainEqual({ path, message });
    }
    const extra = await get(family, "/api/summary/trend?month=3&year=2026&extra=1");
    expect(extra.statusCode).toBe(400);
  });

  it("answers 401 signed out and 404 not_in_family without a family", async () => {
    expect((await get(null, "/api/summary/trend?month=3&year=2026")).statusCode).toBe(401);
    const lonely = await signUp(t.app);
    const res = await get(lonely, "/api/summary/trend?month=3&year=2026");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_in_family");
  });
});

import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExpensePage } from "../contract/expenses";
import type { MonthSummaryResponse } from "../contract/summary";
import type { MonthTrendResponse } from "../contract/trend";
import {
  createCategory,
  type FamilyMemberSession,
  signUpWithFamily,
} from "./testing/family-helpers";
import { createTestApp, type TestApp } from "./testing/test-app";

/**
 * The largest amounts the app takes (99,999,999.99, docs/product.md#expenses) fed through every
 * sum it stores or computes: an import's total (imports.total_amount, numeric(14,2)), the budget
 * alerts' spending (migration 0007's trigger, numeric since 0010), the month summary, the 12-month
 * trend, the list's totals and the CSV export (numeric(20,2) in SQL). Each must be exact to the
 * cent, or, where it cannot be stored, refused with a 400 before anything is written
 * (docs/product.md#csv-import): never PostgreSQL's overflow as a 500.
 */

const MAX_AMOUNT_CENTS = 9_999_999_999n;
/** numeric(14,2): twelve digits before the point. */
const MAX_IMPORT_TOTAL_CENTS = 99_999_999_999_999n;

const money = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
const cents = (amount: string) => {
  const [whole = "0", fraction = "00"] = amount.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
};

let t: TestApp;
beforeAll(async () => {
  // A family per property run, each a registration from the one test address.
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

// Budget alerts are raised only for periods that ended at most a week ago (migration 0007), so
// the expenses are dated in this month of the database's clock.
let today: string;
let year: number;
let month: number;
beforeAll(async () => {
  const { rows } = await t.database.pool.query<{ today: string }>(
    "select current_date::text as today",
  );
  today = rows[0]?.today as string;
  year = Number(today.slice(0, 4));
  month = Number(today.slice(5, 7));
});

const get = async <T>(who: FamilyMemberSession, url: string): Promise<T> => {
  const res = await t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** A family whose one category's budgets are the largest a budget may be. */
async function family(language = "en") {
  const who = await signUpWithFamily(t.app, { language });
  const category = await createCategory(t.app, who, {
    weeklyBudget: "99999999.99",
    monthlyBudget: "99999999.99",
  });
  return { who, categoryId: category.id };
}

const importLines = (
  who: FamilyMemberSession,
  categoryId: string,
  amounts: { amount: string; count: number }[],
) =>
  t.app.inject({
    method: "POST",
    url: "/api/imports",
    headers: { cookie: who.cookie, "idempotency-key": crypto.randomUUID() },
    payload: {
      fileName: "extrato.csv",
      lines: amounts.flatMap(({ amount, count }) =>
        Array.from({ length: count }, (_, n) => ({
          date: today,
          description: `Linha ${n}`,
          amount,
          categoryId,
        })),
      ),
    },
  });

/** What the family has written, straight from the tables. */
async function written(familyId: string) {
  const { rows } = await t.database.pool.query<{
    expenses: number;
    imports: number;
    history: number;
  }>(
    `select (select count(*)::int from expenses where family_id = $1) as expenses,
            (select count(*)::int from imports where family_id = $1) as imports,
            (select count(*)::int from family_history where family_id = $1 and kind = 'import')
              as history`,
    [familyId],
  );
  return rows[0];
}

/** Every sum the server answers for the family's month, and the alerts it recorded. */
async function sumsOf(who: FamilyMemberSession) {
  const summary = await get<MonthSummaryResponse>(who, `/api/summary?month=${month}&year=${year}`);
  const trend = await get<MonthTrendResponse>(
    who,
    `/api/summary/trend?month=${month}&year=${year}`,
  );
  const page = await get<ExpensePage>(who, "/api/expenses/page");
  const csv = await t.app.inject({
    method: "GET",
    url: "/api/expenses/export.csv?language=en",
    headers: { cookie: who.cookie },
  });
  expect(csv.statusCode).toBe(200);
  const rows = parse(csv.body.slice(1), { record_delimiter: "\r\n" }) as string[][];
  const { rows: alerts } = await t.database.pool.query<{ spent: string; threshold: number }>(
    `select spent::text, threshold from budget_alerts
     where family_id = $1 and period = 'month' order by threshold`,
    [who.familyId],
  );
  return {
    summary: summary.totalSpent,
    byCategory: summary.spentByCategory.map((row) => row.spent),
    byWeek: summary.spentByWeek.reduce((sum, week) => sum + cents(week), 0n),
    trend: trend.months.at(-1)?.spent,
    page: page.totals?.amount,
    exported: rows.slice(1).reduce((sum, row) => sum + cents(row[3] ?? "0"), 0n),
    alerts,
  };
}

describe("an import's total", () => {
  it("up to 999,999,999,999.99 is recorded to the cent; one cent more answers 400, writing nothing", async () => {
    // 10,000 lines of the largest amount and one of 99.99: the largest total an import records.
    const fits = await family();
    const largest = await importLines(fits.who, fits.categoryId, [
      { amount: "99999999.99", count: 10_000 },
      { amount: "99.99", count: 1 },
    ]);
    expect(largest.statusCode, largest.body).toBe(201);
    expect(largest.json()).toMatchObject({
      importedCount: 10_001,
      totalAmount: "999999999999.99",
    });
    const sums = await sumsOf(fits.who);
    expect(sums).toMatchObject({
      summary: "999999999999.99",
      byCategory: ["999999999999.99"],
      byWeek: 99_999_999_999_999n,
      trend: "999999999999.99",
      page: "999999999999.99",
      exported: 99_999_999_999_999n,
    });
    // Past both thresholds in one statement: both recorded, with the exact spending.
    expect(sums.alerts).toEqual([
      { spent: "999999999999.99", threshold: 80 },
      { spent: "999999999999.99", threshold: 100 },
    ]);

    // The same with 100.00: 10^12, which numeric(14,2) cannot hold.
    const over = await family("pt");
    for (const lines of [
      [
        { amount: "99999999.99", count: 10_000 },
        { amount: "100.00", count: 1 },
      ],
      // The most lines an import takes, all of the largest amount.
      [{ amount: "99999999.99", count: 20_000 }],
    ]) {
      const refused = await importLines(over.who, over.categoryId, lines);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: "import_total_too_large",
        message:
          "As linhas marcadas somam mais de 999.999.999.999,99, mais do que uma importação pode registrar. Importe-as em partes menores.",
      });
    }
    expect(await written(over.who.familyId)).toEqual({ expenses: 0, imports: 0, history: 0 });
  }, 120_000);

  it("any number of lines of the largest amount plus one more: recorded exactly iff it fits", async () => {
    const outcomes = { recorded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        // 9,999 lines always fit with one more; 10,000 fit only with at most 99.99 more.
        fc.integer({ min: 9_999, max: 10_000 }),
        fc.bigInt({ min: 1n, max: MAX_AMOUNT_CENTS }),
        async (count, extra) => {
          const { who, categoryId } = await family();
          const total = BigInt(count) * MAX_AMOUNT_CENTS + extra;
          const res = await importLines(who, categoryId, [
            { amount: money(MAX_AMOUNT_CENTS), count },
            { amount: money(extra), count: 1 },
          ]);
          if (total > MAX_IMPORT_TOTAL_CENTS) {
            expect(res.statusCode, res.body).toBe(400);
            expect(res.json().code).toBe("import_total_too_large");
            expect(await written(who.familyId)).toEqual({ expenses: 0, imports: 0, history: 0 });
            outcomes.refused += 1;
          } else {
            expect(res.statusCode, res.body).toBe(201);
            expect(res.json().totalAmount).toBe(money(total));
            // The month summary alone: every other sum of 10,000 such lines is the first test's.
            const summary = await get<MonthSummaryResponse>(
              who,
              `/api/summary?month=${month}&year=${year}`,
            );
            expect(summary.totalSpent).toBe(money(total));
            outcomes.recorded += 1;
          }
        },
      ),
      // Each run writes up to 10,001 expenses: a handful of runs, the same on every run.
      { numRuns: 6, seed: 1012 },
    );
    expect(outcomes.recorded).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 300_000);
});

describe("every sum of the largest amounts", () => {
  it("is exact to the cent in the alerts, the summary, the trend, the list and the export", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: MAX_AMOUNT_CENTS - 1_000n, max: MAX_AMOUNT_CENTS }), {
          minLength: 1,
          maxLength: 40,
        }),
        async (amounts) => {
          const { who, categoryId } = await family();
          const res = await t.app.inject({
            method: "POST",
            url: "/api/imports",
            headers: { cookie: who.cookie, "idempotency-key": crypto.randomUUID() },
            payload: {
              lines: amounts.map((amount, n) => ({
                date: today,
                description: `Linha ${n}`,
                amount: money(amount),
                categoryId,
              })),
            },
          });
          expect(res.statusCode, res.body).toBe(201);
          const total = money(amounts.reduce((sum, amount) => sum + amount, 0n));
          expect(res.json().totalAmount).toBe(total);
          const sums = await sumsOf(who);
          expect(sums).toMatchObject({
            summary: total,
            byCategory: [total],
            byWeek: cents(total),
            trend: total,
            page: total,
            exported: cents(total),
          });
          // Over 80% of the budget from the first line on: an alert per threshold crossed, with
          // the spending of the statement that crossed it.
          expect(sums.alerts.length).toBeGreaterThan(0);
          for (const alert of sums.alerts) expect(alert.spent).toBe(total);
        },
      ),
      { numRuns: 12, seed: 99 },
    );
  }, 300_000);
});

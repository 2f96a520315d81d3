import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BudgetPeriodRule } from "../../contract/budget-period-rule";
import { fromCents, toCents } from "../../contract/cents";
import { periodNamed } from "../budget-period";
import { anyRule } from "./period-rules";
import { monthSpendingOf, monthTrendOf, spentByPayerOf, trendMonths } from "./reference-sums";

// The references the API tests hold the SQL to must themselves be right on hand-computed data.

const ANA = "11111111-1111-4111-8111-111111111111";
const BIA = "22222222-2222-4222-8222-222222222222";

describe("spentByPayerOf", () => {
  it("adds up each payer's month in cents, most first, then by id, the unknown payer last", () => {
    const march = { year: 2026, month: 3 };
    const row = (paidByUserId: string | null, amount: string, month = 3) => ({
      paidByUserId,
      amount,
      date: `2026-0${month}-15`,
    });
    expect(
      spentByPayerOf(march, [
        row(ANA, "0.10"),
        row(ANA, "0.20"),
        row(BIA, "0.30"),
        row(null, "0.30"),
        row(null, "999.00", 4),
        row(BIA, "5.00", 2),
      ]),
    ).toEqual([
      { userId: ANA, spent: "0.30" },
      { userId: BIA, spent: "0.30" },
      { userId: null, spent: "0.30" },
    ]);
    expect(spentByPayerOf(march, [])).toEqual([]);
  });
});

describe("trendMonths", () => {
  it("ends with the shown month and starts eleven before it, across a year", () => {
    const months = trendMonths({ year: 2027, month: 1 });
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ year: 2026, month: 2 });
    expect(months[10]).toEqual({ year: 2026, month: 12 });
    expect(months[11]).toEqual({ year: 2027, month: 1 });
  });

  it("stays in one year when the shown month is December", () => {
    expect(trendMonths({ year: 2026, month: 12 }).map((m) => m.month)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });
});

describe("monthTrendOf", () => {
  const categories = [
    { id: "a", monthlyBudget: "100.10" },
    { id: "b", monthlyBudget: "0.00" },
  ];

  it("sums per month and category in cents, with today's budget for every month", () => {
    const trend = monthTrendOf(
      { year: 2026, month: 3 },
      [
        { amount: "0.10", categoryId: "a", date: "2026-03-01" },
        { amount: "0.20", categoryId: "a", date: "2026-03-31" },
        { amount: "5.00", categoryId: "b", date: "2025-04-01" },
        { amount: "9.99", categoryId: "a", date: "2025-03-31" }, // thirteen months back
      ],
      categories,
      undefined,
      [
        { amount: "5000.00", date: "2026-03-06" },
        { amount: "0.01", date: "2026-03-31" },
        { amount: "700.00", date: "2025-03-31" }, // thirteen months back
      ],
    );
    expect(trend.months[11]).toEqual({
      year: 2026,
      month: 3,
      first: "2026-03-01",
      last: "2026-03-31",
      spent: "0.30",
      budget: "100.10",
      income: "5000.01",
    });
    expect(trend.months[0]).toEqual({
      year: 2025,
      month: 4,
      first: "2025-04-01",
      last: "2025-04-30",
      spent: "5.00",
      budget: "100.10",
      income: "0.00",
    });
    expect(trend.byCategory.get("a")?.[11]).toBe("0.30");
    expect(trend.byCategory.get("b")?.[0]).toBe("5.00");
    expect(trend.uncategorised).toBeNull();
  });

  it("counts spending without a known category as uncategorised", () => {
    const trend = monthTrendOf(
      { year: 2026, month: 3 },
      [
        { amount: "1.00", categoryId: null, date: "2026-02-01" },
        { amount: "2.00", categoryId: "gone", date: "2026-02-28" },
      ],
      categories,
    );
    expect(trend.uncategorised?.[10]).toBe("3.00");
    expect(trend.months[10]?.spent).toBe("3.00");
  });
});

describe("under a family's rule (docs/product.md#budget-periods)", () => {
  // November 2026's period: the 5th business day, Mon-Fri, is the 9th (Nov 2 is Finados), and
  // December's the 7th.
  const fifthBusinessDay: BudgetPeriodRule = {
    start: "business-day",
    day: 5,
    saturdays: false,
    closedDay: "stay",
  };
  const november = { year: 2026, month: 11 };
  const spent = (amount: string, date: string, categoryId: string | null = "a") => ({
    amount,
    date,
    categoryId,
    paidByUserId: categoryId === null ? null : ANA,
  });
  const expenses = [
    spent("1.00", "2026-11-08"), // October's period
    spent("2.00", "2026-11-09"),
    spent("4.00", "2026-11-15"),
    spent("8.00", "2026-11-16"),
    spent("16.00", "2026-11-30", null),
    spent("32.00", "2026-12-06"),
    spent("64.00", "2026-12-07"), // December's
  ];

  it("adds up the period's days, its week buckets counted from its first day", () => {
    expect(monthSpendingOf(november, expenses, fifthBusinessDay)).toEqual({
      period: { first: "2026-11-09", last: "2026-12-06" },
      totalSpent: "62.00",
      uncategorisedSpent: "16.00",
      privateSpent: "0.00",
      spentByCategory: [{ categoryId: "a", spent: "46.00" }],
      spentByWeek: ["6.00", "8.00", "0.00", "48.00"],
    });
    expect(spentByPayerOf(november, expenses, fifthBusinessDay)).toEqual([
      { userId: ANA, spent: "46.00" },
      { userId: null, spent: "16.00" },
    ]);
    // The calendar month by default.
    expect(monthSpendingOf(november, expenses).period).toEqual({
      first: "2026-11-01",
      last: "2026-11-30",
    });
    expect(monthSpendingOf(november, expenses).totalSpent).toBe("31.00");
  });

  it("gives the trend's months their periods' days and sums", () => {
    const trend = monthTrendOf(
      november,
      expenses,
      [{ id: "a", monthlyBudget: "1.00" }],
      fifthBusinessDay,
    );
    expect(trend.months[10]).toMatchObject({
      year: 2026,
      month: 10,
      first: "2026-10-07",
      last: "2026-11-08",
      spent: "1.00",
    });
    expect(trend.months[11]).toMatchObject({
      year: 2026,
      month: 11,
      first: "2026-11-09",
      last: "2026-12-06",
      spent: "62.00",
    });
    expect(trend.uncategorised?.[11]).toBe("16.00");
  });

  it("counts every expense in exactly one of the periods that follow one another", () => {
    fc.assert(
      fc.property(
        anyRule,
        fc.array(fc.record({ cents: fc.integer({ min: 1, max: 99_999 }), day: fc.nat(400) }), {
          maxLength: 30,
        }),
        (rule, items) => {
          const shown = { year: 2027, month: 3 };
          const months = trendMonths(shown);
          const first = periodNamed(months[0] as (typeof months)[number], rule).first;
          const start = Date.parse(`${first}T00:00:00Z`);
          const rows = items.map(({ cents, day }) => ({
            amount: fromCents(cents),
            categoryId: null,
            date: new Date(start + day * 86_400_000).toISOString().slice(0, 10),
          }));
          const last = periodNamed(shown, rule).last;
          const inTrend = items
            .filter((_, i) => (rows[i] as { date: string }).date <= last)
            .reduce((sum, { cents }) => sum + cents, 0);
          const byMonth = months.map((name) => monthSpendingOf(name, rows, rule).totalSpent);
          expect(monthTrendOf(shown, rows, [], rule).months.map((m) => m.spent)).toEqual(byMonth);
          const total = byMonth.reduce((sum, amount) => sum + toCents(amount), 0);
          expect(total).toBe(inTrend);
        },
      ),
      { numRuns: 50 },
    );
  });
});

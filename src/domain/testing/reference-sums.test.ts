import { describe, expect, it } from "vitest";
import { monthTrendOf, spentByPayerOf, trendMonths } from "./reference-sums";

// The references the API tests hold the SQL to must themselves be right on hand-computed data.

const ANA = "11111111-1111-4111-8111-111111111111";
const BIA = "22222222-2222-4222-8222-222222222222";

describe("spentByPayerOf", () => {
  it("adds up each payer's month in cents, most first, then by id, the unknown payer last", () => {
    const march = { year: 2026, month: 3 };
    const row = (paidByUserId: string | null, amount: string, month = 3) => ({
      paidByUserId,
      amount,
      year: 2026,
      month,
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
        { amount: "0.10", categoryId: "a", year: 2026, month: 3 },
        { amount: "0.20", categoryId: "a", year: 2026, month: 3 },
        { amount: "5.00", categoryId: "b", year: 2025, month: 4 },
        { amount: "9.99", categoryId: "a", year: 2025, month: 3 }, // thirteen months back
      ],
      categories,
    );
    expect(trend.months[11]).toEqual({ year: 2026, month: 3, spent: "0.30", budget: "100.10" });
    expect(trend.months[0]).toEqual({ year: 2025, month: 4, spent: "5.00", budget: "100.10" });
    expect(trend.byCategory.get("a")?.[11]).toBe("0.30");
    expect(trend.byCategory.get("b")?.[0]).toBe("5.00");
    expect(trend.uncategorised).toBeNull();
  });

  it("counts spending without a known category as uncategorised", () => {
    const trend = monthTrendOf(
      { year: 2026, month: 3 },
      [
        { amount: "1.00", categoryId: null, year: 2026, month: 2 },
        { amount: "2.00", categoryId: "gone", year: 2026, month: 2 },
      ],
      categories,
    );
    expect(trend.uncategorised?.[10]).toBe("3.00");
    expect(trend.months[10]?.spent).toBe("3.00");
  });
});

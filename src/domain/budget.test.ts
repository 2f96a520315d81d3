import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  categoryStatus,
  nextMonth,
  previousMonth,
  progressPercent,
  remainingBalance,
  reportStatus,
  usagePercent,
  weekCardStatus,
  weeklyBudgetOf,
} from "./budget";

describe("weeklyBudgetOf", () => {
  it("is the monthly budget / 4", () => {
    expect(weeklyBudgetOf(100_000)).toBe(25_000);
    expect(weeklyBudgetOf(0)).toBe(0);
    expect(weeklyBudgetOf(1001)).toBe(250); // 10.01 / 4 = 2.5025 -> 2.50
    expect(weeklyBudgetOf(1002)).toBe(251); // 10.02 / 4 = 2.505 -> 2.51
  });
});

describe("categoryStatus (dashboard)", () => {
  it("is success with the percentage available up to 80% of the budget", () => {
    expect(categoryStatus(0, 10_000)).toEqual({ tone: "success", availablePercent: 100 });
    expect(categoryStatus(2_500, 10_000)).toEqual({ tone: "success", availablePercent: 75 });
    expect(categoryStatus(8_000, 10_000)).toEqual({ tone: "success", availablePercent: 20 });
  });
  it("is a warning above 80% and up to the budget itself", () => {
    expect(categoryStatus(8_001, 10_000)).toEqual({ tone: "warning", availablePercent: 20 });
    expect(categoryStatus(10_000, 10_000)).toEqual({ tone: "warning", availablePercent: 0 });
  });
  it("is destructive with the amount over, strictly above the budget", () => {
    expect(categoryStatus(10_001, 10_000)).toEqual({ tone: "destructive", overByCents: 1 });
    expect(categoryStatus(15_000, 10_000)).toEqual({ tone: "destructive", overByCents: 5_000 });
  });
  it("with a zero budget: success with nothing spent, destructive with anything spent", () => {
    expect(categoryStatus(0, 0)).toEqual({ tone: "success", availablePercent: 100 });
    expect(categoryStatus(1, 0)).toEqual({ tone: "destructive", overByCents: 1 });
  });
});

describe("weekCardStatus", () => {
  it("waits when nothing is spent, even with no budget", () => {
    expect(weekCardStatus(0, 25_000)).toEqual({ kind: "waiting" });
    expect(weekCardStatus(0, 0)).toEqual({ kind: "waiting" });
  });
  it("shows what is available up to the weekly budget, and the excess over it", () => {
    expect(weekCardStatus(10_000, 25_000)).toEqual({ kind: "available", availableCents: 15_000 });
    expect(weekCardStatus(25_000, 25_000)).toEqual({ kind: "available", availableCents: 0 });
    expect(weekCardStatus(25_001, 25_000)).toEqual({ kind: "over", overByCents: 1 });
  });
});

describe("remainingBalance", () => {
  it("is green at zero and above, red below, and always shown as an absolute value", () => {
    expect(remainingBalance(10_000, 4_000)).toEqual({ amountCents: 6_000, positive: true });
    expect(remainingBalance(10_000, 10_000)).toEqual({ amountCents: 0, positive: true });
    expect(remainingBalance(10_000, 12_345)).toEqual({ amountCents: 2_345, positive: false });
  });
});

describe("reportStatus", () => {
  it.each([
    [0, 10_000, "no-spending"],
    [0, 0, "no-spending"],
    [1, 10_000, "within"],
    [8_000, 10_000, "within"],
    [8_001, 10_000, "near"],
    [10_000, 10_000, "near"],
    [10_001, 10_000, "over"],
    [1, 0, "over"],
  ] as const)("spent %i of %i is %s", (spent, budget, status) => {
    expect(reportStatus(spent, budget)).toBe(status);
  });
});

describe("progressPercent", () => {
  it("is capped at 100%", () => {
    expect(progressPercent(5_000, 10_000)).toBe(50);
    expect(progressPercent(10_000, 10_000)).toBe(100);
    expect(progressPercent(30_000, 10_000)).toBe(100);
    expect(progressPercent(1, 0)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe("a month whose refunds passed its spending (a credit)", () => {
  it("has used none of its budget: an empty bar, 100% available, within the budget", () => {
    expect(usagePercent(-4000, 10_000)).toBe(0);
    expect(progressPercent(-4000, 10_000)).toBe(0);
    expect(categoryStatus(-4000, 10_000)).toEqual({ tone: "success", availablePercent: 100 });
    expect(categoryStatus(-4000, 0)).toEqual({ tone: "success", availablePercent: 100 });
    expect(reportStatus(-4000, 10_000)).toBe("within");
    // What is left is the budget and the credit: R$ 100,00 + R$ 40,00.
    expect(remainingBalance(10_000, -4000)).toEqual({ amountCents: 14_000, positive: true });
    expect(weekCardStatus(-1000, 2500)).toEqual({ kind: "available", availableCents: 3500 });
  });
});

describe("month navigation", () => {
  it("wraps December to January of the next year and back", () => {
    expect(nextMonth({ year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
    expect(previousMonth({ year: 2027, month: 1 })).toEqual({ year: 2026, month: 12 });
    expect(nextMonth({ year: 2026, month: 3 })).toEqual({ year: 2026, month: 4 });
    expect(previousMonth({ year: 2026, month: 3 })).toEqual({ year: 2026, month: 2 });
  });
  it("next and previous undo each other", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1901, max: 2198 }),
        fc.integer({ min: 1, max: 12 }),
        (year, month) => {
          expect(previousMonth(nextMonth({ year, month }))).toEqual({ year, month });
          expect(nextMonth(previousMonth({ year, month }))).toEqual({ year, month });
        },
      ),
    );
  });
});

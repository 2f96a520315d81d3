import { describe, expect, it } from "vitest";
import { summarizeMonth as summarizeSpending } from "../../../domain/month-summary";
import { monthSpendingOf } from "../../../domain/testing/reference-sums";
import {
  differenceOf,
  formatShare,
  monthBalance,
  spendingShares,
  UNCATEGORISED_COLOR,
} from "./report-view";

const summarizeMonth = (
  month: Parameters<typeof monthSpendingOf>[0],
  expenses: Parameters<typeof monthSpendingOf>[1],
  categories: Parameters<typeof summarizeSpending>[1],
) => summarizeSpending(monthSpendingOf(month, expenses), categories);

const december = { year: 2025, month: 12 };
const category = (id: string, monthlyBudget: string) => ({
  id,
  name: id,
  color: "#123456",
  weeklyBudget: "0.00",
  monthlyBudget,
});
const expense = (amount: string, categoryId: string | null, date = "2025-12-10") => ({
  amount,
  categoryId,
  date,
  month: Number(date.slice(5, 7)),
  year: Number(date.slice(0, 4)),
});

describe("spendingShares", () => {
  it("has a slice per category with spending and one for uncategorised spending", () => {
    const summary = summarizeMonth(
      december,
      [expense("30.00", "food"), expense("10.00", "food"), expense("20.00", null)],
      [category("food", "100.00"), category("fun", "50.00")],
    );
    const slices = spendingShares(summary, "Sem categoria");
    expect(slices.map((s) => [s.key, s.spentCents])).toEqual([
      ["food", 4000],
      ["uncategorised", 2000],
    ]);
    expect(slices[1]).toMatchObject({ name: "Sem categoria", color: UNCATEGORISED_COLOR });
    expect(slices[0]?.share).toBeCloseTo(2 / 3);
    expect(slices.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1);
  });

  it("is empty when nothing was spent", () => {
    const summary = summarizeMonth(december, [], [category("food", "100.00")]);
    expect(spendingShares(summary, "Sem categoria")).toEqual([]);
  });
});

describe("formatShare", () => {
  it("shows one decimal in the user's locale", () => {
    expect(formatShare(2 / 3, "pt-BR")).toBe("66,7%");
    expect(formatShare(2 / 3, "en-US")).toBe("66.7%");
    expect(formatShare(1, "en-US")).toBe("100.0%");
  });
});

describe("monthBalance", () => {
  it("is an excess when spending is strictly over the budget", () => {
    const summary = summarizeMonth(december, [expense("150.01", "a")], [category("a", "150.00")]);
    expect(monthBalance(summary)).toEqual({ kind: "excess", amountCents: 1 });
  });

  it("is savings when under or exactly on budget", () => {
    const under = summarizeMonth(december, [expense("40.00", "a")], [category("a", "150.00")]);
    expect(monthBalance(under)).toEqual({ kind: "savings", amountCents: 11000 });
    const equal = summarizeMonth(december, [expense("150.00", "a")], [category("a", "150.00")]);
    expect(monthBalance(equal)).toEqual({ kind: "savings", amountCents: 0 });
  });
});

describe("differenceOf", () => {
  it("flags spending over budget and keeps the amount positive", () => {
    expect(differenceOf(-2500)).toEqual({ over: true, amountCents: 2500 });
    expect(differenceOf(2500)).toEqual({ over: false, amountCents: 2500 });
    expect(differenceOf(0)).toEqual({ over: false, amountCents: 0 });
  });
});

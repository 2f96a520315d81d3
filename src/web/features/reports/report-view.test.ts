import { describe, expect, it } from "vitest";
import { summarizeMonth as summarizeSpending } from "../../../domain/month-summary";
import { monthSpendingOf } from "../../../domain/testing/reference-sums";
import {
  differenceOf,
  formatShare,
  monthBalance,
  PRIVATE_COLOR,
  spendingShares,
  UNCATEGORISED_COLOR,
} from "./report-view";

const summarizeMonth = (
  month: Parameters<typeof monthSpendingOf>[0],
  expenses: Parameters<typeof monthSpendingOf>[1],
  categories: Parameters<typeof summarizeSpending>[1],
) => summarizeSpending(monthSpendingOf(month, expenses), categories);
const names = { uncategorised: "Sem categoria", private: "Gastos privados" };

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

/** Another member's private expense: amount and date alone (docs/product.md#private-expenses). */
const hidden = (amount: string) => ({ ...expense(amount, null), hidden: true });

describe("spendingShares", () => {
  it("has a slice per category with spending and one for uncategorised spending", () => {
    const summary = summarizeMonth(
      december,
      [expense("30.00", "food"), expense("10.00", "food"), expense("20.00", null)],
      [category("food", "100.00"), category("fun", "50.00")],
    );
    const slices = spendingShares(summary, names);
    expect(slices.map((s) => [s.key, s.spentCents])).toEqual([
      ["food", 4000],
      ["uncategorised", 2000],
    ]);
    expect(slices[1]).toMatchObject({ name: "Sem categoria", color: UNCATEGORISED_COLOR });
    expect(slices[0]?.share).toBeCloseTo(2 / 3);
    expect(slices.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1);
  });

  it("has one unnamed slice of others' private spending last, and the slices add up", () => {
    const summary = summarizeMonth(
      december,
      [expense("30.00", "food"), expense("20.00", null), hidden("50.00")],
      [category("food", "100.00")],
    );
    const slices = spendingShares(summary, names);
    expect(slices.map((s) => [s.key, s.name, s.spentCents, s.share])).toEqual([
      ["food", "food", 3000, 0.3],
      ["uncategorised", "Sem categoria", 2000, 0.2],
      ["private", "Gastos privados", 5000, 0.5],
    ]);
    expect(slices[2]?.color).toBe(PRIVATE_COLOR);
    expect(slices.reduce((sum, s) => sum + s.spentCents, 0)).toBe(summary.totalSpentCents);
    expect(slices.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1);
  });

  it("has no private slice when others spent nothing privately", () => {
    const summary = summarizeMonth(december, [expense("30.00", "food")], [category("food", "1")]);
    expect(spendingShares(summary, names).map((s) => s.key)).toEqual(["food"]);
  });

  it("is a single private slice when others' private spending is all there is", () => {
    const summary = summarizeMonth(december, [hidden("12.34")], [category("food", "100.00")]);
    expect(spendingShares(summary, names)).toEqual([
      {
        key: "private",
        name: "Gastos privados",
        color: PRIVATE_COLOR,
        spentCents: 1234,
        share: 1,
      },
    ]);
  });

  it("is empty when nothing was spent", () => {
    const summary = summarizeMonth(december, [], [category("food", "100.00")]);
    expect(spendingShares(summary, names)).toEqual([]);
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

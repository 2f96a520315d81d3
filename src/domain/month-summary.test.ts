import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BudgetPeriodRule } from "../contract/budget-period-rule";
import { fromCents, toCents } from "../contract/money";
import { dateOfEpochDay, epochDayOf } from "./brazil-holidays";
import type { YearMonth } from "./budget";
import { periodNamed } from "./budget-period";
import { summarizeMonth } from "./month-summary";
import { anyRule } from "./testing/period-rules";
import { monthSpendingOf } from "./testing/reference-sums";

const food = {
  id: "food",
  name: "Alimentação",
  color: "#16a34a",
  weeklyBudget: "200.00",
  monthlyBudget: "800.00",
};
const fun = {
  id: "fun",
  name: "Lazer",
  color: "#ea580c",
  weeklyBudget: "50.00",
  monthlyBudget: "200.00",
};
const expense = (amount: string, date: string, categoryId: string | null) => ({
  amount,
  date,
  categoryId,
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

type Expense = ReturnType<typeof expense> & { hidden?: boolean };

/**
 * Another member's private expense as the reader reads it (docs/product.md#private-expenses): its
 * amount and date alone.
 */
const hidden = (amount: string, date: string) => ({ ...expense(amount, date, null), hidden: true });

const summarize = (
  month: YearMonth,
  expenses: Expense[],
  categories: (typeof food)[],
  rule?: BudgetPeriodRule,
) => summarizeMonth(monthSpendingOf(month, expenses, rule), categories);

describe("summarizeMonth", () => {
  it("computes the dashboard and report figures of a month by hand", () => {
    const summary = summarize(
      { year: 2026, month: 3 },
      [
        expense("100.00", "2026-03-07", "food"),
        expense("50.50", "2026-03-08", "food"),
        expense("250.00", "2026-03-22", "fun"),
        expense("9.99", "2026-03-31", null),
        expense("1000.00", "2026-02-28", "food"), // another month
      ],
      [food, fun],
    );
    expect(summary.totalSpentCents).toBe(41_049);
    expect(summary.totalBudgetCents).toBe(100_000);
    expect(summary.weeklyBudgetCents).toBe(25_000);
    expect(summary.remaining).toEqual({ amountCents: 58_951, positive: true });
    expect(summary.uncategorisedSpentCents).toBe(999);
    expect(summary.weeks.map((w) => w.spentCents)).toEqual([10_000, 5_050, 0, 25_999]);
    expect(summary.weeks.map((w) => w.status.kind)).toEqual([
      "available",
      "available",
      "waiting",
      "over",
    ]);
    expect(summary.categories).toEqual([
      expect.objectContaining({
        categoryId: "food",
        spentCents: 15_050,
        differenceCents: 64_950,
        status: { tone: "success", availablePercent: 81 },
        reportStatus: "within",
      }),
      expect.objectContaining({
        categoryId: "fun",
        spentCents: 25_000,
        differenceCents: -5_000,
        status: { tone: "destructive", overByCents: 5_000 },
        reportStatus: "over",
      }),
    ]);
    expect(summary.performance).toEqual({ within: 1, over: 1, noSpending: 0 });
  });

  it("counts an expense whose category is gone as uncategorised", () => {
    const summary = summarize(
      { year: 2026, month: 3 },
      [expense("5.00", "2026-03-01", "deleted")],
      [food],
    );
    expect(summary.uncategorisedSpentCents).toBe(500);
    expect(summary.totalSpentCents).toBe(500);
    expect(summary.categories[0]?.spentCents).toBe(0);
    expect(summary.performance).toEqual({ within: 0, over: 0, noSpending: 1 });
  });

  it("counts other members' private spending in the total and the weeks, in no category", () => {
    const summary = summarize(
      { year: 2026, month: 3 },
      [
        expense("790.00", "2026-03-02", "food"),
        hidden("30.00", "2026-03-03"),
        hidden("0.45", "2026-03-30"),
      ],
      [food, fun],
    );
    expect(summary.privateSpentCents).toBe(3_045);
    expect(summary.totalSpentCents).toBe(82_045);
    expect(summary.weeks.map((w) => w.spentCents)).toEqual([82_000, 0, 0, 45]);
    expect(summary.remaining).toEqual({ amountCents: 17_955, positive: true });
    expect(summary.uncategorisedSpentCents).toBe(0);
    // Food's 790.00 of 800.00 stays under its budget: the private 30.45 is in no category's.
    expect(summary.categories[0]).toMatchObject({
      spentCents: 79_000,
      differenceCents: 1_000,
      reportStatus: "near",
    });
    expect(summary.categories[1]?.spentCents).toBe(0);
  });

  it("leaves other members' private spending as the answer has it, pending expenses aside", () => {
    const summary = summarizeMonth(
      monthSpendingOf({ year: 2026, month: 3 }, [hidden("12.00", "2026-03-10")]),
      [food],
      [expense("5.00", "2026-03-11", null), expense("7.00", "2026-03-12", "food")],
    );
    expect(summary.privateSpentCents).toBe(1_200);
    expect(summary.uncategorisedSpentCents).toBe(500);
    expect(summary.totalSpentCents).toBe(2_400);
  });

  it("keeps weeks, categories and the total in agreement to the cent", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 1, max: 9_999_999_999 }),
            day: fc.integer({ min: 1, max: 31 }),
            // "private": another member's private expense, known by its amount and date alone.
            category: fc.constantFrom("food", "fun", null, "private"),
          }),
          { maxLength: 40 },
        ),
        (items) => {
          const summary = summarize(
            { year: 2026, month: 3 },
            items.map((i) => {
              const date = `2026-03-${String(i.day).padStart(2, "0")}`;
              const amount = fromCents(i.cents);
              return i.category === "private"
                ? hidden(amount, date)
                : expense(amount, date, i.category);
            }),
            [food, fun],
          );
          const total = items.reduce((sum, i) => sum + i.cents, 0);
          expect(summary.totalSpentCents).toBe(total);
          expect(summary.weeks.reduce((sum, w) => sum + w.spentCents, 0)).toBe(total);
          expect(
            summary.categories.reduce((sum, c) => sum + c.spentCents, 0) +
              summary.uncategorisedSpentCents +
              summary.privateSpentCents,
          ).toBe(total);
        },
      ),
    );
  });

  it("counts unsaved expenses (the dashboard's pending ones) exactly as if they were saved", () => {
    const month = { year: 2026, month: 3 };
    const item = fc.record({
      cents: fc.integer({ min: 1, max: 9_999_999_999 }),
      day: fc.integer({ min: 1, max: 31 }),
      // "gone": a category deleted meanwhile, which counts as uncategorised.
      category: fc.constantFrom("food", "fun", "gone", null),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), fc.array(item, { maxLength: 5 }), (a, b) => {
        const [saved, unsaved] = [a, b].map((items) =>
          items.map((i) =>
            expense(fromCents(i.cents), `2026-03-${String(i.day).padStart(2, "0")}`, i.category),
          ),
        );
        expect(summarizeMonth(monthSpendingOf(month, saved ?? []), [food, fun], unsaved)).toEqual(
          summarize(month, [...(saved ?? []), ...(unsaved ?? [])], [food, fun]),
        );
      }),
    );
  });

  it("buckets a family's period by its own days, unsaved expenses too", () => {
    // November 2026 under the 5th business day (Mon-Fri): the 9th to December 6th.
    const rule: BudgetPeriodRule = {
      start: "business-day",
      day: 5,
      saturdays: false,
      closedDay: "stay",
    };
    const november = { year: 2026, month: 11 };
    const spending = monthSpendingOf(november, [expense("10.00", "2026-11-09", "food")], rule);
    expect(spending.period).toEqual({ first: "2026-11-09", last: "2026-12-06" });
    const summary = summarizeMonth(
      spending,
      [food, fun],
      [
        expense("1.00", "2026-11-16", "fun"), // week 2
        expense("2.00", "2026-12-06", null), // week 4, the period's last day
        expense("4.00", "2026-11-08", "food"), // October's period: not this one's
        expense("8.00", "2026-12-07", "food"), // December's
      ],
    );
    expect(summary.weeks.map((w) => w.spentCents)).toEqual([1_000, 100, 0, 200]);
    expect(summary.totalSpentCents).toBe(1_300);
    expect(summary.uncategorisedSpentCents).toBe(200);
    expect(summary.categories.map((c) => c.spentCents)).toEqual([1_000, 100]);
  });

  it("counts unsaved expenses as if saved under any rule, and only the period's", () => {
    const month = { year: 2026, month: 2 };
    const item = fc.record({
      cents: fc.integer({ min: 1, max: 9_999_999_999 }),
      // From ten days before the calendar month to ten after: in and out of any period.
      day: fc.integer({ min: -10, max: 38 }),
      category: fc.constantFrom("food", "fun", "gone", null),
    });
    const toExpense = (i: { cents: number; day: number; category: string | null }) =>
      expense(fromCents(i.cents), dateOfEpochDay(epochDayOf("2026-02-01") + i.day), i.category);
    fc.assert(
      fc.property(
        anyRule,
        fc.array(item, { maxLength: 20 }),
        fc.array(item, { maxLength: 8 }),
        (rule, a, b) => {
          const [saved, unsaved] = [a.map(toExpense), b.map(toExpense)] as [Expense[], Expense[]];
          const summary = summarizeMonth(monthSpendingOf(month, saved, rule), [food, fun], unsaved);
          expect(summary).toEqual(summarize(month, [...saved, ...unsaved], [food, fun], rule));
          const { first, last } = periodNamed(month, rule);
          const inPeriod = [...saved, ...unsaved].filter((e) => first <= e.date && e.date <= last);
          expect(summary.weeks.reduce((sum, w) => sum + w.spentCents, 0)).toBe(
            summary.totalSpentCents,
          );
          expect(summary.totalSpentCents).toBe(
            inPeriod.reduce((sum, e) => sum + toCents(e.amount), 0),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

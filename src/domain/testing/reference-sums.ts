import { fromCents, toCents } from "../../contract/cents";
import { previousMonth, weekOfMonth, type YearMonth } from "../budget";
import type { MonthSpending } from "../month-summary";
import { comparePayerSpending, type PayerSpending } from "../payer-spending";

/**
 * What the database adds up for GET /api/summary and GET /api/summary/trend, written out the
 * plain way in TypeScript: the API tests compare the two on random data, so the screens' numbers
 * cannot drift from docs/product.md#month-summary and #12-month-trend. Test support only: the
 * product never adds expenses up outside SQL.
 */

type MonthExpense = {
  amount: string;
  categoryId: string | null;
  date: string;
  month: number;
  year: number;
};

/** A month's sums as GET /api/summary answers them; week buckets by weekOfMonth. */
export function monthSpendingOf(
  { year, month }: YearMonth,
  expenses: MonthExpense[],
): MonthSpending {
  const byCategory = new Map<string, number>();
  const byWeek = [0, 0, 0, 0];
  let total = 0;
  let uncategorised = 0;
  for (const expense of expenses) {
    if (expense.year !== year || expense.month !== month) continue;
    const cents = toCents(expense.amount);
    total += cents;
    const week = weekOfMonth(expense.date) - 1;
    byWeek[week] = (byWeek[week] ?? 0) + cents;
    if (expense.categoryId) {
      byCategory.set(expense.categoryId, (byCategory.get(expense.categoryId) ?? 0) + cents);
    } else {
      uncategorised += cents;
    }
  }
  return {
    totalSpent: fromCents(total),
    uncategorisedSpent: fromCents(uncategorised),
    spentByCategory: [...byCategory].map(([categoryId, cents]) => ({
      categoryId,
      spent: fromCents(cents),
    })),
    spentByWeek: byWeek.map(fromCents) as MonthSpending["spentByWeek"],
  };
}

/** GET /api/summary's spentByPayer: only payers with spending in the month, in its order. */
export function spentByPayerOf(
  { year, month }: YearMonth,
  expenses: { amount: string; paidByUserId: string | null; year: number; month: number }[],
): PayerSpending[] {
  const cents = new Map<string | null, number>();
  for (const expense of expenses) {
    if (expense.year !== year || expense.month !== month) continue;
    cents.set(
      expense.paidByUserId,
      (cents.get(expense.paidByUserId) ?? 0) + toCents(expense.amount),
    );
  }
  return [...cents]
    .map(([userId, spent]) => ({ userId, spent: fromCents(spent) }))
    .sort(comparePayerSpending);
}

const TREND_LENGTH = 12;

/** The twelve months that end with `shown`, oldest first (January shows February to January). */
export function trendMonths(shown: YearMonth): YearMonth[] {
  const months = [shown];
  while (months.length < TREND_LENGTH) {
    months.unshift(previousMonth(months[0] as YearMonth));
  }
  return months;
}

type MonthTrendSpending = {
  months: { year: number; month: number; spent: string; budget: string }[];
  byCategory: Map<string, string[]>;
  uncategorised: string[] | null;
};

/**
 * GET /api/summary/trend's sums from a family's expenses and categories. A month's budget is the
 * sum of the categories' monthly budgets, as in the month summary (summarizeMonth's totalBudget),
 * the same for every month since budgets have no history.
 */
export function monthTrendOf(
  shown: YearMonth,
  expenses: { amount: string; categoryId: string | null; month: number; year: number }[],
  categories: { id: string; monthlyBudget: string }[],
): MonthTrendSpending {
  const months = trendMonths(shown);
  const indexOf = new Map(months.map((m, i) => [`${m.year}-${m.month}`, i]));
  const zeros = () => Array.from({ length: TREND_LENGTH }, () => 0);
  const total = zeros();
  const uncategorised = zeros();
  let anyUncategorised = false;
  const byCategory = new Map(categories.map((c) => [c.id, zeros()]));
  for (const expense of expenses) {
    const i = indexOf.get(`${expense.year}-${expense.month}`);
    if (i === undefined) continue;
    const cents = toCents(expense.amount);
    total[i] = (total[i] ?? 0) + cents;
    const series = expense.categoryId === null ? undefined : byCategory.get(expense.categoryId);
    if (series) series[i] = (series[i] ?? 0) + cents;
    else {
      uncategorised[i] = (uncategorised[i] ?? 0) + cents;
      anyUncategorised = true;
    }
  }
  const budget = fromCents(categories.reduce((sum, c) => sum + toCents(c.monthlyBudget), 0));
  return {
    months: months.map((m, i) => ({ ...m, spent: fromCents(total[i] ?? 0), budget })),
    byCategory: new Map([...byCategory].map(([id, cents]) => [id, cents.map(fromCents)])),
    uncategorised: anyUncategorised ? uncategorised.map(fromCents) : null,
  };
}

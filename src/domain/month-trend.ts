import { fromCents, toCents } from "../contract/cents";
import { previousMonth, type YearMonth } from "./budget";

/** How many months the Reports' trend shows: the shown month and the eleven before it. */
export const TREND_LENGTH = 12;

/** The twelve months that end with `shown`, oldest first (January shows February to January). */
export function trendMonths(shown: YearMonth): YearMonth[] {
  const months = [shown];
  while (months.length < TREND_LENGTH) {
    months.unshift(previousMonth(months[0] as YearMonth));
  }
  return months;
}

type ExpenseLike = { amount: string; categoryId: string | null; month: number; year: number };
type CategoryLike = { id: string; monthlyBudget: string };

export type MonthTrendSpending = {
  months: { year: number; month: number; spent: string; budget: string }[];
  byCategory: Map<string, string[]>;
  uncategorised: string[] | null;
};

/**
 * The reference for what GET /api/summary/trend adds up in SQL, from a family's expenses and
 * categories: the API tests compare the two on random data. A month's budget is the sum of the
 * categories' monthly budgets, as in the month summary (summarizeMonth's totalBudget), the same
 * for every month since budgets have no history (docs/product.md, "12-month trend").
 */
export function monthTrendOf(
  shown: YearMonth,
  expenses: ExpenseLike[],
  categories: CategoryLike[],
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

import { type BudgetPeriodRule, CALENDAR_MONTH } from "../../contract/budget-period-rule";
import { fromCents, toCents } from "../../contract/cents";
import { previousMonth, type YearMonth } from "../budget";
import { type BudgetPeriod, periodNamed, weekOfPeriod } from "../budget-period";
import type { MonthSpending } from "../month-summary";
import { comparePayerSpending, type PayerSpending } from "../payer-spending";

/**
 * What the database adds up for GET /api/summary and GET /api/summary/trend, written out the
 * plain way in TypeScript: the API tests compare the two on random data, so the screens' numbers
 * cannot drift from docs/product.md#month-summary and #12-month-trend. Test support only: the
 * product never adds expenses up outside SQL.
 *
 * A month is the family's budget month its name stands for (docs/product.md#budget-periods):
 * under `rule`, the calendar month by default. An expense counts in the period its date falls
 * in, whatever calendar month it is stored under.
 */

/**
 * `hidden`: another member's private expense as the reader reads it (docs/product.md#private-expenses),
 * in the total and the weeks and on the one 'Gastos privados' line, in no category.
 */
type MonthExpense = { amount: string; categoryId: string | null; date: string; hidden?: boolean };

const within = (date: string, period: { first: string; last: string }) =>
  period.first <= date && date <= period.last;

/** A month's sums as GET /api/summary answers them; week buckets by weekOfPeriod. */
export function monthSpendingOf(
  name: YearMonth,
  expenses: MonthExpense[],
  rule: BudgetPeriodRule = CALENDAR_MONTH,
): MonthSpending {
  const period = periodNamed(name, rule);
  const byCategory = new Map<string, number>();
  const byWeek = [0, 0, 0, 0];
  let total = 0;
  let uncategorised = 0;
  let hidden = 0;
  for (const expense of expenses) {
    if (!within(expense.date, period)) continue;
    const cents = toCents(expense.amount);
    total += cents;
    const week = weekOfPeriod(expense.date, period) - 1;
    byWeek[week] = (byWeek[week] ?? 0) + cents;
    if (expense.hidden) {
      hidden += cents;
    } else if (expense.categoryId) {
      byCategory.set(expense.categoryId, (byCategory.get(expense.categoryId) ?? 0) + cents);
    } else {
      uncategorised += cents;
    }
  }
  return {
    period: { first: period.first, last: period.last },
    totalSpent: fromCents(total),
    uncategorisedSpent: fromCents(uncategorised),
    privateSpent: fromCents(hidden),
    spentByCategory: [...byCategory].map(([categoryId, cents]) => ({
      categoryId,
      spent: fromCents(cents),
    })),
    spentByWeek: byWeek.map(fromCents) as MonthSpending["spentByWeek"],
  };
}

/** GET /api/summary's spentByPayer: only payers with spending in the month, in its order. */
export function spentByPayerOf(
  name: YearMonth,
  expenses: { amount: string; paidByUserId: string | null; date: string }[],
  rule: BudgetPeriodRule = CALENDAR_MONTH,
): PayerSpending[] {
  const period = periodNamed(name, rule);
  const cents = new Map<string | null, number>();
  for (const expense of expenses) {
    if (!within(expense.date, period)) continue;
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
  months: {
    year: number;
    month: number;
    first: string;
    last: string;
    spent: string;
    budget: string;
    income: string;
  }[];
  byCategory: Map<string, string[]>;
  uncategorised: string[] | null;
};

/**
 * GET /api/summary/trend's sums from a family's expenses and categories: the twelve periods
 * that end with the one `shown` names, each with its days. A month's budget is the sum of the
 * categories' monthly budgets, as in the month summary (summarizeMonth's totalBudget), the same
 * for every month since budgets have no history.
 */
export function monthTrendOf(
  shown: YearMonth,
  expenses: { amount: string; categoryId: string | null; date: string }[],
  categories: { id: string; monthlyBudget: string }[],
  rule: BudgetPeriodRule = CALENDAR_MONTH,
  incomes: { amount: string; date: string }[] = [],
): MonthTrendSpending {
  const months: BudgetPeriod[] = trendMonths(shown).map((name) => periodNamed(name, rule));
  const zeros = () => Array.from({ length: TREND_LENGTH }, () => 0);
  const total = zeros();
  const uncategorised = zeros();
  let anyUncategorised = false;
  const byCategory = new Map(categories.map((c) => [c.id, zeros()]));
  for (const expense of expenses) {
    const i = months.findIndex((period) => within(expense.date, period));
    if (i < 0) continue;
    const cents = toCents(expense.amount);
    total[i] = (total[i] ?? 0) + cents;
    const series = expense.categoryId === null ? undefined : byCategory.get(expense.categoryId);
    if (series) series[i] = (series[i] ?? 0) + cents;
    else {
      uncategorised[i] = (uncategorised[i] ?? 0) + cents;
      anyUncategorised = true;
    }
  }
  const income = zeros();
  for (const entry of incomes) {
    const i = months.findIndex((period) => within(entry.date, period));
    if (i >= 0) income[i] = (income[i] ?? 0) + toCents(entry.amount);
  }
  const budget = fromCents(categories.reduce((sum, c) => sum + toCents(c.monthlyBudget), 0));
  return {
    months: months.map(({ year, month, first, last }, i) => ({
      year,
      month,
      first,
      last,
      spent: fromCents(total[i] ?? 0),
      budget,
      income: fromCents(income[i] ?? 0),
    })),
    byCategory: new Map([...byCategory].map(([id, cents]) => [id, cents.map(fromCents)])),
    uncategorised: anyUncategorised ? uncategorised.map(fromCents) : null,
  };
}

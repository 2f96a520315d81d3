/**
 * The budget rules of docs/product.md#month-summary as pure functions on integer cents, shared by the dashboard
 * and the reports so both always agree. No I/O, no floats for money.
 */

export const WEEKS_PER_MONTH = 4;
export const WARNING_THRESHOLD_PERCENT = 80;
export const RECENT_TRANSACTIONS = 3;

export type YearMonth = { year: number; month: number };

export type Week = 1 | 2 | 3 | 4;

/** The dashboard's weekly budget: the monthly budget split into four, rounded to the cent. */
export const weeklyBudgetOf = (monthlyBudgetCents: number) =>
  Math.round(monthlyBudgetCents / WEEKS_PER_MONTH);

/**
 * Spent as a share of the budget, in percent; a zero budget is fully used by any spending. A
 * month whose refunds passed its spending (a negative spent, a credit: docs/product.md#refunds)
 * has used none of it, so no bar runs backwards and no more than 100% is ever available.
 */
export function usagePercent(spentCents: number, budgetCents: number): number {
  if (budgetCents <= 0) return spentCents > 0 ? Number.POSITIVE_INFINITY : 0;
  return (Math.max(0, spentCents) / budgetCents) * 100;
}

/** Width of a progress bar: the usage, capped at 100%. */
export const progressPercent = (spentCents: number, budgetCents: number) =>
  Math.min(100, usagePercent(spentCents, budgetCents));

export type CategoryStatus =
  | { tone: "destructive"; overByCents: number }
  | { tone: "warning"; availablePercent: number }
  | { tone: "success"; availablePercent: number };

/**
 * Dashboard category status: over the monthly budget (strictly) is destructive with the amount
 * over; usage above 80% is a warning; otherwise success with the percentage still available.
 */
export function categoryStatus(spentCents: number, monthlyBudgetCents: number): CategoryStatus {
  if (spentCents > monthlyBudgetCents) {
    return { tone: "destructive", overByCents: spentCents - monthlyBudgetCents };
  }
  const used = usagePercent(spentCents, monthlyBudgetCents);
  const availablePercent = Math.max(0, Math.round(100 - used));
  return used > WARNING_THRESHOLD_PERCENT
    ? { tone: "warning", availablePercent }
    : { tone: "success", availablePercent };
}

export type WeekCardStatus =
  | { kind: "waiting" }
  | { kind: "over"; overByCents: number }
  | { kind: "available"; availableCents: number };

/** Week card: 'Aguardando' when nothing spent, '+X da meta' when over, else 'X disponível'. */
export function weekCardStatus(spentCents: number, weeklyBudgetCents: number): WeekCardStatus {
  if (spentCents === 0) return { kind: "waiting" };
  if (spentCents > weeklyBudgetCents)
    return { kind: "over", overByCents: spentCents - weeklyBudgetCents };
  return { kind: "available", availableCents: weeklyBudgetCents - spentCents };
}

/** Remaining balance: shown as an absolute value, green when >= 0 and red otherwise. */
export function remainingBalance(budgetCents: number, spentCents: number) {
  const remaining = budgetCents - spentCents;
  return { amountCents: Math.abs(remaining), positive: remaining >= 0 };
}

export type ReportStatus = "no-spending" | "over" | "near" | "within";

/** Report status: no spending; strictly above the budget; above 80% of it; otherwise within. */
export function reportStatus(spentCents: number, budgetCents: number): ReportStatus {
  if (spentCents === 0) return "no-spending";
  if (spentCents > budgetCents) return "over";
  if (usagePercent(spentCents, budgetCents) > WARNING_THRESHOLD_PERCENT) return "near";
  return "within";
}

export const nextMonth = ({ year, month }: YearMonth): YearMonth =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

export const previousMonth = ({ year, month }: YearMonth): YearMonth =>
  month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

import { fromCents, toCents } from "../contract/cents";
import type { YearMonth } from "./budget";

/** A payer's spending in a month; userId null for expenses whose payer's account was deleted. */
export type PayerSpending = { userId: string | null; spent: string };

/** The order of GET /api/summary's spentByPayer: most spent first, then by id, null last. */
export function comparePayerSpending(a: PayerSpending, b: PayerSpending): number {
  const byAmount = toCents(b.spent) - toCents(a.spent);
  if (byAmount !== 0) return byAmount;
  if (a.userId === b.userId) return 0;
  if (a.userId === null) return 1;
  if (b.userId === null) return -1;
  return a.userId < b.userId ? -1 : 1;
}

/**
 * The reference for what GET /api/summary adds up per payer in SQL: the API tests compare the two
 * on random data. Only payers with spending in the month.
 */
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

export type PayerShare = { userId: string | null; spentCents: number; share: number };

/** Each payer's part of the month's total (0..1), for the Reports table and its chart. */
export function payerShares(spentByPayer: readonly PayerSpending[]): PayerShare[] {
  const rows = spentByPayer.map((row) => ({ userId: row.userId, spentCents: toCents(row.spent) }));
  const total = rows.reduce((sum, row) => sum + row.spentCents, 0);
  return rows.map((row) => ({ ...row, share: total > 0 ? row.spentCents / total : 0 }));
}

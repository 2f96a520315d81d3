import { toCents } from "../contract/cents";

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

export type PayerShare = { userId: string | null; spentCents: number; share: number };

/** Each payer's part of the month's total (0..1), for the Reports table and its chart. */
export function payerShares(spentByPayer: readonly PayerSpending[]): PayerShare[] {
  const rows = spentByPayer.map((row) => ({ userId: row.userId, spentCents: toCents(row.spent) }));
  const total = rows.reduce((sum, row) => sum + row.spentCents, 0);
  return rows.map((row) => ({ ...row, share: total > 0 ? row.spentCents / total : 0 }));
}

import { toCents } from "../../../contract/cents";
import type { CreateExpenseInput } from "../../../contract/expenses";
import type { YearMonth } from "../../../domain/budget";

/**
 * An expense kept on this device until the network returns (offline/queue.ts's entries), as the
 * dashboard shows it: in the month's figures (summarizeMonth's `unsaved`) and first in the recent
 * transactions, marked pending (docs/product.md#offline-expense-queue).
 */
export type PendingExpense = {
  id: string;
  input: CreateExpenseInput;
  status: "pending" | "sending" | "refused";
  /** When the server saved it, while it is still shown (offline/queue-snapshot.ts). */
  savedAt?: number;
};

/**
 * The month's expenses still to be saved, newest first. A refused one is left out: the server
 * will not save it as it is, and the Expenses screen asks to fix or discard it. So is one saved
 * before the month's figures were answered (`answeredAt`): they hold it already.
 */
export function pendingInMonth(
  entries: readonly PendingExpense[],
  { year, month }: YearMonth,
  answeredAt: number,
): PendingExpense[] {
  const prefix = `${year}-${String(month).padStart(2, "0")}-`;
  return entries
    .filter(
      (entry) =>
        entry.status !== "refused" &&
        entry.input.date.startsWith(prefix) &&
        (entry.savedAt ?? Number.POSITIVE_INFINITY) > answeredAt,
    )
    .reverse();
}

/** What the pending expenses add to the month, in cents. */
export const pendingCents = (pending: readonly PendingExpense[]) =>
  pending.reduce((sum, { input }) => sum + toCents(input.amount), 0);

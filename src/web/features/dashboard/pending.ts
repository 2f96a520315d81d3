import { toCents } from "../../../contract/cents";
import type { CreateExpenseInput } from "../../../contract/expenses";

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
 * The shown budget month's expenses still to be saved, newest first: those dated within its first
 * and last day (the family's period, docs/product.md#budget-periods, the calendar month by
 * default). A refused one is left out: the server will not save it as it is, and the Expenses
 * screen asks to fix or discard it. So is one saved before the month's figures were answered
 * (`answeredAt`): they hold it already.
 */
export function pendingInPeriod(
  entries: readonly PendingExpense[],
  { first, last }: { first: string; last: string },
  answeredAt: number,
): PendingExpense[] {
  return entries
    .filter(
      (entry) =>
        entry.status !== "refused" &&
        entry.input.date >= first &&
        entry.input.date <= last &&
        (entry.savedAt ?? Number.POSITIVE_INFINITY) > answeredAt,
    )
    .reverse();
}

/** What the pending expenses add to the month, in cents. */
export const pendingCents = (pending: readonly PendingExpense[]) =>
  pending.reduce((sum, { input }) => sum + toCents(input.amount), 0);

import type { Split } from "../../contract/shares";
import type { ExpenseRow } from "../api-rows";
import type { Db } from "../db/client";
import {
  fieldsDeleted,
  type HistoryActor,
  type HistoryFields,
  namesFor,
  recordHistory,
} from "../history/record";

/**
 * What the family history keeps of an expense (docs/product.md#family-history): the fields its
 * entries show, and a deleted one as it was, for its restore. Only the write module
 * (writes.ts) records expense entries; history/record.ts writes the entries of everything else.
 */

/**
 * A deleted expense as its history entry keeps it: what a restore puts back
 * (docs/product.md#restoring-a-deleted-expense).
 */
export type ExpenseSnapshot = {
  id: string;
  description: string;
  amount: string;
  categoryId: string | null;
  addedByUserId: string | null;
  paidByUserId: string | null;
  /** Absent in entries recorded before payment methods existed. */
  paymentMethodId?: string | null;
  /** Absent in entries recorded before card bills existed. */
  billId?: string | null;
  /** Absent in entries recorded before installments existed. */
  seriesId?: string | null;
  installment?: number | null;
  installmentCount?: number | null;
  /** Absent in entries recorded before shares existed: the family's split. */
  split?: Split;
  /** Absent in entries recorded before private expenses existed: shared. */
  private?: boolean;
  /** A refund's purchase (docs/product.md#refunds); absent before refunds existed. */
  refundOfId?: string | null;
  recurringRuleId: string | null;
  recurringDate: string | null;
  date: string;
  isExample: boolean;
  createdAt: string;
};

export const expenseSnapshot = (row: ExpenseRow): ExpenseSnapshot => ({
  id: row.id,
  description: row.description,
  amount: row.amount,
  categoryId: row.categoryId,
  addedByUserId: row.addedByUserId,
  paidByUserId: row.paidByUserId,
  paymentMethodId: row.paymentMethodId,
  billId: row.billId,
  seriesId: row.seriesId,
  installment: row.installment,
  installmentCount: row.installmentCount,
  split: row.split,
  private: row.private,
  refundOfId: row.refundOfId,
  recurringRuleId: row.recurringRuleId,
  recurringDate: row.recurringDate,
  date: row.date,
  isExample: row.isExample,
  createdAt: row.createdAt.toISOString(),
});

type Names = Awaited<ReturnType<typeof namesFor>>;

/**
 * An expense as its history entries show it; a refund with the description its purchase had when
 * the refund was made (db/schema.ts refundOfLabel): the purchase is never read again, so a
 * purchase its author has since made private and renamed never reaches the family's history
 * (docs/product.md#private-expenses).
 */
export const expenseHistoryFields = (
  row: ExpenseRow,
  names: Pick<Names, "category" | "person" | "method" | "bill">,
): HistoryFields => ({
  description: row.description,
  amount: row.amount,
  date: row.date,
  category: names.category(row.categoryId),
  paidBy: names.person(row.paidByUserId),
  paymentMethod: names.method(row.paymentMethodId),
  bill: names.bill(row.billId),
  forWhom: forWhomLabel(row.split, names.person),
  ...(row.refundOfId ? { refundOf: row.refundOfLabel } : {}),
});

/**
 * For whom, as the history shows it (docs/product.md#for-whom): null for the family's split (the
 * web reads "Família"), a member's name, or each member with their percent or amount
 * ("Ana 60% · Léo 40%", "Ana 120.00 · Léo 80.00").
 */
export function forWhomLabel(split: Split, person: (id: string | null) => string | null) {
  switch (split.mode) {
    case "family":
      return null;
    case "one":
      return person(split.userId);
    case "percent":
      return split.shares.map((s) => `${person(s.userId) ?? "?"} ${s.percent}%`).join(" · ");
    case "amounts":
      return split.shares.map((s) => `${person(s.userId) ?? "?"} ${s.amount}`).join(" · ");
  }
}

/** Whom the entries of an expense are shown to in full: its author, when it is private. */
export const privateToOf = (row: { private: boolean; addedByUserId: string | null }) =>
  row.private ? row.addedByUserId : null;

/** The members a split names, for the names its history entry shows. */
export const splitUserIds = (split: Split): string[] =>
  split.mode === "one"
    ? [split.userId]
    : split.mode === "family"
      ? []
      : split.shares.map((s) => s.userId);

/**
 * The entries of deleted expenses (one by one, the examples, a removed member's), each with the
 * expense as it was so a member can restore it; their names read in one statement.
 */
export async function recordExpensesDeleted(
  db: Db,
  familyId: string,
  actor: HistoryActor,
  rows: ExpenseRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = await namesFor(db, familyId, {
    categoryIds: rows.map((row) => row.categoryId),
    userIds: rows.flatMap((row) => [row.paidByUserId, ...splitUserIds(row.split)]),
    methodIds: rows.map((row) => row.paymentMethodId),
    billIds: rows.map((row) => row.billId),
  });
  await recordHistory(
    db,
    rows.map((row) => ({
      familyId,
      actor,
      kind: "expense" as const,
      action: "deleted" as const,
      subjectId: row.id,
      subjectLabel: row.description,
      changes: fieldsDeleted(expenseHistoryFields(row, names)),
      snapshot: expenseSnapshot(row),
      privateTo: privateToOf(row),
    })),
  );
}

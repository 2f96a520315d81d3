import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import type { UpdateExpenseInput } from "../../contract/expenses";
import { toCents } from "../../contract/money";
import { splitAddsUp } from "../../contract/shares";
import type { ExpenseRow } from "../api-rows";
import { expenses } from "../db/schema";
import { isHiddenFrom, seenInFullBy } from "../db/visible-expense";
import { AppError } from "../errors";
import { actorOf } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import { billAfterEdit } from "./bill-moves";
import { recordExpensesDeleted } from "./expense-history";
import { privateExpenseFields } from "./private-expense";
import { assertRefundsWithin, updateRefund } from "./refunds";
import { recordChange, type WriteContext } from "./rows";

/**
 * A person's edit and delete of one expense, and the deletes of many: the examples cleared, a
 * member removed with their expenses, a family deleted (docs/product.md#family-history).
 */

/** Which of a family's expenses a delete takes. */
export type ExpenseSelection = { id: string } | { examples: true } | { addedByUserId: string };

const selected = (which: ExpenseSelection): SQL => {
  if ("id" in which) return eq(expenses.id, which.id);
  if ("examples" in which) return eq(expenses.isExample, true);
  return eq(expenses.addedByUserId, which.addedByUserId);
};

/**
 * Partial: the fields left out keep their values. The row is locked first, so the history's
 * "before" is what this change replaced; an edit that changes no field the history shows
 * records no entry.
 */
export async function updateExpense(
  w: WriteContext,
  scope: FamilyScope,
  id: string,
  input: UpdateExpenseInput,
  now: Date,
): Promise<ExpenseRow> {
  const where = and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId));
  const [before] = await w.tx.select().from(expenses).where(where).for("update");
  // Another member's private expense is not there for them (docs/product.md#private-expenses).
  if (!before || isHiddenFrom(before, scope.userId)) throw new AppError("expense_not_found");
  if (before.refundOfId) {
    return updateRefund(w, scope, before, input, now);
  }
  // A purchase never costs less than what came back of it (docs/product.md#refunds).
  if (input.amount !== undefined) {
    await assertRefundsWithin(w, before.id, toCents(input.amount), 0);
  }
  const keepsPrivate = input.private ?? before.private;
  if (input.private !== undefined && input.private !== before.private) {
    // Only its author makes an expense private or shared again.
    if (before.addedByUserId !== scope.userId) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "private", messageKey: "validation.privateOnlyYours" }],
      });
    }
  }
  // An installment is as private as its series: one alone is never made private or shared.
  if (before.seriesId && keepsPrivate !== before.private) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "private", messageKey: "validation.privateNotInstallment" }],
    });
  }
  if (keepsPrivate) {
    Object.assign(
      input,
      privateExpenseFields(scope.userId, {
        paidByUserId: input.paidByUserId,
        split: input.split,
      }),
    );
  }
  // Typed amounts must add up to the amount, whichever of the two this change sends.
  if (!splitAddsUp(input.split ?? before.split, input.amount ?? before.amount)) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "split", messageKey: "validation.sharesMustAddUp" }],
    });
  }
  const billId = await billAfterEdit(w, scope, before, input);
  const [row] = await w.tx
    .update(expenses)
    .set({ ...input, billId, updatedAt: now })
    .where(where)
    .returning();
  if (!row) throw new AppError("expense_not_found");
  // Shared again, its refunds (its author's, made while it was private) are shared with it: a
  // refund is as private as its purchase, so nobody can see a purchase whose refund is hidden
  // from them and delete that refund with it (docs/product.md#refunds).
  if (before.private && !row.private) {
    await w.tx
      .update(expenses)
      .set({ private: false, updatedAt: now })
      .where(and(eq(expenses.refundOfId, row.id), eq(expenses.private, true)));
  }
  return recordChange(w, scope, before, row);
}

/**
 * The caller's family's expenses `which` selects, each with an entry keeping it as it was, so
 * a member can restore it (docs/product.md#restoring-a-deleted-expense). Returns the rows.
 */
export async function deleteExpenses(
  w: WriteContext,
  scope: FamilyScope,
  which: ExpenseSelection,
): Promise<ExpenseRow[]> {
  const chosen = and(
    eq(expenses.familyId, scope.familyId),
    selected(which),
    // One by one or as the examples, another member's private expense is not there for the
    // caller (docs/product.md#private-expenses).
    "id" in which || "examples" in which ? seenInFullBy(scope.userId) : undefined,
  );
  // A purchase's refunds go with it (docs/product.md#refunds): deleted by the same statement
  // rather than by the foreign key's cascade, so each gets its entry and can be restored.
  const deleted = await w.tx
    .delete(expenses)
    .where(
      or(
        chosen,
        and(
          eq(expenses.familyId, scope.familyId),
          inArray(
            expenses.refundOfId,
            w.tx.select({ id: expenses.id }).from(expenses).where(chosen),
          ),
        ),
      ),
    )
    .returning();
  await recordExpensesDeleted(w.tx, scope.familyId, actorOf(scope), deleted);
  w.changes.expenses({
    familyId: scope.familyId,
    kind: "deleted",
    count: deleted.length,
    ids: deleted.map((row) => row.id),
  });
  return deleted;
}

/**
 * Every expense of a family being deleted with everything in it (features/family/service.ts):
 * no entries, the history goes with the family.
 */
export async function deleteAllOf(w: WriteContext, familyId: string): Promise<void> {
  const result = await w.tx.delete(expenses).where(eq(expenses.familyId, familyId));
  const count = (result as unknown as { rowCount: number | null }).rowCount ?? 0;
  w.changes.expenses({ familyId, kind: "deleted", count });
}

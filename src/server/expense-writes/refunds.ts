import { and, eq, inArray, sql } from "drizzle-orm";
import type { UpdateExpenseInput } from "../../contract/expenses";
import { fromCents, toCents } from "../../contract/money";
import { billClosingOf } from "../../domain/card-bills";
import type { ExpenseRow } from "../api-rows";
import { expenses } from "../db/schema";
import { isHiddenFrom } from "../db/visible-expense";
import { AppError } from "../errors";
import { actorOf, fieldsCreated, namesFor, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import { billAfterEdit } from "./bill-moves";
import { cardDaysOf, ensureBill } from "./card-bill";
import { expenseHistoryFields, privateToOf, splitUserIds } from "./expense-history";
import { recordChange, type WriteContext } from "./rows";

/**
 * Refunds (docs/product.md#refunds): a negative expense tied to its purchase, written under the
 * purchase's FOR UPDATE lock so its refunds stay within its amount; the database checks it again
 * at the commit (db/functions/refunds.sql).
 */

/**
 * A refund of a purchase (docs/product.md#refunds): a row with the negative amount that came
 * back, on its own date, with the purchase's category, method, payer, split and privacy; on a
 * card, in the bill its own date falls in. The purchase is locked first, so two refunds written
 * at once cannot together pass its amount. Its shares are the purchase's, negated (the
 * database's expense-shares.sql).
 */
export async function createRefund(
  w: WriteContext,
  scope: FamilyScope,
  purchaseId: string,
  input: { amount: string; date: string; description?: string | undefined },
  /** The description when none is given, from the purchase's ("Estorno: Mercado"). */
  defaultDescription: (purchase: string) => string,
): Promise<ExpenseRow> {
  const purchase = await lockedPurchase(w, scope, purchaseId);
  const cents = toCents(input.amount);
  await assertRefundsWithin(w, purchase.id, toCents(purchase.amount), cents);
  const card = purchase.paymentMethodId
    ? await cardDaysOf(w.tx, scope.familyId, purchase.paymentMethodId)
    : null;
  const bill = card
    ? await ensureBill(w.tx, scope.familyId, card, billClosingOf(input.date, card.closingDay))
    : null;
  const [row] = await w.tx
    .insert(expenses)
    .values({
      familyId: scope.familyId,
      description: input.description ?? defaultDescription(purchase.description),
      amount: fromCents(-cents),
      categoryId: purchase.categoryId,
      addedByUserId: scope.userId,
      paidByUserId: purchase.paidByUserId,
      paymentMethodId: purchase.paymentMethodId,
      billId: bill?.id ?? null,
      split: purchase.split,
      private: purchase.private,
      refundOfId: purchase.id,
      // Its history names the purchase by this, as it is now (db/schema.ts refundOfLabel).
      refundOfLabel: purchase.description,
      date: input.date,
    })
    .returning();
  if (!row) throw new AppError("internal");
  const names = await namesFor(w.tx, scope.familyId, {
    categoryIds: [row.categoryId],
    userIds: [row.paidByUserId, ...splitUserIds(row.split)],
    methodIds: [row.paymentMethodId],
    billIds: [row.billId],
  });
  await recordHistory(w.tx, [
    {
      familyId: scope.familyId,
      actor: actorOf(scope),
      kind: "expense",
      action: "created",
      subjectId: row.id,
      subjectLabel: row.description,
      privateTo: privateToOf(row),
      changes: fieldsCreated(expenseHistoryFields(row, names)),
    },
  ]);
  w.changes.expenses({ familyId: scope.familyId, kind: "created", count: 1, ids: [row.id] });
  return row;
}

/**
 * A refund's change (docs/product.md#refunds): its description, date and amount (the positive
 * amount that came back, kept within its purchase's). What it took from its purchase (category,
 * method, payer, split, privacy) and the purchase it returns stay: refund_not_allowed.
 */
export async function updateRefund(
  w: WriteContext,
  scope: FamilyScope,
  before: ExpenseRow,
  input: UpdateExpenseInput,
  now: Date,
): Promise<ExpenseRow> {
  const { description, amount, date, ...others } = input;
  if (Object.values(others).some((value) => value !== undefined)) {
    throw new AppError("refund_not_allowed");
  }
  const set: Partial<ExpenseRow> = {};
  if (description !== undefined) set.description = description;
  if (date !== undefined) set.date = date;
  if (amount !== undefined) {
    const purchase = await lockedPurchase(w, scope, before.refundOfId as string);
    const cents = toCents(amount);
    await assertRefundsWithin(w, purchase.id, toCents(purchase.amount), cents, before.id);
    set.amount = fromCents(-cents);
  }
  const billId = await billAfterEdit(w, scope, before, { date });
  const where = and(eq(expenses.id, before.id), eq(expenses.familyId, scope.familyId));
  const [row] = await w.tx
    .update(expenses)
    .set({ ...set, billId, updatedAt: now })
    .where(where)
    .returning();
  if (!row) throw new AppError("expense_not_found");
  return recordChange(w, scope, before, row);
}

/**
 * A purchase of the caller's family they may see, locked until the transaction ends; a refund
 * is not one (a refund of a refund is refused).
 */
export async function lockedPurchase(
  w: WriteContext,
  scope: FamilyScope,
  id: string,
): Promise<ExpenseRow> {
  const [purchase] = await w.tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId)))
    .for("update");
  if (!purchase || isHiddenFrom(purchase, scope.userId)) throw new AppError("expense_not_found");
  if (purchase.refundOfId) throw new AppError("refund_not_allowed");
  return purchase;
}

/**
 * Refuses, with refund_too_large, a purchase of `purchaseCents` whose refunds (all but
 * `except`) and `addingCents` more would pass it. The caller holds the purchase's lock.
 */
export async function assertRefundsWithin(
  w: WriteContext,
  purchaseId: string,
  purchaseCents: number,
  addingCents: number,
  except?: string,
): Promise<void> {
  const [refunded] = await w.tx
    .select({ total: sql<string>`coalesce(-sum(${expenses.amount}), 0)::text` })
    .from(expenses)
    .where(
      and(
        eq(expenses.refundOfId, purchaseId),
        except ? sql`${expenses.id} <> ${except}` : undefined,
      ),
    );
  if (toCents(refunded?.total ?? "0") + addingCents > purchaseCents) {
    throw new AppError("refund_too_large");
  }
}

/**
 * An installment refunded (docs/product.md#refunds) never costs less than what came back of it:
 * refund_too_large when a new amount of `rows` (locked with their series) is below their refunds.
 */
export async function assertInstallmentRefunds(
  w: WriteContext,
  rows: ExpenseRow[],
  amount: string,
): Promise<void> {
  const [over] = await w.tx
    .select({ id: expenses.refundOfId })
    .from(expenses)
    .where(
      inArray(
        expenses.refundOfId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(expenses.refundOfId)
    .having(sql`-sum(${expenses.amount}) > ${amount}::numeric`)
    .limit(1);
  if (over) throw new AppError("refund_too_large");
}

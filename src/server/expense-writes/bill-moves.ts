import { and, eq, sql } from "drizzle-orm";
import type { UpdateExpenseInput } from "../../contract/expenses";
import { billClosingOf, neighbourClosing } from "../../domain/card-bills";
import type { ExpenseRow } from "../api-rows";
import { cardBills, expenses } from "../db/schema";
import { isHiddenFrom } from "../db/visible-expense";
import { AppError } from "../errors";
import type { FamilyScope } from "../http/family-scope";
import { cardDaysOf, ensureBill } from "./card-bill";
import { recordChange, type WriteContext } from "./rows";

/**
 * A card purchase's bill (docs/decisions/011-installments-and-card-bills.md): moved to the
 * previous or next bill by the person, or followed after an edit of its date or card.
 */

/**
 * Moves a card purchase to the bill just before or after its own (docs/product.md#card-bills):
 * the nearest bill of the card already there on that side, or the one the card's closing day
 * makes next to it, whichever is nearer. Its date, and so its budget month, stay.
 */
export async function moveBill(
  w: WriteContext,
  scope: FamilyScope,
  id: string,
  to: "previous" | "next",
  now: Date,
) {
  const where = and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId));
  const [before] = await w.tx.select().from(expenses).where(where).for("update");
  if (!before || isHiddenFrom(before, scope.userId)) throw new AppError("expense_not_found");
  const card = before.paymentMethodId
    ? await cardDaysOf(w.tx, scope.familyId, before.paymentMethodId)
    : null;
  const [current] = before.billId
    ? await w.tx
        .select({ closesOn: cardBills.closesOn })
        .from(cardBills)
        .where(eq(cardBills.id, before.billId))
    : [];
  if (!card || !current) throw new AppError("not_card_purchase");
  const step = to === "next" ? 1 : -1;
  const [stored] = await w.tx
    .select({ closesOn: cardBills.closesOn })
    .from(cardBills)
    .where(
      and(
        eq(cardBills.methodId, card.methodId),
        step === 1
          ? sql`${cardBills.closesOn} > ${current.closesOn}`
          : sql`${cardBills.closesOn} < ${current.closesOn}`,
      ),
    )
    .orderBy(step === 1 ? sql`${cardBills.closesOn} asc` : sql`${cardBills.closesOn} desc`)
    .limit(1);
  const natural = neighbourClosing(current.closesOn, card.closingDay, step);
  const closesOn =
    stored && (step === 1 ? stored.closesOn < natural : stored.closesOn > natural)
      ? stored.closesOn
      : natural;
  const bill = await ensureBill(w.tx, scope.familyId, card, closesOn);
  const [row] = await w.tx
    .update(expenses)
    .set({ billId: bill.id, updatedAt: now })
    .where(where)
    .returning();
  if (!row) throw new AppError("expense_not_found");
  return recordChange(w, scope, before, row);
}

/**
 * A card purchase keeps the bill it is in (moved by hand or not) until its card or its date
 * changes; then it goes to the bill its new date falls in. Anything else is in no bill.
 */
export async function billAfterEdit(
  w: WriteContext,
  scope: FamilyScope,
  before: ExpenseRow,
  input: UpdateExpenseInput,
): Promise<string | null> {
  const methodId =
    input.paymentMethodId === undefined ? before.paymentMethodId : input.paymentMethodId;
  if (!methodId) return null;
  const date = input.date ?? before.date;
  if (methodId === before.paymentMethodId && date === before.date) return before.billId;
  const card = await cardDaysOf(w.tx, scope.familyId, methodId);
  if (!card) return null;
  return (await ensureBill(w.tx, scope.familyId, card, billClosingOf(date, card.closingDay))).id;
}

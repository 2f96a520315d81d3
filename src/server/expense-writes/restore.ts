import { sql } from "drizzle-orm";
import { toCents } from "../../contract/money";
import { FAMILY_SPLIT } from "../../contract/shares";
import { billClosingOf } from "../../domain/card-bills";
import type { ExpenseRow } from "../api-rows";
import { isUniqueViolation } from "../db/errors";
import {
  cardBills,
  categories,
  expenses,
  installmentSeries,
  paymentMethods,
  recurringRules,
  users,
} from "../db/schema";
import { AppError } from "../errors";
import { actorOf, fieldsCreated, namesFor, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import { cardDaysOf, ensureBill } from "./card-bill";
import {
  type ExpenseSnapshot,
  expenseHistoryFields,
  privateToOf,
  splitUserIds,
} from "./expense-history";
import { assertRefundsWithin, lockedPurchase } from "./refunds";
import type { WriteContext } from "./rows";

/** A deleted expense restored from the family history (docs/product.md#family-history). */

/**
 * A deleted expense back from its history entry's snapshot (the caller marks the entry): its
 * old id, date, amount and author; a category, a payment method or a recurring rule deleted
 * since is left out (uncategorised, not said, no longer tied to the rule), a payer or author
 * whose account is gone too.
 * Recorded as a 'restored' entry. Its id or its rule's date taken again since (an expense the
 * rule made anew): it cannot come back as it was, not_restorable.
 */
export async function restore(
  w: WriteContext,
  scope: FamilyScope,
  snapshot: ExpenseSnapshot,
  now: Date,
): Promise<ExpenseRow> {
  const [refs] = await w.tx
    .select({
      categoryId: sql<string | null>`(select ${categories.id} from ${categories}
        where ${categories.id} = ${snapshot.categoryId}::uuid and ${categories.familyId} = ${scope.familyId})`,
      recurringRuleId: sql<string | null>`(select ${recurringRules.id} from ${recurringRules}
        where ${recurringRules.id} = ${snapshot.recurringRuleId}::uuid and ${recurringRules.familyId} = ${scope.familyId})`,
      addedByUserId: sql<
        string | null
      >`(select ${users.id} from ${users} where ${users.id} = ${snapshot.addedByUserId}::uuid)`,
      paidByUserId: sql<
        string | null
      >`(select ${users.id} from ${users} where ${users.id} = ${snapshot.paidByUserId}::uuid)`,
      paymentMethodId: sql<string | null>`(select ${paymentMethods.id} from ${paymentMethods}
        where ${paymentMethods.id} = ${snapshot.paymentMethodId ?? null}::uuid and ${paymentMethods.familyId} = ${scope.familyId})`,
      billId: sql<string | null>`(select ${cardBills.id} from ${cardBills}
        where ${cardBills.id} = ${snapshot.billId ?? null}::uuid and ${cardBills.familyId} = ${scope.familyId}
        and ${cardBills.methodId} = ${snapshot.paymentMethodId ?? null}::uuid)`,
      // Back in its series while the series is there and its place in it is free.
      seriesId: sql<string | null>`(select ${installmentSeries.id} from ${installmentSeries}
        where ${installmentSeries.id} = ${snapshot.seriesId ?? null}::uuid
        and ${installmentSeries.familyId} = ${scope.familyId}
        and not exists (select 1 from ${expenses} where ${expenses.seriesId} = ${installmentSeries.id}
          and ${expenses.installment} = ${snapshot.installment ?? null}::int))`,
    })
    .from(sql`(select 1) as one`);
  // A refund comes back only to its purchase, and only within its amount
  // (docs/product.md#refunds); with its purchase gone it cannot come back as it was.
  const refundOfId = snapshot.refundOfId ?? null;
  let refundOfLabel: string | null = null;
  if (refundOfId) {
    const purchase = await lockedPurchase(w, scope, refundOfId).catch((error) => {
      if (error instanceof AppError && error.code === "expense_not_found") {
        throw new AppError("not_restorable");
      }
      throw error;
    });
    await assertRefundsWithin(w, purchase.id, toCents(purchase.amount), -toCents(snapshot.amount));
    refundOfLabel = purchase.description;
  }
  // Back in the bill it was in; a card purchase whose bill is gone goes to its date's bill.
  let billId = refs?.billId ?? null;
  if (!billId && refs?.paymentMethodId) {
    const card = await cardDaysOf(w.tx, scope.familyId, refs.paymentMethodId);
    if (card) {
      billId = (
        await ensureBill(w.tx, scope.familyId, card, billClosingOf(snapshot.date, card.closingDay))
      ).id;
    }
  }
  const recurringRuleId = refs?.recurringRuleId ?? null;
  let restored: ExpenseRow | undefined;
  try {
    [restored] = await w.tx
      .insert(expenses)
      .values({
        id: snapshot.id,
        familyId: scope.familyId,
        description: snapshot.description,
        amount: snapshot.amount,
        categoryId: refs?.categoryId ?? null,
        addedByUserId: refs?.addedByUserId ?? null,
        paidByUserId: refs?.paidByUserId ?? null,
        paymentMethodId: refs?.paymentMethodId ?? null,
        billId,
        seriesId: refs?.seriesId ?? null,
        installment: refs?.seriesId ? (snapshot.installment ?? null) : null,
        installmentCount: refs?.seriesId ? (snapshot.installmentCount ?? null) : null,
        split: snapshot.split ?? FAMILY_SPLIT,
        private: snapshot.private ?? false,
        refundOfId,
        refundOfLabel,
        recurringRuleId,
        recurringDate: recurringRuleId ? snapshot.recurringDate : null,
        date: snapshot.date,
        isExample: snapshot.isExample,
        createdAt: new Date(snapshot.createdAt),
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("not_restorable");
    throw error;
  }
  if (!restored) throw new AppError("internal");
  const names = await namesFor(w.tx, scope.familyId, {
    categoryIds: [restored.categoryId],
    userIds: [restored.paidByUserId, ...splitUserIds(restored.split)],
    methodIds: [restored.paymentMethodId],
    billIds: [restored.billId],
  });
  await recordHistory(w.tx, [
    {
      familyId: scope.familyId,
      actor: actorOf(scope),
      kind: "expense",
      action: "restored",
      subjectId: restored.id,
      subjectLabel: restored.description,
      privateTo: privateToOf(restored),
      changes: fieldsCreated(expenseHistoryFields(restored, names)),
    },
  ]);
  w.changes.expenses({
    familyId: scope.familyId,
    kind: "restored",
    count: 1,
    ids: [restored.id],
  });
  return restored;
}

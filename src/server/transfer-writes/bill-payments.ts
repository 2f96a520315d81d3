import { and, eq, sql } from "drizzle-orm";
import { toCents } from "../../contract/money";
import type { Db } from "../db/client";
import { billPayments, cardBills, paymentMethods } from "../db/schema";
import { expensesSeenBy, inBillIndex, methodMasked, methodUsableBy } from "../db/seen-by";
import { AppError } from "../errors";
import {
  actorOf,
  fieldsCreated,
  fieldsDeleted,
  historyMethodName,
  recordHistory,
} from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { ChangeLog } from "../ledger/changes";

/**
 * The door for card bills' payments (docs/product.md#card-bills): money moved from one of the
 * family's accounts to a card's bill, never an expense. Both who pay a bill write here, the card
 * bills screen ('Pagar fatura', features/card-bills) and an account's imported file whose line
 * pays a bill (docs/product.md#ofx-import), in the ledger's unit of work with its history entry;
 * the fan-out tells the family's screens (the live topic `paymentMethods`, whose reads hold the
 * accounts' balances) once the transaction committed.
 */

export type BillPaymentRow = typeof billPayments.$inferSelect;

/**
 * A bill's total (its purchases the caller sees: another member's private ones are not on it,
 * docs/product.md#private-expenses) and what was paid, as sums of the bill row `bill` names.
 */
export const billSums = (scope: FamilyScope, bill = sql`card_bills`) => ({
  total: sql<string>`(select coalesce(sum(e.amount), 0)::text from ${expensesSeenBy(scope, "e")}
    where e.bill_id = ${bill}.id and ${inBillIndex(sql`${bill}.id`, "e")})`,
  paid: sql<string>`(select coalesce(sum(p.amount), 0)::text from ${billPayments} p
    where p.bill_id = ${bill}.id and p.family_id = ${bill}.family_id)`,
});

const fieldError = (path: string, messageKey: string) =>
  new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });

/** The bill payments of one unit of work. */
export class BillPaymentWriter {
  constructor(
    private readonly tx: Db,
    private readonly changes: ChangeLog,
  ) {}

  /** The card's name and the bill's closing date, which name the bill in the history. */
  private async lockedBill(scope: FamilyScope, billId: string) {
    const [bill] = await this.tx
      .select({ closesOn: cardBills.closesOn, cardName: paymentMethods.name })
      .from(cardBills)
      .innerJoin(paymentMethods, eq(paymentMethods.id, cardBills.methodId))
      .where(and(eq(cardBills.id, billId), eq(cardBills.familyId, scope.familyId)))
      .for("update", { of: cardBills });
    if (!bill) throw new AppError("card_bill_not_found");
    return bill;
  }

  /**
   * A payment from one of the family's active accounts, in full, in part or early, never more
   * than is left to pay: field errors on fromMethodId and amount. The bill's row is locked first,
   * so two payments at once are checked one after the other.
   */
  async pay(
    scope: FamilyScope,
    billId: string,
    input: { fromMethodId: string; amount: string; paidOn: string },
  ): Promise<BillPaymentRow> {
    this.changes.changed(scope.familyId, ["paymentMethods"]);
    const bill = await this.lockedBill(scope, billId);
    const [account] = await this.tx
      .select({ name: historyMethodName })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, input.fromMethodId),
          eq(paymentMethods.familyId, scope.familyId),
          eq(paymentMethods.isActive, true),
          sql`${paymentMethods.kind} <> 'credit_card'`,
          // Only its holder pays from a private account (docs/product.md#private-accounts).
          methodUsableBy(scope),
        ),
      );
    if (!account) throw fieldError("fromMethodId", "validation.billPaymentFromAccount");
    const [sums] = await this.tx
      .select(billSums(scope))
      .from(cardBills)
      .where(eq(cardBills.id, billId));
    const left = toCents(sums?.total ?? "0") - toCents(sums?.paid ?? "0");
    if (toCents(input.amount) > left) throw fieldError("amount", "validation.billPaymentTooLarge");
    const [payment] = await this.tx
      .insert(billPayments)
      .values({
        familyId: scope.familyId,
        billId,
        fromMethodId: input.fromMethodId,
        amount: input.amount,
        paidOn: input.paidOn,
        addedByUserId: scope.userId,
      })
      .returning();
    if (!payment) throw new AppError("internal");
    await recordHistory(this.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "cardBill",
        action: "created",
        subjectId: payment.id,
        subjectLabel: bill.cardName,
        changes: fieldsCreated({
          bill: bill.closesOn,
          amount: payment.amount,
          date: payment.paidOn,
          paymentMethod: account.name,
        }),
      },
    ]);
    return payment;
  }

  /** Undoes a payment recorded by mistake; the history keeps it. */
  async delete(scope: FamilyScope, billId: string, paymentId: string): Promise<BillPaymentRow> {
    this.changes.changed(scope.familyId, ["paymentMethods"]);
    const bill = await this.lockedBill(scope, billId);
    const [deleted] = await this.tx
      .delete(billPayments)
      .where(
        and(
          eq(billPayments.id, paymentId),
          eq(billPayments.billId, billId),
          eq(billPayments.familyId, scope.familyId),
          // Paid from another member's private account: its holder's alone to undo
          // (docs/product.md#private-accounts).
          sql`not exists (select 1 from ${paymentMethods} m
            where m.id = ${billPayments.fromMethodId} and ${methodMasked(scope, "m")})`,
        ),
      )
      .returning();
    if (!deleted) throw new AppError("bill_payment_not_found");
    const [account] = deleted.fromMethodId
      ? await this.tx
          .select({ name: historyMethodName })
          .from(paymentMethods)
          .where(eq(paymentMethods.id, deleted.fromMethodId))
      : [];
    await recordHistory(this.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "cardBill",
        action: "deleted",
        subjectId: deleted.id,
        subjectLabel: bill.cardName,
        changes: fieldsDeleted({
          bill: bill.closesOn,
          amount: deleted.amount,
          date: deleted.paidOn,
          paymentMethod: account?.name ?? null,
        }),
      },
    ]);
    return deleted;
  }
}

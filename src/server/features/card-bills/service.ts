import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type {
  BillPayment,
  CardBill,
  CardBillDetail,
  CreateBillPaymentInput,
} from "../../../contract/card-bills";
import { fromCents, toCents } from "../../../contract/money";
import { billStatus } from "../../../domain/card-bills";
import { toExpense } from "../../api-rows";
import type { Db } from "../../db/client";
import { billPayments, cardBills, expenses, paymentMethods } from "../../db/schema";
import { expensesSeenBy, inBillIndex, seenExpenses } from "../../db/seen-by";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";
import { assertChangeOfClearedConfirmed } from "../../reconciliation-writes/cleared";
import { billSums } from "../../transfer-writes/bill-payments";

/**
 * A card's bills (docs/product.md#card-bills): their totals, what was paid and what is left, the
 * purchases in each, and "Pagar fatura". Purchases are put in their bill by the expense writes
 * (expense-writes/card-bill.ts); a payment is a row of bill_payments, never an expense, so it is
 * in no budget and no summary.
 */

type BillRow = {
  id: string;
  familyId: string;
  paymentMethodId: string;
  closesOn: string;
  dueOn: string;
  total: string;
  paid: string;
  lineCount: number;
};

/** A bill as the API answers it: its status and what is left, in integer cents. */
function toCardBill(row: BillRow, today: string): CardBill {
  const total = toCents(row.total);
  const paid = toCents(row.paid);
  return {
    id: row.id,
    familyId: row.familyId,
    paymentMethodId: row.paymentMethodId,
    closesOn: row.closesOn,
    dueOn: row.dueOn,
    status: billStatus(row, total, paid, today),
    total: fromCents(total),
    paid: fromCents(paid),
    leftToPay: fromCents(Math.max(total - paid, 0)),
    lineCount: row.lineCount,
  };
}

/**
 * The bills' columns with their sums, each read in the family. The bill's own columns are written
 * out with their table: Drizzle leaves them unqualified in a one-table select, where inside the
 * subqueries they would name the expense's or the payment's columns.
 */
const billColumns = (scope: FamilyScope) => ({
  id: cardBills.id,
  familyId: cardBills.familyId,
  paymentMethodId: cardBills.methodId,
  closesOn: cardBills.closesOn,
  dueOn: cardBills.dueOn,
  // Another member's private purchases are not on it (docs/product.md#private-expenses).
  ...billSums(scope),
  lineCount: sql<number>`(select count(*)::int from ${expensesSeenBy(scope, "e")}
    where e.bill_id = card_bills.id and ${inBillIndex(sql`card_bills.id`, "e")})`,
});

/**
 * The card's bills that hold a purchase or a payment, newest first. Another family's card, or an
 * account (which has no bills), answers 404.
 */
export async function listBills(
  db: Db,
  scope: FamilyScope,
  methodId: string,
  today: string,
): Promise<CardBill[]> {
  const [card] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.familyId, scope.familyId),
        eq(paymentMethods.kind, "credit_card"),
      ),
    );
  if (!card) throw new AppError("payment_method_not_found");
  const rows = await db
    .select(billColumns(scope))
    .from(cardBills)
    .where(and(eq(cardBills.familyId, scope.familyId), eq(cardBills.methodId, methodId)))
    .orderBy(desc(cardBills.closesOn));
  return rows
    .filter((row) => row.lineCount > 0 || toCents(row.paid) > 0)
    .map((row) => toCardBill(row, today));
}

const toPayment = (row: typeof billPayments.$inferSelect): BillPayment => ({
  id: row.id,
  billId: row.billId,
  fromMethodId: row.fromMethodId,
  amount: row.amount,
  paidOn: row.paidOn,
  addedByUserId: row.addedByUserId,
  createdAt: row.createdAt.toISOString(),
});

/** One bill with its purchases (oldest first, as a statement lists them) and its payments. */
export async function billDetail(
  db: Db,
  scope: FamilyScope,
  billId: string,
  today: string,
): Promise<CardBillDetail> {
  const [[bill], lines, payments] = await Promise.all([
    db
      .select(billColumns(scope))
      .from(cardBills)
      .where(and(eq(cardBills.id, billId), eq(cardBills.familyId, scope.familyId))),
    db
      .select(getTableColumns(expenses))
      .from(seenExpenses(scope))
      .where(and(eq(expenses.billId, billId), inBillIndex(sql`${billId}::uuid`)))
      .orderBy(asc(expenses.date), asc(expenses.createdAt), asc(expenses.id)),
    db
      .select()
      .from(billPayments)
      .where(and(eq(billPayments.familyId, scope.familyId), eq(billPayments.billId, billId)))
      .orderBy(asc(billPayments.paidOn), asc(billPayments.createdAt)),
  ]);
  if (!bill) throw new AppError("card_bill_not_found");
  return {
    ...toCardBill(bill, today),
    lines: lines.map((row) => toExpense(row)),
    payments: payments.map(toPayment),
  };
}

/**
 * "Pagar fatura": a payment from one of the family's active accounts, in full, in part or early,
 * never more than is left to pay, through the bill payments' door (transfer-writes/
 * bill-payments.ts), which an account's imported file pays bills through too.
 */
export async function payBill(
  ledger: Ledger,
  scope: FamilyScope,
  billId: string,
  input: CreateBillPaymentInput,
  today: string,
): Promise<CardBillDetail> {
  await ledger.transaction(({ billPayments: writer }) => writer.pay(scope, billId, input));
  return billDetail(ledger.db, scope, billId, today);
}

/** Undoes a payment recorded by mistake; the history keeps it. */
export async function deleteBillPayment(
  ledger: Ledger,
  scope: FamilyScope,
  billId: string,
  paymentId: string,
  today: string,
  confirmedCleared = false,
): Promise<CardBillDetail> {
  const { db } = ledger;
  await assertChangeOfClearedConfirmed(
    db,
    scope.familyId,
    "billPayment",
    [paymentId],
    confirmedCleared,
  );
  await ledger.transaction(({ billPayments: writer }) => writer.delete(scope, billId, paymentId));
  return billDetail(db, scope, billId, today);
}

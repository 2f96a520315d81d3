import { z } from "zod";
import { calendarDateSchema } from "./calendar-date";
import { expenseSchema } from "./expenses";
import { amountSchema } from "./money";

/**
 * A credit card's bills ("faturas", docs/product.md#card-bills): each purchase on a card is in
 * one bill, by its date and the card's closing day, and may be moved to the bill before or after
 * by hand; a payment from one of the family's accounts pays a bill in full, in part or early. A
 * payment moves money to the card: it is never spending and never counts in a budget.
 */

export const billStatuses = ["open", "closed", "paid"] as const;
export type BillStatusName = (typeof billStatuses)[number];

export const cardBillSchema = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  paymentMethodId: z.uuid(),
  /** The bill is named after the month it closes in ("Fatura de dezembro"). */
  closesOn: z.string(),
  dueOn: z.string(),
  /** open until its closing day has passed; then closed until paid in full, then paid. */
  status: z.enum(billStatuses),
  /** Its purchases' sum, decimal strings as every amount. */
  total: z.string(),
  paid: z.string(),
  /** What is left to pay (never below zero). */
  leftToPay: z.string(),
  lineCount: z.number().int(),
});
export type CardBill = z.infer<typeof cardBillSchema>;

export const billPaymentSchema = z.object({
  id: z.uuid(),
  billId: z.uuid(),
  /** The account the money left; null only if that account was deleted. */
  fromMethodId: z.uuid().nullable(),
  amount: z.string(),
  paidOn: z.string(),
  addedByUserId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/** A bill with its purchases (oldest first, as the bank's statement lists them) and payments. */
export const cardBillDetailSchema = cardBillSchema.extend({
  lines: z.array(expenseSchema),
  payments: z.array(billPaymentSchema),
});
export type CardBillDetail = z.infer<typeof cardBillDetailSchema>;

export const cardBillParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });
export const billPaymentParamsSchema = z.object({
  id: z.uuid({ error: "validation.invalid" }),
  paymentId: z.uuid({ error: "validation.invalid" }),
});

/** "Pagar fatura": from one of the family's active accounts (never a card), at most what is left. */
export const createBillPaymentInputSchema = z.strictObject({
  fromMethodId: z.uuid({ error: "validation.billPaymentFromAccount" }),
  amount: amountSchema,
  paidOn: calendarDateSchema,
});
export type CreateBillPaymentInput = z.input<typeof createBillPaymentInputSchema>;

/** Moves a card purchase to the bill just before or after the one it is in. */
export const moveExpenseBillInputSchema = z.strictObject({
  to: z.enum(["previous", "next"], { error: "validation.invalid" }),
});
export type MoveExpenseBillInput = z.input<typeof moveExpenseBillInputSchema>;

import { z } from "zod";
import { MAX_YEAR } from "./calendar";
import { calendarDateSchema } from "./calendar-date";
import { toCents } from "./cents";
import { descriptionSchema, expenseSchema } from "./expenses";
import { amountSchema } from "./money";
import { splitSchema } from "./shares";

/**
 * For whom a purchase in installments is (docs/product.md#for-whom): the family's, one member's or
 * percentages, each installment split the same way. Typed amounts are refused: each installment's
 * amount is its own.
 */
const installmentSplitSchema = splitSchema.refine((split) => split.mode !== "amounts", {
  error: "validation.installmentSplitAmounts",
});

/**
 * Purchases in installments ("compras parceladas", docs/product.md#installments): one entry,
 * "Geladeira, R$ 3.600,00 em 12x", makes one series of linked expenses, 1/12 ... 12/12, one a
 * month from the first installment's date, whose cents add up to the total exactly
 * (src/domain/installments.ts). A series is changed, paid off early or deleted as one, from an
 * installment on.
 */

export const INSTALLMENTS_MIN = 2;
export const INSTALLMENTS_MAX = 48;

/** numeric(10,2)'s largest amount in cents: what a series' total, as each amount, must fit. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

/** Whether `count` installments a month apart from `firstDate` all fall by MAX_YEAR's end. */
export const installmentsFitCalendar = (firstDate: string, count: number): boolean =>
  Number(firstDate.slice(0, 4)) * 12 + Number(firstDate.slice(5, 7)) - 1 + count - 1 <=
  MAX_YEAR * 12 + 11;

export const installmentSeriesSchema = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  description: z.string(),
  /** The purchase's total: what its installments add up to when made. */
  total: z.string(),
  count: z.number().int(),
  firstDate: z.string(),
  /** The first installment's amount when the person typed it; null: the split decided it. */
  firstAmount: z.string().nullable(),
  createdByUserId: z.uuid().nullable(),
  /** Private to its author (docs/product.md#private-expenses): nobody else reads the series. */
  private: z.boolean(),
  createdAt: z.string(),
});
export type InstallmentSeries = z.infer<typeof installmentSeriesSchema>;

/** A series with the installments it still has, in order. */
export const installmentSeriesDetailSchema = installmentSeriesSchema.extend({
  installments: z.array(expenseSchema),
});
export type InstallmentSeriesDetail = z.infer<typeof installmentSeriesDetailSchema>;

const countSchema = z
  .number({ error: "validation.installmentCountInvalid" })
  .int("validation.installmentCountInvalid")
  .min(INSTALLMENTS_MIN, "validation.installmentCountInvalid")
  .max(INSTALLMENTS_MAX, "validation.installmentCountInvalid");

/**
 * The series' first installment is on `firstDate`, each next one on the same day of the following
 * months. A typed first amount must leave at least a cent for each other installment.
 */
export const createInstallmentsInputSchema = z
  .strictObject({
    description: descriptionSchema,
    total: amountSchema,
    count: countSchema,
    firstDate: calendarDateSchema,
    firstAmount: amountSchema.optional(),
    categoryId: z.uuid({ error: "validation.categoryRequired" }),
    paidByUserId: z.uuid({ error: "validation.payerNotMember" }).optional(),
    paymentMethodId: z.uuid({ error: "validation.paymentMethodNotFound" }).nullable().optional(),
    split: installmentSplitSchema.optional(),
    /** "Privado": paid by and for its author, each installment too (#private-expenses). */
    private: z.boolean().optional(),
  })
  .refine(
    (input) =>
      input.firstAmount === undefined ||
      toCents(input.total) - toCents(input.firstAmount) >= input.count - 1,
    { error: "validation.firstInstallmentTooLarge", path: ["firstAmount"] },
  )
  // Every installment is at least a cent: an expense's amount is more than zero.
  .refine((input) => toCents(input.total) >= input.count, {
    error: "validation.installmentTotalTooSmall",
    path: ["total"],
  })
  // Every installment on a day a month view can name (docs/product.md#installments).
  .refine((input) => installmentsFitCalendar(input.firstDate, input.count), {
    error: "validation.installmentsPastMaxDate",
    path: ["firstDate"],
  });
export type CreateInstallmentsInput = z.input<typeof createInstallmentsInputSchema>;

export const installmentSeriesParamsSchema = z.object({
  id: z.uuid({ error: "validation.invalid" }),
});

/** The installment a change or a deletion starts at: 1 for the whole series. */
const fromSchema = z
  .number({ error: "validation.installmentInvalid" })
  .int("validation.installmentInvalid")
  .min(1, "validation.installmentInvalid")
  .max(INSTALLMENTS_MAX, "validation.installmentInvalid");

/**
 * "Esta e as próximas" (from the installment `from` on) or "Todas" (from 1): each field given is
 * set on every installment from there; `amount` is each one's new amount. One installment alone
 * is changed as any expense (PATCH /api/expenses/{id}).
 */
export const updateInstallmentsInputSchema = z.strictObject({
  from: fromSchema,
  description: descriptionSchema.optional(),
  amount: amountSchema.optional(),
  categoryId: z.uuid({ error: "validation.categoryRequired" }).optional(),
  paidByUserId: z.uuid({ error: "validation.payerNotMember" }).optional(),
  paymentMethodId: z.uuid({ error: "validation.paymentMethodNotFound" }).nullable().optional(),
  split: installmentSplitSchema.optional(),
});
export type UpdateInstallmentsInput = z.input<typeof updateInstallmentsInputSchema>;

/** DELETE /api/installments/{id}?from=n: the installments from n on (1: the whole series). */
export const deleteInstallmentsQuerySchema = z.strictObject({
  from: z.coerce.number({ error: "validation.installmentInvalid" }).pipe(fromSchema),
});

/** What a deletion left: the series and its remaining installments, or none when all went. */
export const deleteInstallmentsResponseSchema = z.object({
  deletedCount: z.number().int(),
  series: installmentSeriesDetailSchema.nullable(),
});

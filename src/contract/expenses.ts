import { z } from "zod";
import { calendarDateSchema, monthSchema, yearSchema } from "./calendar-date";
import { languages } from "./common";
import { EXPENSE_PAGE_SIZE, EXPENSE_PAGE_SIZE_MAX, EXPENSE_SEARCH_MAX } from "./expense-limits";
import { amountSchema } from "./money";
import { splitAddsUp, splitSchema, splitViewSchema } from "./shares";
import { text } from "./text";

export const DESCRIPTION_MAX = 200;
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

export const expenseSchema = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  description: z.string(),
  amount: z.string(),
  /** null when its category was deleted: the expense stays and counts ("Sem categoria"). */
  categoryId: z.uuid().nullable(),
  addedByUserId: z.uuid().nullable(),
  /** Who paid (a member when it was recorded); null when their account was deleted. */
  paidByUserId: z.uuid().nullable(),
  /** What it was paid with (docs/product.md#payment-methods); null when not said. */
  paymentMethodId: z.uuid().nullable(),
  /** A card purchase's bill (docs/product.md#card-bills); null for anything else. */
  billId: z.uuid().nullable(),
  /**
   * An installment of a purchase in installments (docs/product.md#installments): its series, its
   * number and how many the purchase was made in ("3/12"); all three null otherwise.
   */
  seriesId: z.uuid().nullable(),
  installment: z.number().int().nullable(),
  installmentCount: z.number().int().nullable(),
  /**
   * A refund ('Estorno', docs/product.md#refunds): the purchase it returns, and then its amount is
   * negative; null for anything else, and for another member's private expense.
   */
  refundOfId: z.uuid().nullable(),
  /** For whom it is (docs/product.md#for-whom): the family's split, one member's, or shares. */
  split: splitViewSchema,
  /**
   * Private to the member who added it (docs/product.md#private-expenses). Read by anyone else,
   * its description is empty and its category, payer, method, bill and split are not said
   * (`split` is `{ mode: "private" }`): the screens show "Gasto privado" and its amount.
   */
  private: z.boolean(),
  date: z.string(),
  isExample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

/**
 * An expense as the lists carry it (the month list and the Expenses screen's pages): without the
 * family it belongs to (the caller's) and when it was recorded and last changed, which no list
 * reads. A ten-year family's lists are thousands of rows, and these were ~130 bytes of each
 * (docs/benchmarks.md); one expense's own answers keep them.
 */
export const expenseListItemSchema = expenseSchema.omit({
  familyId: true,
  createdAt: true,
  updatedAt: true,
});
export type ExpenseListItem = z.infer<typeof expenseListItemSchema>;

/** An expense's description, and a recurring rule's (which becomes one). */
export const descriptionSchema = text("validation.descriptionRequired")
  .trim()
  .min(1, "validation.descriptionRequired")
  .max(DESCRIPTION_MAX, "validation.descriptionMax");

const expenseFields = {
  description: descriptionSchema,
  amount: amountSchema,
  categoryId: z.uuid({ error: "validation.categoryRequired" }),
  date: calendarDateSchema,
  /** A current member of the caller's family; the caller when left out (DESIGN.md decision 15). */
  paidByUserId: z.uuid({ error: "validation.payerNotMember" }).optional(),
  /**
   * One of the family's active payment methods (an archived one only if the expense already has
   * it); null or left out: not said.
   */
  paymentMethodId: z.uuid({ error: "validation.paymentMethodNotFound" }).nullable().optional(),
  /**
   * For whom (docs/product.md#for-whom): the family's split when left out; shares of members (of
   * members already in its split, when editing). Amounts add up to the expense's amount.
   */
  split: splitSchema.optional(),
  /**
   * Private to whoever adds it (docs/product.md#private-expenses): paid by and for them alone, so
   * a payer or split naming someone else is refused. Only its author may change it.
   */
  private: z.boolean({ error: "validation.invalid" }).optional(),
};

const sharesAddUp = {
  error: "validation.sharesMustAddUp",
  path: ["split"],
};

/** Fields it does not know (an id, a month or year) are refused: the date says when it was. */
export const createExpenseInputSchema = z
  .strictObject(expenseFields)
  .refine((input) => splitAddsUp(input.split, input.amount), sharesAddUp);
export type CreateExpenseInput = z.input<typeof createExpenseInputSchema>;

/** An "amounts" split sent with an amount must add up to it; the server checks one sent alone. */
export const updateExpenseInputSchema = z
  .strictObject(expenseFields)
  .partial()
  .refine((input) => splitAddsUp(input.split, input.amount), sharesAddUp);
export type UpdateExpenseInput = z.input<typeof updateExpenseInputSchema>;

/**
 * POST /api/expenses/:id/refunds (docs/product.md#refunds): the amount that came back (more than
 * zero; the refund is stored negative) on the day it came back. Everything else is the purchase's.
 */
export const createRefundInputSchema = z.strictObject({
  amount: amountSchema,
  date: calendarDateSchema,
  /** Left out: "Estorno: " and the purchase's description, in the caller's language. */
  description: descriptionSchema.optional(),
});
export type CreateRefundInput = z.input<typeof createRefundInputSchema>;

export const expenseParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/** Both or neither: one month of one year. */
export const expenseListQuerySchema = z
  .strictObject({ month: monthSchema.optional(), year: yearSchema.optional() })
  .refine((q) => (q.month === undefined) === (q.year === undefined), {
    error: "validation.monthAndYear",
    path: ["month"],
  });

/**
 * GET /api/expenses/page: one page of the Expenses screen, newest first (date, then createdAt,
 * then id), with filters. `cursor` is the `nextCursor` of the page before; it is opaque to
 * clients. The first page (no cursor) also carries the count and sum of every matching expense.
 */
export { EXPENSE_PAGE_SIZE, EXPENSE_PAGE_SIZE_MAX, EXPENSE_SEARCH_MAX };
/** The category filter's value for expenses whose category was deleted. */
export const UNCATEGORISED = "none";

/**
 * The Expenses screen's filters, shared by the page call and the CSV export so the two can never
 * disagree on what matches (docs/product.md#search-filters-and-paging).
 */
const expenseFilterFields = {
  search: text().trim().max(EXPENSE_SEARCH_MAX, "validation.searchMax").optional(),
  categoryId: z
    .union([z.uuid(), z.literal(UNCATEGORISED)], { error: "validation.invalid" })
    .optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  paidByUserId: z.uuid({ error: "validation.invalid" }).optional(),
  paymentMethodId: z.uuid({ error: "validation.invalid" }).optional(),
};
const dateRangeInOrder = (q: { from?: string; to?: string }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const dateRangeOrder = { error: "validation.dateRangeOrder", path: ["to"] };

export const expensePageQuerySchema = z
  .strictObject({
    ...expenseFilterFields,
    cursor: text().max(300).optional(),
    limit: z.coerce
      .number({ error: "validation.invalid" })
      .int("validation.invalid")
      .min(1, "validation.invalid")
      .max(EXPENSE_PAGE_SIZE_MAX, "validation.invalid")
      .optional(),
  })
  .refine(dateRangeInOrder, dateRangeOrder);
export type ExpensePageQuery = z.input<typeof expensePageQuerySchema>;

export const expensePageSchema = z.object({
  items: z.array(expenseListItemSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
  /** On the first page only (null after): every expense that matches the filters. */
  totals: z.object({ count: z.number().int(), amount: z.string() }).nullable(),
});
export type ExpensePage = z.infer<typeof expensePageSchema>;

export const idempotencyKeySchema = text().min(1).max(200).optional();

export const clearExamplesResponseSchema = z.object({ deletedCount: z.number().int() });

/**
 * GET /api/expenses/export.csv: every expense the same filters match, in the list's order, as a
 * CSV file for a spreadsheet in `language` (the caller's language when left out; the web sends
 * the language its screen is in). docs/product.md#exporting-to-csv.
 */
export const expenseExportQuerySchema = z
  .strictObject({
    ...expenseFilterFields,
    language: z.enum(languages, { error: "validation.invalid" }).optional(),
  })
  .refine(dateRangeInOrder, dateRangeOrder);
export type ExpenseExportQuery = z.input<typeof expenseExportQuerySchema>;
/** Filters only: what the list and the export share. */
export type ExpenseFilterQuery = Omit<ExpenseExportQuery, "language">;

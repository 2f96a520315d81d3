import { z } from "zod";
import { calendarDateSchema, monthSchema, yearSchema } from "./calendar-date";
import { amountSchema } from "./money";

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
  date: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  isExample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

const expenseFields = {
  description: z
    .string({ error: "validation.descriptionRequired" })
    .trim()
    .min(1, "validation.descriptionRequired")
    .max(DESCRIPTION_MAX, "validation.descriptionMax"),
  amount: amountSchema,
  categoryId: z.uuid({ error: "validation.categoryRequired" }),
  date: calendarDateSchema,
};

/** month and year are not accepted: the server derives them from the date. */
export const createExpenseInputSchema = z.strictObject(expenseFields);
export type CreateExpenseInput = z.input<typeof createExpenseInputSchema>;

export const updateExpenseInputSchema = z.strictObject(expenseFields).partial();
export type UpdateExpenseInput = z.input<typeof updateExpenseInputSchema>;

export const expenseParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/** Both or neither: one month of one year. */
export const expenseListQuerySchema = z
  .strictObject({ month: monthSchema.optional(), year: yearSchema.optional() })
  .refine((q) => (q.month === undefined) === (q.year === undefined), {
    error: "validation.monthAndYear",
    path: ["month"],
  });

export const idempotencyKeySchema = z.string().min(1).max(200).optional();

export const clearExamplesResponseSchema = z.object({ deletedCount: z.number().int() });

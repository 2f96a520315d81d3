import { z } from "zod";
import { calendarDateSchema, monthSchema, yearSchema } from "./calendar-date";
import { descriptionSchema } from "./expenses";
import { amountSchema } from "./money";

/**
 * Income (docs/decisions/013-income-refunds-net.md): what comes in, in a table of its own so that
 * no budget read can count it as spending. Its privacy follows the expenses' rule
 * (docs/product.md#private-expenses): a private income is seen only by the member who added it;
 * everyone else sees it only where it enters a shared total (the month's income, the net, the
 * forecast), never in a list.
 */
export const incomeKinds = [
  "salary",
  "thirteenth",
  "vacation",
  "freelance",
  "investment",
  "other",
] as const;
export type IncomeKind = (typeof incomeKinds)[number];
export const incomeKindSchema = z.enum(incomeKinds, { error: "validation.incomeKindInvalid" });

export const incomeSchema = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  description: z.string(),
  amount: z.string(),
  kind: incomeKindSchema,
  /** Who received it (a member when it was recorded); null when their account was deleted. */
  receivedByUserId: z.uuid().nullable(),
  /** The account it came into (never a card); null when not said. */
  paymentMethodId: z.uuid().nullable(),
  /** Private to the member who added it: only they see it in a list. */
  private: z.boolean(),
  addedByUserId: z.uuid().nullable(),
  /** Set when a recurring rule recorded it ("Salário no 5º dia útil"). */
  recurringRuleId: z.uuid().nullable(),
  /** A calendar date: it counts in the budget month this date falls in. */
  date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Income = z.infer<typeof incomeSchema>;

const incomeFields = {
  description: descriptionSchema,
  amount: amountSchema,
  kind: incomeKindSchema,
  date: calendarDateSchema,
  /** A current member of the family; the caller when left out. Private: the caller only. */
  receivedByUserId: z.uuid({ error: "validation.receiverNotMember" }).optional(),
  /** One of the family's active accounts (not a credit card); null or left out: not said. */
  paymentMethodId: z.uuid({ error: "validation.paymentMethodNotFound" }).nullable().optional(),
  private: z.boolean({ error: "validation.invalid" }).optional(),
};

export const createIncomeInputSchema = z.strictObject(incomeFields);
export type CreateIncomeInput = z.input<typeof createIncomeInputSchema>;

export const updateIncomeInputSchema = z.strictObject(incomeFields).partial();
export type UpdateIncomeInput = z.input<typeof updateIncomeInputSchema>;

export const incomeParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/** GET /api/incomes?month=&year=: the family's income of one budget month, newest first. */
export const incomeListQuerySchema = z.strictObject({ month: monthSchema, year: yearSchema });

export const incomeListSchema = z.object({
  /** The incomes the caller may see: others' private incomes are not in it. */
  items: z.array(incomeSchema),
  /** Every income of the period, others' private ones included (they count in the total). */
  total: z.string(),
});
export type IncomeList = z.infer<typeof incomeListSchema>;

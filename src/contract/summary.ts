import { z } from "zod";
import { monthSchema, yearSchema } from "./calendar-date";
import { categorySchema } from "./categories";
import { expenseSchema } from "./expenses";

/**
 * GET /api/summary?month=&year=: one budget month (the period the calendar month names under the
 * family's start rule, docs/product.md#budget-periods) of the caller's family as the dashboard and the
 * reports show it, added up by the database (docs/product.md, "Month summary"). Money is a
 * decimal string; the budget rules on top of these sums are src/domain's pure functions.
 */
export const summaryQuerySchema = z.strictObject({
  month: monthSchema,
  year: yearSchema,
  /**
   * The month as one person's (docs/product.md#viewing-as-a-member): every sum is of their shares
   * of the expenses, and `spentByPayer` says who paid how much of those shares. Left out: the
   * family's.
   */
  view: z.uuid({ error: "validation.invalid" }).optional(),
});
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

const moneyString = z.string();

export const monthSummaryResponseSchema = z.object({
  /** The period's name: the calendar month that names the family's budget month. */
  year: z.number().int(),
  month: z.number().int(),
  /**
   * The family's budget month this name stands for, first and last day 'YYYY-MM-DD': the
   * calendar month by default, else from the family's start rule (docs/product.md#budget-periods).
   */
  period: z.object({ first: z.string(), last: z.string() }),
  /** Every category of the family, active or not, in the order of GET /api/categories. */
  categories: z.array(categorySchema),
  /** Everything spent in the month, uncategorised included. */
  totalSpent: moneyString,
  /** Spent in expenses whose category was deleted (categoryId null), the reader's own. */
  uncategorisedSpent: moneyString,
  /**
   * Other members' private expenses, one unnamed line 'Gastos privados'
   * (docs/product.md#private-expenses): counted in `totalSpent` and the weeks, in no category,
   * uncategorised or payer sum. Always "0.00" in a member's view.
   */
  privateSpent: moneyString,
  /** Only categories with spending in the month. */
  spentByCategory: z.array(z.object({ categoryId: z.uuid(), spent: moneyString })),
  /**
   * Each payer's spending in the month, most first (then by id, null last): only payers with
   * spending; userId null for expenses whose payer's account was deleted.
   */
  spentByPayer: z.array(z.object({ userId: z.uuid().nullable(), spent: moneyString })),
  /** Week buckets by day of the period: 1-7, 8-14, 15-21, 22 to the end. */
  spentByWeek: z.tuple([moneyString, moneyString, moneyString, moneyString]),
  /**
   * Everything that came in during the period, by the incomes' dates (docs/product.md#the-months-net):
   * never spending. Others' private incomes count in it; in a member's view, that member's.
   */
  income: moneyString,
  /**
   * What each member received, most first (userId null for an account deleted since): only the
   * incomes the reader may see in full, so the rest of `income` is others' private income.
   */
  incomeByMember: z.array(z.object({ userId: z.uuid().nullable(), amount: moneyString })),
  /** The month's 3 latest expenses: date, then createdAt, then id, newest first. */
  latest: z.array(expenseSchema),
  /** Whether the month holds an example expense ('Limpar dados de exemplo' is offered then). */
  hasExamples: z.boolean(),
});
export type MonthSummaryResponse = z.infer<typeof monthSummaryResponseSchema>;

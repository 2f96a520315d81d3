import { z } from "zod";
import { monthSchema, yearSchema } from "./calendar-date";

/**
 * GET /api/summary/trend?month=&year=: the twelve budget months (the family's periods,
 * docs/product.md#budget-periods) that end with the shown one (the
 * Reports' 12-month trend, docs/product.md "12-month trend"), added up by the database in one
 * statement. Money is a decimal string with two places.
 */
export const trendQuerySchema = z.strictObject({
  month: monthSchema,
  year: yearSchema,
  /** The months as one person's shares (docs/product.md#viewing-as-a-member); left out: the family's. */
  view: z.uuid({ error: "validation.invalid" }).optional(),
});
export type TrendQuery = z.infer<typeof trendQuerySchema>;

export const TREND_MONTHS = 12;

const moneyString = z.string();
/** One amount per month of `months`, oldest first. */
const perMonth = z.array(moneyString).length(TREND_MONTHS);

export const monthTrendResponseSchema = z.object({
  /** The shown month: the last of `months`. */
  year: z.number().int(),
  month: z.number().int(),
  /**
   * Oldest first. `spent`: everything spent in the month, uncategorised included. `budget`: the
   * sum of the family's monthly budgets; budgets have no history, so every month has today's.
   */
  months: z
    .array(
      z.object({
        year: z.number().int(),
        month: z.number().int(),
        /** The family's budget month that (year, month) names: its first and last day. */
        first: z.string(),
        last: z.string(),
        spent: moneyString,
        budget: moneyString,
        /**
         * What came in during the month, by the incomes' dates (docs/product.md#the-months-net),
         * beside what went out; in a member's view, what they received.
         */
        income: moneyString,
      }),
    )
    .length(TREND_MONTHS),
  /** Every category of the family, in the order of GET /api/categories, with its spending. */
  categories: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      icon: z.string(),
      color: z.string(),
      monthlyBudget: moneyString,
      spent: perMonth,
    }),
  ),
  /** Spent without a category (deleted categories), or null when none in the twelve months. */
  uncategorised: perMonth.nullable(),
});
export type MonthTrendResponse = z.infer<typeof monthTrendResponseSchema>;

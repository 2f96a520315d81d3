import { z } from "zod";

/**
 * The family's budget month (docs/product.md#budget-periods): when it starts. Zod-free types and
 * the default live in budget-period-rule.ts (the web's month navigation reads them on every screen);
 * this module adds the schema of PUT /api/family/budget-period.
 */
import {
  BUSINESS_DAY_MAX,
  CLOSED_DAY_MOVES,
  FIXED_DAY_MAX,
  FIXED_DAY_MIN,
  PERIOD_STARTS,
} from "./budget-period-rule";

export * from "./budget-period-rule";

/** What `month` and `year` mean on every call that takes them, in the OpenAPI document. */
export const BUDGET_MONTH_DESCRIPTION =
  "`month` and `year` name one of the family's budget months: the calendar month by default, else the period that calendar month names under the family's start rule (GET /api/family's `budgetPeriod`: day 1, a fixed day, the Nth or the last business day). A period runs from its first day to the day before the next period's, and is named after the calendar month holding most of its days.";

/**
 * One shape for every kind of start, so a form and a table row hold it as they are: `day` means
 * the fixed day (2-28) or the business day's count (1-10) and is 1 for the other kinds;
 * `saturdays` says whether Saturday is a business day (the CLT's reading); `closedDay` what a
 * fixed day does on a weekend or holiday, and is "stay" for the other kinds.
 */
export const budgetPeriodRuleSchema = z
  .strictObject({
    start: z.enum(PERIOD_STARTS, { error: "validation.periodStartInvalid" }),
    day: z
      .number({ error: "validation.periodDayInvalid" })
      .int("validation.periodDayInvalid")
      .min(1, "validation.periodDayInvalid")
      .max(FIXED_DAY_MAX, "validation.periodDayInvalid"),
    saturdays: z.boolean({ error: "validation.invalid" }),
    closedDay: z.enum(CLOSED_DAY_MOVES, { error: "validation.invalid" }),
  })
  .superRefine((rule, ctx) => {
    // A day the field's own checks refused has its message already.
    if (!Number.isInteger(rule.day) || rule.day < 1 || rule.day > FIXED_DAY_MAX) return;
    const outOf = (min: number, max: number) => rule.day < min || rule.day > max;
    if (
      (rule.start === "fixed-day" && outOf(FIXED_DAY_MIN, FIXED_DAY_MAX)) ||
      (rule.start === "business-day" && outOf(1, BUSINESS_DAY_MAX))
    ) {
      ctx.addIssue({ code: "custom", path: ["day"], message: "validation.periodDayInvalid" });
    }
  })
  // The fields a kind does not use are stored as their neutral values, so two equal rules are
  // equal rows and equal arguments of the SQL functions.
  .transform((rule) => ({
    start: rule.start,
    day: rule.start === "fixed-day" || rule.start === "business-day" ? rule.day : 1,
    saturdays: rule.start === "first-day" ? false : rule.saturdays,
    closedDay: rule.start === "fixed-day" ? rule.closedDay : ("stay" as const),
  }));

/** A stored rule, as GET /api/family answers it. */
export const budgetPeriodRuleValueSchema = z.object({
  start: z.enum(PERIOD_STARTS),
  day: z.number().int(),
  saturdays: z.boolean(),
  closedDay: z.enum(CLOSED_DAY_MOVES),
});

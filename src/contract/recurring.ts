import { z } from "zod";
import { calendarDateSchema, daysInMonth, monthSchema, yearSchema } from "./calendar-date";
import { descriptionSchema } from "./expenses";
import { incomeKindSchema } from "./incomes";
import { amountSchema } from "./money";

export const frequencies = ["weekly", "monthly", "yearly"] as const;
export const frequencySchema = z.enum(frequencies, { error: "validation.frequencyInvalid" });
export type Frequency = z.infer<typeof frequencySchema>;

/** What a rule records (docs/decisions/013-income-refunds-net.md): an expense or an income. */
export const recurringEntries = ["expense", "income"] as const;
export const recurringEntrySchema = z.enum(recurringEntries, { error: "validation.invalid" });
export type RecurringEntry = z.infer<typeof recurringEntrySchema>;

/** The most business days a month rule may count ("o 20º dia útil"); the schema's check too. */
export const BUSINESS_DAY_RULE_MAX = 20;

export const recurringRuleSchema = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  description: z.string(),
  amount: z.string(),
  entry: recurringEntrySchema,
  /** An income rule's kind ("salary"); null for an expense rule. */
  incomeKind: incomeKindSchema.nullable(),
  /**
   * null for an income rule, and when its category was deleted: the expenses it creates are
   * uncategorised.
   */
  categoryId: z.uuid().nullable(),
  /** Who pays an expense rule's expenses, or receives an income rule's incomes. */
  paidByUserId: z.uuid().nullable(),
  createdByUserId: z.uuid().nullable(),
  frequency: frequencySchema,
  /** weekly: 1 = Monday ... 7 = Sunday. */
  dayOfWeek: z.number().int().nullable(),
  /** monthly and yearly: 1-31 (the last day of shorter months). */
  dayOfMonth: z.number().int().nullable(),
  /** yearly: 1-12. */
  monthOfYear: z.number().int().nullable(),
  /** monthly, instead of dayOfMonth: the nth business day (1-20) of the family's calendar. */
  businessDay: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  paused: z.boolean(),
  /** The next date it will record an entry on (after today); null when paused or ended. */
  nextDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringRule = z.infer<typeof recurringRuleSchema>;

const dayNumber = (message: string, max: number) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message).nullable();

const ruleFields = {
  description: descriptionSchema,
  amount: amountSchema,
  categoryId: z.uuid({ error: "validation.categoryRequired" }),
  incomeKind: incomeKindSchema.nullable(),
  /** A current member of the family; defaults to whoever creates the rule. */
  paidByUserId: z.uuid({ error: "validation.payerInvalid" }),
  frequency: frequencySchema,
  dayOfWeek: dayNumber("validation.dayOfWeekInvalid", 7),
  dayOfMonth: dayNumber("validation.dayOfMonthInvalid", 31),
  monthOfYear: dayNumber("validation.monthInvalid", 12),
  businessDay: dayNumber("validation.businessDayInvalid", BUSINESS_DAY_RULE_MAX),
  startDate: calendarDateSchema,
  endDate: calendarDateSchema.nullable(),
};

export type RuleSchedule = {
  frequency: Frequency;
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  monthOfYear?: number | null;
  businessDay?: number | null;
  startDate: string;
  endDate?: string | null;
};

/**
 * What the fields alone cannot check: the day the rule falls on for its frequency (a weekday for
 * weekly, a day of the month or the nth business day for monthly, a month and a day that month
 * can have for yearly, 29 February included), and an end on or after the start. The create
 * schema runs it; an update runs it in the service on the rule as it will be. A monthly rule
 * given both a day of the month and a business day falls on the business day (the other day
 * fields of a frequency are dropped alike).
 */
export function scheduleIssues(rule: RuleSchedule): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (rule.frequency === "weekly" && rule.dayOfWeek == null)
    issues.push({ path: "dayOfWeek", message: "validation.dayOfWeekInvalid" });
  if (rule.frequency === "monthly" && rule.dayOfMonth == null && rule.businessDay == null)
    issues.push({ path: "dayOfMonth", message: "validation.dayOfMonthInvalid" });
  if (rule.frequency === "yearly" && rule.dayOfMonth == null)
    issues.push({ path: "dayOfMonth", message: "validation.dayOfMonthInvalid" });
  if (rule.frequency === "yearly") {
    if (rule.monthOfYear == null)
      issues.push({ path: "monthOfYear", message: "validation.monthInvalid" });
    // A leap year's month length: 29 February is a yearly date (the 28th in other years).
    else if (rule.dayOfMonth != null && rule.dayOfMonth > daysInMonth(2028, rule.monthOfYear))
      issues.push({ path: "dayOfMonth", message: "validation.dayOfMonthInvalid" });
  }
  if (rule.endDate && rule.endDate < rule.startDate)
    issues.push({ path: "endDate", message: "validation.endBeforeStart" });
  return issues;
}

export type RuleEntry = {
  entry: RecurringEntry;
  incomeKind?: string | null;
  categoryId?: string | null;
};

/**
 * What an entry needs (docs/product.md#recurring-income): an income rule its kind and no category
 * (income never counts against a budget); an expense rule a category and no income kind.
 */
export function entryIssues(rule: RuleEntry): { path: string; message: string }[] {
  if (rule.entry === "income") {
    return [
      ...(rule.incomeKind == null
        ? [{ path: "incomeKind", message: "validation.incomeKindInvalid" }]
        : []),
      ...(rule.categoryId != null ? [{ path: "categoryId", message: "validation.invalid" }] : []),
    ];
  }
  return [
    ...(rule.categoryId == null
      ? [{ path: "categoryId", message: "validation.categoryRequired" }]
      : []),
    ...(rule.incomeKind != null ? [{ path: "incomeKind", message: "validation.invalid" }] : []),
  ];
}

/**
 * Only the day fields of its frequency are kept; the others are stored as null. `entry` is chosen
 * once: a rule does not turn from an expense into an income.
 */
export const createRecurringRuleInputSchema = z
  .strictObject({
    ...ruleFields,
    entry: recurringEntrySchema.optional(),
    categoryId: ruleFields.categoryId.nullable().optional(),
    incomeKind: ruleFields.incomeKind.optional(),
    paidByUserId: ruleFields.paidByUserId.optional(),
    dayOfWeek: ruleFields.dayOfWeek.optional(),
    dayOfMonth: ruleFields.dayOfMonth.optional(),
    monthOfYear: ruleFields.monthOfYear.optional(),
    businessDay: ruleFields.businessDay.optional(),
    endDate: ruleFields.endDate.optional(),
  })
  .superRefine((rule, ctx) => {
    for (const issue of [
      ...entryIssues({ ...rule, entry: rule.entry ?? "expense" }),
      ...scheduleIssues(rule),
    ])
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });
export type CreateRecurringRuleInput = z.input<typeof createRecurringRuleInputSchema>;

/** Partial, and `paused` to pause or resume; the schedule is checked on the rule as it will be. */
export const updateRecurringRuleInputSchema = z
  .strictObject({ ...ruleFields, paused: z.boolean({ error: "validation.invalid" }) })
  .partial();
export type UpdateRecurringRuleInput = z.input<typeof updateRecurringRuleInputSchema>;

export const recurringRuleParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

export const recurringDueQuerySchema = z.strictObject({ month: monthSchema, year: yearSchema });

/**
 * GET /api/recurring/due: the bills still to come in a month, by date, and their total: expense
 * rules only (income is never a bill).
 */
export const recurringDueSchema = z.object({
  items: z.array(
    z.object({
      ruleId: z.uuid(),
      description: z.string(),
      amount: z.string(),
      date: z.string(),
      categoryId: z.uuid().nullable(),
    }),
  ),
  total: z.string(),
});
export type RecurringDue = z.infer<typeof recurringDueSchema>;

import { sql } from "drizzle-orm";
import { addDays, occurrencesBetween, type RecurrenceRule } from "../../../domain/recurrence";
import type { Db } from "../../db/client";
import type { ExpenseWriter, ExpenseWrites } from "../../expense-writes/writes";
import { expenseCounts, expenseQuotaError, lockFamilyQuotas, type Quotas } from "../../quotas";

/**
 * Creating the expenses of recurring rules (docs/product.md#recurring-expenses): every date a
 * rule falls on up to today becomes an ordinary expense, once. `generated_through` is the last
 * date a rule has handled: what lies on or before it is never created again, so deleting or
 * editing a created expense, or editing the rule, never brings one back. The unique
 * (recurring_rule_id, recurring_date) on expenses is the last word when two processes meet.
 */

export type DueRule = RecurrenceRule & {
  id: string;
  familyId: string;
  generatedThrough: string | null;
  /** The family counts Saturdays as business days (its budget month's rule). */
  saturdays: boolean;
};

/**
 * What bounds a generation (docs/product.md#quotas): no expense dated more than
 * `recurringBackfillDays` before today, and no family past `expensesPerFamily`.
 */
export type GenerationLimits = Pick<Quotas, "expensesPerFamily" | "recurringBackfillDays">;

type RuleRow = {
  id: string;
  family_id: string;
  frequency: RecurrenceRule["frequency"];
  day_of_week: number | null;
  day_of_month: number | null;
  month_of_year: number | null;
  business_day: number | null;
  saturdays: boolean;
  start_date: string;
  end_date: string | null;
  generated_through: string | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const toDueRule = (row: RuleRow): DueRule => ({
  id: row.id,
  familyId: row.family_id,
  frequency: row.frequency,
  dayOfWeek: row.day_of_week,
  dayOfMonth: row.day_of_month,
  monthOfYear: row.month_of_year,
  businessDay: row.business_day,
  saturdays: row.saturdays,
  startDate: row.start_date,
  endDate: row.end_date,
  generatedThrough: row.generated_through,
});

// Dates as text: node-postgres would turn a date into a JS Date at local midnight. The family's
// Saturdays flag counts a rule's business days (domain/budget-period.ts isBusinessDay).
const ruleColumns = sql.raw(`r.id, r.family_id, r.frequency, r.day_of_week, r.day_of_month,
  r.month_of_year, r.business_day, f.period_saturdays as saturdays,
  r.start_date::text as start_date, r.end_date::text as end_date,
  r.generated_through::text as generated_through`);
const ruleSource = sql.raw("recurring_rules r join families f on f.id = r.family_id");

/** A PostgreSQL array literal of uuids or dates (no quoting needed: neither has , { } or "). */
const arrayLiteral = (values: string[]) => `{${values.join(",")}}`;

/**
 * The dates each rule falls on after its watermark up to `today`, none older than the back-fill
 * window: a rule starting in 1900 records its last year, not decades of expenses.
 */
function dueDates(rules: DueRule[], today: string, limits: GenerationLimits) {
  const earliest = addDays(today, -limits.recurringBackfillDays);
  return rules.map((rule) => {
    const after = rule.generatedThrough ? addDays(rule.generatedThrough, 1) : rule.startDate;
    // Calendar dates as text ("YYYY-MM-DD") compare as dates.
    const from = after.localeCompare(earliest) > 0 ? after : earliest;
    return { rule, dates: occurrencesBetween(rule, from, today, rule.saturdays) };
  });
}

/**
 * Creates the occurrences of `rules` after their watermark up to `today` (written by the expense
 * write module, expense-writes/writes.ts, one statement for the batch) and moves the watermark
 * to today, in the caller's transaction (which holds the rules' row locks). Returns the number of
 * expenses created. A family without room for them all: "refuse" throws the quota's error (a
 * person creating or changing a rule is told), "skip" creates what fits, earliest first, and the
 * rest pass like a paused rule's dates (the background job: retrying them every minute would
 * never end while the family stays full).
 */
async function createOccurrences(
  tx: Db,
  write: ExpenseWriter,
  rules: DueRule[],
  today: string,
  limits: GenerationLimits,
  onFull: "refuse" | "skip",
): Promise<number> {
  if (rules.length === 0) return 0;
  const due = dueDates(rules, today, limits);
  const families = [...new Set(due.flatMap((d) => (d.dates.length > 0 ? [d.rule.familyId] : [])))];
  await lockFamilyQuotas(tx, families);
  const counts = await expenseCounts(tx, families);
  const ruleIds: string[] = [];
  const dates: string[] = [];
  for (const { rule, dates: ruleDates } of due) {
    const room = limits.expensesPerFamily - (counts.get(rule.familyId) ?? 0);
    if (ruleDates.length > room && onFull === "refuse") {
      throw expenseQuotaError(limits.expensesPerFamily);
    }
    const kept = ruleDates.slice(0, Math.max(room, 0));
    counts.set(rule.familyId, (counts.get(rule.familyId) ?? 0) + kept.length);
    for (const date of kept) {
      ruleIds.push(rule.id);
      dates.push(date);
    }
  }
  const created = await write.generate(ruleIds, dates);
  await tx.execute(sql`
    update recurring_rules set generated_through = ${today}::date
    where id = any(${arrayLiteral(rules.map((rule) => rule.id))}::uuid[])
      and (generated_through is null or generated_through < ${today}::date)`);
  return created;
}

/**
 * One rule, in the transaction that created or changed it (which locked it): a rule starting in
 * the past shows its past expenses at once.
 */
export async function generateRule(
  tx: Db,
  write: ExpenseWriter,
  ruleId: string,
  today: string,
  limits: GenerationLimits,
): Promise<number> {
  const rows = rowsOf<RuleRow>(
    await tx.execute(sql`select ${ruleColumns} from ${ruleSource}
      where r.id = ${ruleId} and not r.paused and r.start_date <= ${today}::date
        and (r.generated_through is null or r.generated_through < ${today}::date)`),
  );
  return createOccurrences(tx, write, rows.map(toDueRule), today, limits, "refuse");
}

export type GenerationResult = { rules: number; expenses: number; batches: number };

/**
 * Every active rule with dates due up to `today`, `batchSize` rules per transaction. Each batch
 * locks its rules with SKIP LOCKED, so another process running at the same moment takes other
 * rules instead of waiting, and commits the expenses with the watermark. Between batches the
 * event loop is given back (requests are served), so a backlog of days never holds it for long.
 */
export async function generateDueOccurrences(
  writes: ExpenseWrites,
  today: string,
  limits: GenerationLimits,
  options: { batchSize?: number } = {},
): Promise<GenerationResult> {
  const batchSize = options.batchSize ?? 100;
  const total: GenerationResult = { rules: 0, expenses: 0, batches: 0 };
  for (;;) {
    const { rules, expenses } = await writes.transaction(async (tx, write) => {
      const rows = rowsOf<RuleRow>(
        await tx.execute(sql`select ${ruleColumns} from ${ruleSource}
          where not r.paused and r.start_date <= ${today}::date
            and (r.generated_through is null or r.generated_through < ${today}::date)
            and (r.end_date is null or r.generated_through is null
              or r.generated_through < r.end_date)
          order by r.generated_through nulls first, r.id
          limit ${batchSize}
          for update of r skip locked`),
      );
      return {
        rules: rows.length,
        expenses: await createOccurrences(tx, write, rows.map(toDueRule), today, limits, "skip"),
      };
    });
    total.rules += rules;
    total.expenses += expenses;
    total.batches += 1;
    if (rules < batchSize) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

import { sql } from "drizzle-orm";
import { addDays, occurrencesBetween, type RecurrenceRule } from "../../../domain/recurrence";
import type { ExpenseWrites } from "../../expense-writes/writes";
import type { IncomeWriter } from "../../income-writes/writer";
import type { LedgerWork } from "../../ledger/unit-of-work";
import {
  expenseCounts,
  expenseQuotaError,
  incomeCounts,
  incomeQuotaError,
  lockFamilyQuotas,
  type Quotas,
} from "../../quotas";

/**
 * Creating the entries of recurring rules (docs/product.md#recurring-expenses): every date a
 * rule falls on up to today becomes an ordinary expense, or an income for an income rule
 * (written through the income door, income-writes/), once. `generated_through` is the last date
 * a rule has handled: what lies on or before it is never created again, so deleting or editing a
 * created entry, or editing the rule, never brings one back. The unique (recurring_rule_id,
 * recurring_date) on expenses and on incomes is the last word when two processes meet.
 */

type DueRule = RecurrenceRule & {
  id: string;
  familyId: string;
  generatedThrough: string | null;
  /** The family counts Saturdays as business days (its budget month's rule). */
  saturdays: boolean;
  entry: "expense" | "income";
  /** An income rule's: what its incomes are written with. */
  income: {
    description: string;
    amount: string;
    kind: NonNullable<RuleRow["income_kind"]>;
    receivedByUserId: string | null;
    addedByUserId: string | null;
  } | null;
};

/**
 * What bounds a generation (docs/product.md#quotas): no expense dated more than
 * `recurringBackfillDays` before today, and no family past `expensesPerFamily`.
 */
export type GenerationLimits = Pick<
  Quotas,
  "expensesPerFamily" | "incomesPerFamily" | "recurringBackfillDays"
>;

type RuleRow = {
  id: string;
  family_id: string;
  entry: "expense" | "income";
  description: string;
  amount: string;
  income_kind: "salary" | "thirteenth" | "vacation" | "freelance" | "investment" | "other" | null;
  paid_by_user_id: string | null;
  created_by_user_id: string | null;
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
  entry: row.entry,
  income:
    row.entry === "income" && row.income_kind !== null
      ? {
          description: row.description,
          amount: row.amount,
          kind: row.income_kind,
          // Who receives it: its member, or whoever made the rule once they have left.
          receivedByUserId: row.paid_by_user_id ?? row.created_by_user_id,
          addedByUserId: row.created_by_user_id,
        }
      : null,
});

// Dates as text: node-postgres would turn a date into a JS Date at local midnight. The family's
// Saturdays flag counts a rule's business days (domain/budget-period.ts isBusinessDay).
const ruleColumns = sql.raw(`r.id, r.family_id, r.entry, r.description, r.amount::text as amount,
  r.income_kind, r.paid_by_user_id, r.created_by_user_id, r.frequency, r.day_of_week, r.day_of_month,
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

/** What a generation wrote: the expenses, the incomes and the families whose incomes changed. */
export type Generated = { expenses: number; incomes: number };

/**
 * An income rule's dates, written by the income door (one INSERT for the batch, its history
 * entries with it; ON CONFLICT DO NOTHING on the occurrence's unique index). The dates were
 * already cut to the family's room for incomes (`withinRoom`).
 */
async function createIncomes(
  write: IncomeWriter,
  due: { rule: DueRule; dates: string[] }[],
): Promise<number> {
  const rows = due.flatMap(({ rule, dates }) => {
    const { income } = rule;
    if (income === null) return [];
    return dates.map((date) => ({
      familyId: rule.familyId,
      description: income.description,
      amount: income.amount,
      kind: income.kind,
      date,
      receivedByUserId: income.receivedByUserId,
      addedByUserId: income.addedByUserId,
      recurringRuleId: rule.id,
      recurringDate: date,
    }));
  });
  // The app itself records them, as a rule's expenses (history: no actor).
  return (await write.insert(rows, null)).length;
}

/**
 * The dates of a rule that fit its family's room under `max` (docs/product.md#quotas), earliest
 * first, each family's count moved by what was kept: "refuse" throws `error(max)` when not all
 * fit, "skip" keeps what fits.
 */
function withinRoom(counts: Map<string, number>, max: number) {
  return (
    familyId: string,
    ruleDates: string[],
    onFull: "refuse" | "skip",
    error: (max: number) => Error,
  ) => {
    const room = max - (counts.get(familyId) ?? 0);
    if (ruleDates.length > room && onFull === "refuse") throw error(max);
    const kept = ruleDates.slice(0, Math.max(room, 0));
    counts.set(familyId, (counts.get(familyId) ?? 0) + kept.length);
    return kept;
  };
}

/**
 * Creates the occurrences of `rules` after their watermark up to `today` (an expense rule's by
 * the expense write module, expense-writes/writes.ts, an income rule's by the income door, one
 * statement for each batch) and moves the watermark to today, in the caller's unit of work
 * (whose transaction holds the rules' row locks). A family without room for all its expenses or incomes: "refuse"
 * throws the quota's error (a person creating or changing a rule is told), "skip" creates what
 * fits, earliest first, and the rest pass like a paused rule's dates (the background job:
 * retrying them every minute would never end while the family stays full).
 */
async function createOccurrences(
  { tx, expenses, incomes: incomeWriter }: LedgerWork,
  rules: DueRule[],
  today: string,
  limits: GenerationLimits,
  onFull: "refuse" | "skip",
): Promise<Generated> {
  if (rules.length === 0) return { expenses: 0, incomes: 0 };
  const all = dueDates(rules, today, limits);
  const due = all.filter((d) => d.rule.entry === "expense");
  const dueIncomes = all.filter((d) => d.rule.entry === "income");
  const familiesOf = (list: typeof all) => [
    ...new Set(list.flatMap((d) => (d.dates.length > 0 ? [d.rule.familyId] : []))),
  ];
  const families = familiesOf(due);
  const incomeFamilies = familiesOf(dueIncomes);
  await lockFamilyQuotas(tx, [...new Set([...families, ...incomeFamilies])]);
  const ruleIds: string[] = [];
  const dates: string[] = [];
  const expenseRoom = withinRoom(await expenseCounts(tx, families), limits.expensesPerFamily);
  for (const { rule, dates: ruleDates } of due) {
    const kept = expenseRoom(rule.familyId, ruleDates, onFull, expenseQuotaError);
    for (const date of kept) {
      ruleIds.push(rule.id);
      dates.push(date);
    }
  }
  const created = await expenses.generate(ruleIds, dates);
  // An income rule's occurrences count against the family's incomes as the expenses' do.
  const incomeRoom = withinRoom(await incomeCounts(tx, incomeFamilies), limits.incomesPerFamily);
  const incomes = await createIncomes(
    incomeWriter,
    dueIncomes.map(({ rule, dates: ruleDates }) => ({
      rule,
      dates: incomeRoom(rule.familyId, ruleDates, onFull, incomeQuotaError),
    })),
  );
  await tx.execute(sql`
    update recurring_rules set generated_through = ${today}::date
    where id = any(${arrayLiteral(rules.map((rule) => rule.id))}::uuid[])
      and (generated_through is null or generated_through < ${today}::date)`);
  return { expenses: created, incomes };
}

/**
 * One rule, in the transaction that created or changed it (which locked it): a rule starting in
 * the past shows its past entries at once.
 */
export async function generateRule(
  unit: LedgerWork,
  ruleId: string,
  today: string,
  limits: GenerationLimits,
): Promise<Generated> {
  const rows = rowsOf<RuleRow>(
    await unit.tx.execute(sql`select ${ruleColumns} from ${ruleSource}
      where r.id = ${ruleId} and not r.paused and r.start_date <= ${today}::date
        and (r.generated_through is null or r.generated_through < ${today}::date)`),
  );
  return createOccurrences(unit, rows.map(toDueRule), today, limits, "refuse");
}

export type GenerationResult = {
  rules: number;
  expenses: number;
  incomes: number;
  batches: number;
};

/**
 * Every active rule with dates due up to `today`, `batchSize` rules per transaction. Each batch
 * locks its rules with SKIP LOCKED, so another process running at the same moment takes other
 * rules instead of waiting, and commits the entries with the watermark; the families whose
 * expenses or incomes changed are told after that commit (the ledger's fan-out). Between batches
 * the event loop is given back (requests are served), so a backlog of days never holds it long.
 */
export async function generateDueOccurrences(
  writes: ExpenseWrites,
  today: string,
  limits: GenerationLimits,
  options: { batchSize?: number } = {},
): Promise<GenerationResult> {
  const batchSize = options.batchSize ?? 100;
  const total: GenerationResult = { rules: 0, expenses: 0, incomes: 0, batches: 0 };
  for (;;) {
    const { rules, generated } = await writes.transaction(async (tx, _write, unit) => {
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
        generated: await createOccurrences(unit, rows.map(toDueRule), today, limits, "skip"),
      };
    });
    total.rules += rules;
    total.expenses += generated.expenses;
    total.incomes += generated.incomes;
    total.batches += 1;
    if (rules < batchSize) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

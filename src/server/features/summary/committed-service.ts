import { and, eq, sql } from "drizzle-orm";
import { COMMITTED_PERIODS, type CommittedResponse } from "../../../contract/committed";
import { fromCents, toCents } from "../../../contract/money";
import type { SummaryQuery } from "../../../contract/summary";
import { nextMonth } from "../../../domain/budget";
import { type BudgetPeriod, periodNamed } from "../../../domain/budget-period";
import { addDays, occurrencesBetween } from "../../../domain/recurrence";
import { aliasedExpense, budgetDateOf, countsBetween } from "../../db/budget-date";
import type { Db } from "../../db/client";
import { recurringRules } from "../../db/schema";
import { expensesSeenBy, incomesSeenBy } from "../../db/seen-by";
import type { FamilyScope } from "../../http/family-scope";

type SumRow = { kind: number; i: number; installments: string | null; other: string };

/**
 * What the budget months after the named one already hold (docs/product.md#already-committed),
 * and the income they expect (docs/product.md#the-forecast), in two statements whatever the
 * family's size: the expenses and the income already recorded in those periods, summed by the
 * database by period (width_bucket against the periods' first days, as the trend does), the
 * expenses split into installments and the rest; and the recurring rules, whose dates still to
 * come are counted from their rule (src/domain/recurrence.ts) in integer cents, as the bills
 * still due are: an expense rule's as committed, an income rule's as expected income.
 */
export async function committedAhead(
  db: Db,
  scope: FamilyScope,
  { year, month }: SummaryQuery,
  today: string,
): Promise<CommittedResponse> {
  const periods: BudgetPeriod[] = [];
  let name = nextMonth({ year, month });
  for (let i = 0; i < COMMITTED_PERIODS; i += 1) {
    periods.push(periodNamed(name, scope.budgetPeriod));
    name = nextMonth(name);
  }
  const first = (periods[0] as BudgetPeriod).first;
  const last = (periods.at(-1) as BudgetPeriod).last;
  const firsts = `{${periods.map((p) => p.first).join(",")}}`;
  const e = aliasedExpense("e");
  const [sums, rules] = await Promise.all([
    // Income by its own date (docs/product.md#the-forecast), others' private income included (a
    // shared total), in the same statement as the expenses: rows of kind 1.
    db.execute<SumRow>(sql`
      select 0 as kind, width_bucket(${budgetDateOf(scope.cardSpendingBy, e)}, ${firsts}::date[]) as i,
        coalesce(sum(e.amount) filter (where e.series_id is not null), 0)::numeric(20, 2)::text
          as installments,
        coalesce(sum(e.amount) filter (where e.series_id is null), 0)::numeric(20, 2)::text
          as other
      from ${expensesSeenBy(scope, "e")}
      where ${countsBetween(scope.cardSpendingBy, scope.familyId, e, first, last)}
      group by 2
      union all
      select 1, width_bucket(n.date, ${firsts}::date[]), null,
        sum(n.amount)::numeric(20, 2)::text
      from ${incomesSeenBy(scope, "n")}
      where n.date between ${first}::date and ${last}::date
      group by 2`),
    db
      .select()
      .from(recurringRules)
      .where(
        and(
          eq(recurringRules.familyId, scope.familyId),
          // Both entries: an expense rule is committed, an income rule expected (split below).
          eq(recurringRules.paused, false),
          sql`${recurringRules.startDate} <= ${last}`,
          sql`(${recurringRules.endDate} is null or ${recurringRules.endDate} >= ${first})`,
        ),
      ),
  ]);
  const sumRows = (sums as unknown as { rows: SumRow[] }).rows;
  const byPeriod = new Map(sumRows.filter((row) => row.kind === 0).map((row) => [row.i, row]));
  // On an income row, `other` holds the period's income.
  const incomeByPeriod = new Map(
    sumRows.filter((row) => row.kind === 1).map((row) => [row.i, row.other]),
  );
  // Spending only is committed: an income rule commits nothing (decision 013).
  const expenseRules = rules.filter((rule) => rule.entry === "expense");
  const incomeRules = rules.filter((rule) => rule.entry === "income");
  // Still to come: after today, and after what each rule has already handled.
  const tomorrow = addDays(today, 1);
  const stillToCome = (list: typeof rules, from: string, to: string) =>
    list.reduce(
      (sum, rule) =>
        sum +
        occurrencesBetween(rule, from, to, scope.budgetPeriod.saturdays).filter(
          (date) => rule.generatedThrough === null || date > rule.generatedThrough,
        ).length *
          toCents(rule.amount),
      0,
    );
  return {
    periods: periods.map((period, index) => {
      const row = byPeriod.get(index + 1);
      const from = [period.first, tomorrow].sort()[1] as string;
      const recurring = from > period.last ? 0 : stillToCome(expenseRules, from, period.last);
      const installments = toCents(row?.installments ?? "0");
      const other = toCents(row?.other ?? "0");
      const total = installments + recurring + other;
      const income =
        toCents(incomeByPeriod.get(index + 1) ?? "0") +
        (from > period.last ? 0 : stillToCome(incomeRules, from, period.last));
      return {
        year: period.year,
        month: period.month,
        first: period.first,
        last: period.last,
        installments: fromCents(installments),
        recurring: fromCents(recurring),
        other: fromCents(other),
        total: fromCents(total),
        income: fromCents(income),
        free: fromCents(income - total),
      };
    }),
  };
}

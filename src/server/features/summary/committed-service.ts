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
import type { FamilyScope } from "../../http/family-scope";

/**
 * What the budget months after the named one already hold (docs/product.md#already-committed), in
 * two statements whatever the family's size: the expenses already recorded in those periods,
 * summed by the database by period (width_bucket against the periods' first days, as the trend
 * does) and split into installments and the rest; and the recurring rules, whose dates still to
 * come are counted from their rule (src/domain/recurrence.ts) in integer cents, as the bills
 * still due are.
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
    db.execute<{ i: number; installments: string; other: string }>(sql`
      select width_bucket(${budgetDateOf(scope.cardSpendingBy, e)}, ${firsts}::date[]) as i,
        coalesce(sum(e.amount) filter (where e.series_id is not null), 0)::numeric(20, 2)::text
          as installments,
        coalesce(sum(e.amount) filter (where e.series_id is null), 0)::numeric(20, 2)::text
          as other
      from expenses e
      where e.family_id = ${scope.familyId}
        and ${countsBetween(scope.cardSpendingBy, scope.familyId, e, first, last)}
      group by 1`),
    db
      .select()
      .from(recurringRules)
      .where(
        and(
          eq(recurringRules.familyId, scope.familyId),
          // Spending only: an income rule commits nothing (decision 013).
          eq(recurringRules.entry, "expense"),
          eq(recurringRules.paused, false),
          sql`${recurringRules.startDate} <= ${last}`,
          sql`(${recurringRules.endDate} is null or ${recurringRules.endDate} >= ${first})`,
        ),
      ),
  ]);
  const byPeriod = new Map(
    (sums as unknown as { rows: { i: number; installments: string; other: string }[] }).rows.map(
      (row) => [row.i, row],
    ),
  );
  // Still to come: after today, and after what each rule has already handled.
  const tomorrow = addDays(today, 1);
  return {
    periods: periods.map((period, index) => {
      const row = byPeriod.get(index + 1);
      const from = [period.first, tomorrow].sort()[1] as string;
      const recurring =
        from > period.last
          ? 0
          : rules.reduce(
              (sum, rule) =>
                sum +
                occurrencesBetween(rule, from, period.last, scope.budgetPeriod.saturdays).filter(
                  (date) => rule.generatedThrough === null || date > rule.generatedThrough,
                ).length *
                  toCents(rule.amount),
              0,
            );
      const installments = toCents(row?.installments ?? "0");
      const other = toCents(row?.other ?? "0");
      return {
        year: period.year,
        month: period.month,
        first: period.first,
        last: period.last,
        installments: fromCents(installments),
        recurring: fromCents(recurring),
        other: fromCents(other),
        total: fromCents(installments + recurring + other),
      };
    }),
  };
}

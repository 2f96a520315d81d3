import { type SQL, sql } from "drizzle-orm";
import type { MonthTrendResponse, TrendQuery } from "../../../contract/trend";
import type { Db } from "../../db/client";
import type { FamilyScope } from "../../http/family-scope";

type TrendRow = {
  /** 0: the months (budget and total spent), 1: uncategorised, 2: a category. */
  kind: number;
  id: string | null;
  name: string | null;
  icon: string | null;
  color: string | null;
  /** The month's budget on the months row, the category's monthly budget on a category's. */
  budget: string | null;
  years: number[] | null;
  months: number[] | null;
  spent: string[];
};

/**
 * The twelve months that end with the shown one, added up by the database in one statement:
 * generate_series gives the months (so a month without expenses is a zero, not a gap); the
 * expenses are read by the date range of those months on the keyset index (family_id, date, ...);
 * grouping sets give each month's total and each (month, category) sum, each month by its first
 * day (budget_month_first_day, src/server/db/functions/budget-rules.sql); every series comes back
 * as an array in month order. The family's categories are read in the same statement, so the
 * budget and the series agree. The reference definition is monthTrendOf in
 * src/domain/testing/reference-sums.ts; docs/product.md, "12-month trend".
 */
export async function monthTrend(
  db: Db,
  scope: FamilyScope,
  { year, month }: TrendQuery,
): Promise<MonthTrendResponse> {
  const family = scope.familyId;
  // numeric(20,2) renders two places ("0.00", "12.50") and holds any sum of numeric(10,2).
  const money = (value: SQL) => sql`coalesce(${value}, 0)::numeric(20, 2)::text`;
  // One series: its twelve sums in month order, zero where the month has none.
  const series = (match: SQL) =>
    sql`array(select ${money(sql`s.spent`)} from months m
      left join sums s on s.first_day = m.first_day and ${match} order by m.i)`;
  // Which month a date falls in, and a month's first and last day, are budget_month_first_day
  // and budget_month_last_day (src/server/db/functions/budget-rules.sql), which the planner
  // inlines: the range below is folded into constants before planning.
  const shown = sql`make_date(${year}::int, ${month}::int, 1)`;
  const monthOf = sql`budget_month_first_day(e.date)`;
  const result = await db.execute(sql`
    with months as (
      select i, first_day, extract(year from first_day)::int as year,
        extract(month from first_day)::int as month
      from generate_series(0, 11) as i
      cross join lateral (
        select budget_month_first_day((${shown} - make_interval(months => 11 - i))::date) as first_day
      ) as shifted
    ),
    sums as (
      -- Grouped by each expense's month rather than joined to the months row by row: on the
      -- bench's 50,000-expense family that join cost more than the stored year and month
      -- columns did; grouped, it costs the same.
      select ${monthOf} as first_day, e.category_id, grouping(e.category_id) as whole,
        sum(e.amount) as spent
      from expenses e
      where e.family_id = ${family}
        and e.date between budget_month_first_day((${shown} - interval '11 months')::date)
          and budget_month_last_day(${shown})
      group by grouping sets ((${monthOf}, e.category_id), (${monthOf}))
    ),
    family_categories as (
      select id, name, icon, color, monthly_budget, created_at from categories
      where family_id = ${family}
    )
    select 0 as kind, null::uuid as id, null as name, null as icon, null as color,
      (select ${money(sql`sum(monthly_budget)`)} from family_categories) as budget,
      array(select year from months order by i) as years,
      array(select month from months order by i) as months,
      ${series(sql`s.whole = 1`)} as spent,
      null::timestamptz as created_at
    union all
    select 1, null, null, null, null, null, null, null,
      ${series(sql`s.whole = 0 and s.category_id is null`)}, null
    where exists (select 1 from sums where whole = 0 and category_id is null)
    union all
    select 2, c.id, c.name, c.icon, c.color, c.monthly_budget::text, null, null,
      ${series(sql`s.whole = 0 and s.category_id = c.id`)}, c.created_at
    from family_categories c
    order by kind, created_at, name, id`);
  const rows = (result as unknown as { rows: TrendRow[] }).rows;
  const head = rows.find((row) => row.kind === 0) as TrendRow;
  const years = head.years ?? [];
  return {
    year,
    month,
    months: (head.months ?? []).map((m, i) => ({
      year: years[i] as number,
      month: m,
      spent: head.spent[i] as string,
      budget: head.budget as string,
    })),
    categories: rows
      .filter((row) => row.kind === 2)
      .map((row) => ({
        id: row.id as string,
        name: row.name as string,
        icon: row.icon as string,
        color: row.color as string,
        monthlyBudget: row.budget as string,
        spent: row.spent,
      })),
    uncategorised: rows.find((row) => row.kind === 1)?.spent ?? null,
  };
}

import { type SQL, sql } from "drizzle-orm";
import { type MonthTrendResponse, TREND_MONTHS, type TrendQuery } from "../../../contract/trend";
import { previousMonth } from "../../../domain/budget";
import { type BudgetPeriod, periodNamed } from "../../../domain/budget-period";
import { aliasedExpense, budgetDateOf, countsBetween } from "../../db/budget-date";
import type { Db } from "../../db/client";
import { expensesSeenBy, incomesSeenBy, maskedRow } from "../../db/seen-by";
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
  spent: string[];
  /** The months row only: each month's income. */
  income: string[] | null;
};

/**
 * The twelve budget months (the family's periods, docs/product.md#budget-periods) that end with
 * the shown one, added up by the database in one statement: the periods' first and last days come
 * from the family's rule (src/domain/budget-period.ts) as one array, so a period without expenses
 * is a zero, not a gap; the expenses are read by the date range of those periods on the keyset
 * index (family_id, date, ...); each is given its period by width_bucket against the periods'
 * first days (a binary search on twelve dates, no rule computed per row); grouping sets give each
 * period's total and each (period, category) sum; every series comes back as an array in period
 * order. The family's categories are read in the same statement, so the budget and the series
 * agree. The reference definition is monthTrendOf in src/domain/testing/reference-sums.ts;
 * docs/product.md, "12-month trend".
 */
export async function monthTrend(
  db: Db,
  scope: FamilyScope,
  { year, month, view }: TrendQuery,
): Promise<MonthTrendResponse> {
  const family = scope.familyId;
  const periods: BudgetPeriod[] = [];
  let name = { year, month };
  for (let i = 0; i < TREND_MONTHS; i += 1) {
    periods.unshift(periodNamed(name, scope.budgetPeriod));
    name = previousMonth(name);
  }
  const firsts = `{${periods.map((p) => p.first).join(",")}}`;
  const oldest = periods[0] as BudgetPeriod;
  const shownPeriod = periods.at(-1) as BudgetPeriod;
  // numeric(20,2) renders two places ("0.00", "12.50") and holds any sum of numeric(10,2).
  const money = (value: SQL) => sql`coalesce(${value}, 0)::numeric(20, 2)::text`;
  // One series: its twelve sums in period order, zero where the period has none.
  const series = (match: SQL) =>
    sql`array(select ${money(sql`s.spent`)} from months m
      left join sums s on s.i = m.i and ${match} order by m.i)`;
  // Each expense's period by its budget date (db/budget-date.ts): its date, or counted by bill a
  // card purchase's bill's due date.
  const e = aliasedExpense("e");
  const periodOfRow = sql`width_bucket(${budgetDateOf(scope.cardSpendingBy, e)}, ${firsts}::date[])`;
  // Viewed as one person (docs/product.md#viewing-as-a-member): their shares, as the summary.
  const amount = view
    ? sql`(select s.amount from expense_shares s where s.expense_id = e.id and s.user_id = ${view})`
    : sql`e.amount`;
  const viewed = view
    ? sql`and not ${maskedRow("e")} and e.id in (select s.expense_id
        from expense_shares s where s.user_id = ${view} and s.family_id = ${family})`
    : sql``;
  const incomeViewed = view
    ? sql`and i.received_by_user_id = ${view} and not ${maskedRow("i")}`
    : sql``;
  const result = await db.execute(sql`
    with months as (
      select i from generate_series(1, ${TREND_MONTHS}::int) as i
    ),
    sums as (
      -- Grouped by each expense's period rather than joined to the months row by row: on the
      -- bench's 50,000-expense family that join cost more than the stored year and month
      -- columns did; grouped, it costs the same.
      -- Another member's private expense is in the month's total and in no category's series,
      -- not even the uncategorised one (docs/product.md#private-expenses): a key no category has.
      select p.i, c.category_id, grouping(c.category_id) as whole, sum(${amount}) as spent
      from ${expensesSeenBy(scope, "e")}
      cross join lateral (select ${periodOfRow} as i) p
      cross join lateral (select case when ${maskedRow("e")}
        then '00000000-0000-0000-0000-000000000000'::uuid else e.category_id end as category_id) c
      where ${countsBetween(scope.cardSpendingBy, family, e, oldest.first, shownPeriod.last)}
        ${viewed}
      group by grouping sets ((p.i, c.category_id), (p.i))
    ),
    -- What came in, by each income's own date (never a bill's), per period; in a member's view,
    -- what they received (docs/product.md#the-months-net).
    income_sums as (
      select width_bucket(i.date, ${firsts}::date[]) as i, sum(i.amount) as income
      from ${incomesSeenBy(scope, "i")}
      where i.date between ${oldest.first}::date and ${shownPeriod.last}::date
        ${incomeViewed}
      group by 1
    ),
    family_categories as (
      select id, name, icon, color, monthly_budget, created_at from categories
      where family_id = ${family}
    )
    select 0 as kind, null::uuid as id, null as name, null as icon, null as color,
      (select ${money(sql`sum(monthly_budget)`)} from family_categories) as budget,
      ${series(sql`s.whole = 1`)} as spent,
      array(select ${money(sql`n.income`)} from months m
        left join income_sums n on n.i = m.i order by m.i) as income,
      null::timestamptz as created_at
    union all
    select 1, null, null, null, null, null,
      ${series(sql`s.whole = 0 and s.category_id is null`)}, null, null
    where exists (select 1 from sums where whole = 0 and category_id is null)
    union all
    select 2, c.id, c.name, c.icon, c.color, c.monthly_budget::text,
      ${series(sql`s.whole = 0 and s.category_id = c.id`)}, null, c.created_at
    from family_categories c
    order by kind, created_at, name, id`);
  const rows = (result as unknown as { rows: TrendRow[] }).rows;
  const head = rows.find((row) => row.kind === 0) as TrendRow;
  return {
    year,
    month,
    months: periods.map((period, i) => ({
      year: period.year,
      month: period.month,
      first: period.first,
      last: period.last,
      spent: head.spent[i] as string,
      budget: head.budget as string,
      income: (head.income as string[])[i] as string,
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

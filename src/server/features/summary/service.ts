import { and, desc, eq, getTableColumns, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { CardSpendingBy } from "../../../contract/family";
import type { MonthSummaryResponse, SummaryQuery } from "../../../contract/summary";
import { RECENT_TRANSACTIONS } from "../../../domain/budget";
import { periodNamed } from "../../../domain/budget-period";
import { comparePayerSpending } from "../../../domain/payer-spending";
import { categoryListOrder, toCategory, toExpense } from "../../api-rows";
import { budgetDateOf, countsBetween } from "../../db/budget-date";
import type { Db } from "../../db/client";
import { categories, expenses } from "../../db/schema";
import { incomesSeenBy, maskedRow, seenExpenses } from "../../db/seen-by";

/**
 * The category and payer key of others' private expenses, which the reader may not attribute
 * (docs/product.md#private-expenses): no category or user has it.
 */
const PRIVATE_KEY = "00000000-0000-0000-0000-000000000000";

import type { FamilyScope } from "../../http/family-scope";

// numeric(20,2) renders two places ("0.00", "12.50") and holds any sum of numeric(10,2) amounts.
const money = (value: SQL) => sql<string>`coalesce(${value}, 0)::numeric(20, 2)::text`;
// The week bucket is budget_period_week (src/server/db/functions/budget-rules.sql), inlined by
// the planner into arithmetic on the row's budget date and the period's first day.
const spentInWeek = (week: number, first: Placeholder, budgetDate: SQL, amount: SQL) =>
  money(
    sql`sum(${amount}) filter (where budget_period_week(${budgetDate}, ${first}::date) = ${sql.raw(String(week))})`,
  );
const columns = { date: sql`${expenses.date}`, billId: sql`${expenses.billId}` };

/** What a summary's statements are given: the reader, the period's days and the view. */
const param = {
  family: sql.placeholder("family"),
  reader: sql.placeholder("reader"),
  first: sql.placeholder("first"),
  last: sql.placeholder("last"),
  view: sql.placeholder("view"),
};
type SummaryShape = { cardSpendingBy: CardSpendingBy; view: boolean };

/**
 * The month's sums and its latest expenses, built once per shape (how card spending counts,
 * viewed as a member or not) and prepared by name on each pooled connection: the one read path's
 * functions (db/seen-by.ts) are inlined by the planner, and planning the summary every time cost
 * more than running it (docs/benchmarks.md, "Private by structure").
 */
function summaryStatements(db: Db, { cardSpendingBy, view }: SummaryShape) {
  const reader = { familyId: param.family, userId: param.reader };
  // Counted by date, or card purchases by their bill's due date (db/budget-date.ts).
  // Viewed as one person (docs/product.md#viewing-as-a-member): the expenses they have a share
  // of, each counting their share; another member's private expense is in nobody's view but its
  // author's own (db/seen-by.ts).
  const inMonth = and(
    countsBetween(cardSpendingBy, param.family, columns, param.first, param.last),
    view
      ? sql`not ${maskedRow()} and ${expenses.id} in (select s.expense_id
          from expense_shares s where s.user_id = ${param.view}::uuid and s.family_id = ${param.family}::uuid)`
      : undefined,
  );
  const amount = view
    ? sql`(select s.amount from expense_shares s
        where s.expense_id = ${expenses.id} and s.user_id = ${param.view}::uuid)`
    : sql`${expenses.amount}`;
  const budgetDate = budgetDateOf(cardSpendingBy, columns);
  // Another member's private expense counts in the month and its weeks, and in no category's or
  // payer's sum, which would say what or whose it is (docs/product.md#private-expenses): its
  // category row is the month's one 'Gastos privados' line, its payer row is dropped.
  const privateKey = sql.raw(`'${PRIVATE_KEY}'::uuid`);
  const categoryKey = sql`case when ${maskedRow()} then ${privateKey} else ${expenses.categoryId} end`;
  const payerKey = sql`case when ${maskedRow()} then ${privateKey} else ${expenses.paidByUserId} end`;
  // What came in (docs/product.md#the-months-net): by the incomes' own dates, two more columns of
  // the same statement (uncorrelated subqueries, run once), so the month stays three statements.
  // In a member's view, what that member received.
  const incomeOfPeriod = sql`i.date between ${param.first}::date and ${param.last}::date
    ${view ? sql`and i.received_by_user_id = ${param.view}::uuid and not ${maskedRow("i")}` : sql``}`;
  const name = `month_summary_${cardSpendingBy}${view ? "_view" : ""}`;
  const sums = db
    .select({
      // grouping()'s bit mask, a bit per column aggregated away: 1 a category's row, 2 a payer's,
      // 3 the whole month.
      grouping: sql<number>`grouping(${categoryKey}, ${payerKey})::int`,
      categoryId: sql<string | null>`${categoryKey}`,
      paidByUserId: sql<string | null>`${payerKey}`,
      spent: money(sql`sum(${amount})`),
      week1: spentInWeek(1, param.first, budgetDate, amount),
      week2: spentInWeek(2, param.first, budgetDate, amount),
      week3: spentInWeek(3, param.first, budgetDate, amount),
      week4: spentInWeek(4, param.first, budgetDate, amount),
      hasExamples: sql<boolean>`coalesce(bool_or(${expenses.isExample}), false)`,
      income: money(
        sql`(select sum(i.amount) from ${incomesSeenBy(reader, "i")} where ${incomeOfPeriod})`,
      ),
      // Only what the reader may see in full: others' private income is in `income` alone.
      incomeByMember: sql<string>`(select coalesce(json_agg(json_build_object(
          'userId', x.user_id, 'amount', x.amount) order by x.total desc, x.user_id nulls last),
          '[]')::text
        from (select i.received_by_user_id as user_id, sum(i.amount) as total,
            sum(i.amount)::numeric(20, 2)::text as amount
          from ${incomesSeenBy(reader, "i")} where ${incomeOfPeriod} and not ${maskedRow("i")}
          group by i.received_by_user_id) x)`,
    })
    .from(seenExpenses(reader))
    .where(inMonth)
    .groupBy(sql`grouping sets ((${categoryKey}), (${payerKey}), ())`)
    .prepare(`${name}_sums`);
  const latest = db
    .select(getTableColumns(expenses))
    .from(seenExpenses(reader))
    .where(inMonth)
    .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
    .limit(RECENT_TRANSACTIONS)
    .prepare(`${name}_latest`);
  return { sums, latest };
}

const preparedFor = new WeakMap<Db, Map<string, ReturnType<typeof summaryStatements>>>();
function preparedSummary(db: Db, shape: SummaryShape) {
  const byShape = preparedFor.get(db) ?? new Map<string, ReturnType<typeof summaryStatements>>();
  preparedFor.set(db, byShape);
  const key = `${shape.cardSpendingBy}:${shape.view}`;
  const statements = byShape.get(key) ?? summaryStatements(db, shape);
  byShape.set(key, statements);
  return statements;
}

/**
 * One budget month of the family (the period the calendar month names under the family's rule,
 * docs/product.md#budget-periods), added up by the database in one statement: grouping sets give one
 * row per category (the null category is the uncategorised spending), one per payer, and one row
 * for the whole month (its week buckets and hasExamples). The categories and the 3 latest
 * expenses are two more statements, run together. docs/product.md, "Month summary"; the reference
 * definition of the sums is monthSpendingOf in src/domain/testing/reference-sums.ts.
 */
export async function monthSummary(
  db: Db,
  scope: FamilyScope,
  { year, month, view }: SummaryQuery,
): Promise<MonthSummaryResponse> {
  // The period's first and last day (src/domain/budget-period.ts, whose SQL twin the alerts use):
  // a range on the index (family_id, date, ...), which also hands the latest expenses over in
  // their order.
  const period = periodNamed({ year, month }, scope.budgetPeriod);
  const { sums, latest } = preparedSummary(db, {
    cardSpendingBy: scope.cardSpendingBy,
    view: view !== undefined,
  });
  const values = {
    family: scope.familyId,
    reader: scope.userId,
    first: period.first,
    last: period.last,
    view: view ?? null,
  };
  const [categoryRows, sumRows, latestRows] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(eq(categories.familyId, scope.familyId))
      .orderBy(...categoryListOrder()),
    sums.execute(values),
    latest.execute(values),
  ]);

  // The grand-total row is there even for an empty month (an aggregate without groups).
  const total = sumRows.find((row) => row.grouping === 3);
  const byCategory = sumRows.filter((row) => row.grouping === 1);
  const byPayer = sumRows
    .filter((row) => row.grouping === 2 && row.paidByUserId !== PRIVATE_KEY)
    .map((row) => ({ userId: row.paidByUserId, spent: row.spent }))
    .sort(comparePayerSpending);
  return {
    year,
    month,
    period: { first: period.first, last: period.last },
    categories: categoryRows.map(toCategory),
    totalSpent: total?.spent ?? "0.00",
    uncategorisedSpent: byCategory.find((row) => row.categoryId === null)?.spent ?? "0.00",
    privateSpent: byCategory.find((row) => row.categoryId === PRIVATE_KEY)?.spent ?? "0.00",
    spentByCategory: byCategory.flatMap((row) =>
      row.categoryId === null || row.categoryId === PRIVATE_KEY
        ? []
        : [{ categoryId: row.categoryId, spent: row.spent }],
    ),
    spentByPayer: byPayer,
    spentByWeek: [
      total?.week1 ?? "0.00",
      total?.week2 ?? "0.00",
      total?.week3 ?? "0.00",
      total?.week4 ?? "0.00",
    ],
    income: total?.income ?? "0.00",
    incomeByMember: JSON.parse(total?.incomeByMember ?? "[]"),
    latest: latestRows.map((row) => toExpense(row)),
    hasExamples: total?.hasExamples ?? false,
  };
}

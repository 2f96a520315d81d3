import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { MonthSummaryResponse, SummaryQuery } from "../../../contract/summary";
import { RECENT_TRANSACTIONS } from "../../../domain/budget";
import { comparePayerSpending } from "../../../domain/payer-spending";
import { categoryListOrder, toCategory, toExpense } from "../../api-rows";
import type { Db } from "../../db/client";
import { categories, expenses } from "../../db/schema";
import type { FamilyScope } from "../../http/family-scope";

// numeric(20,2) renders two places ("0.00", "12.50") and holds any sum of numeric(10,2) amounts.
const money = (value: SQL) => sql<string>`coalesce(${value}, 0)::numeric(20, 2)::text`;
const day = sql`extract(day from ${expenses.date})`;
const spentWhere = (condition: SQL) =>
  money(sql`sum(${expenses.amount}) filter (where ${condition})`);

/**
 * One month of the family, added up by the database in one statement: grouping sets give one
 * row per category (the null category is the uncategorised spending), one per payer, and one row
 * for the whole month (its week buckets and hasExamples). The categories and the 3 latest expenses are two
 * more statements, run together. docs/product.md, "Month summary"; the reference definition of
 * the sums is monthSpendingOf in src/domain/month-summary.ts.
 */
export async function monthSummary(
  db: Db,
  scope: FamilyScope,
  { year, month }: SummaryQuery,
): Promise<MonthSummaryResponse> {
  const inMonth = and(
    eq(expenses.familyId, scope.familyId),
    eq(expenses.year, year),
    eq(expenses.month, month),
  );
  const [categoryRows, sums, latestRows] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(eq(categories.familyId, scope.familyId))
      .orderBy(...categoryListOrder()),
    db
      .select({
        // grouping()'s bit mask, a bit per column aggregated away: 1 a category's row, 2 a payer's,
        // 3 the whole month.
        grouping: sql<number>`grouping(${expenses.categoryId}, ${expenses.paidByUserId})::int`,
        categoryId: expenses.categoryId,
        paidByUserId: expenses.paidByUserId,
        spent: money(sql`sum(${expenses.amount})`),
        week1: spentWhere(sql`${day} <= 7`),
        week2: spentWhere(sql`${day} between 8 and 14`),
        week3: spentWhere(sql`${day} between 15 and 21`),
        week4: spentWhere(sql`${day} >= 22`),
        hasExamples: sql<boolean>`coalesce(bool_or(${expenses.isExample}), false)`,
      })
      .from(expenses)
      .where(inMonth)
      .groupBy(sql`grouping sets ((${expenses.categoryId}), (${expenses.paidByUserId}), ())`),
    db
      .select()
      .from(expenses)
      .where(inMonth)
      .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
      .limit(RECENT_TRANSACTIONS),
  ]);

  // The grand-total row is there even for an empty month (an aggregate without groups).
  const total = sums.find((row) => row.grouping === 3);
  const byCategory = sums.filter((row) => row.grouping === 1);
  const byPayer = sums
    .filter((row) => row.grouping === 2)
    .map((row) => ({ userId: row.paidByUserId, spent: row.spent }))
    .sort(comparePayerSpending);
  return {
    year,
    month,
    categories: categoryRows.map(toCategory),
    totalSpent: total?.spent ?? "0.00",
    uncategorisedSpent: byCategory.find((row) => row.categoryId === null)?.spent ?? "0.00",
    spentByCategory: byCategory.flatMap((row) =>
      row.categoryId === null ? [] : [{ categoryId: row.categoryId, spent: row.spent }],
    ),
    spentByPayer: byPayer,
    spentByWeek: [
      total?.week1 ?? "0.00",
      total?.week2 ?? "0.00",
      total?.week3 ?? "0.00",
      total?.week4 ?? "0.00",
    ],
    latest: latestRows.map(toExpense),
    hasExamples: total?.hasExamples ?? false,
  };
}

import { type SQL, sql } from "drizzle-orm";

/**
 * Private expenses (docs/product.md#private-expenses, decision 012): a private expense is seen in
 * full only by the member who added it. To everyone else it is "Gasto privado" and its amount:
 * it counts in every total (its category's budget included), but no answer says its description,
 * category, payer, author, method or bill, no search or filter on those finds it, and the history
 * says only that a private expense changed. This module is where "seen by whom" is decided, in
 * TypeScript for rows the server reads whole (api-rows.ts's toExpense) and in SQL for the
 * answers the database writes; http/private-expenses.api.test.ts walks every GET route as another
 * member and finds nothing of it.
 *
 * It is the rule for incomes too (docs/product.md#income, decision 013): the incomes table has the
 * same `private` and `added_by_user_id` columns, so the same functions decide, with the alias
 * `incomes`. Another member's private income is left out of every list and counted only in the
 * totals it enters (the month's income, the net); the history says only that a private entry
 * changed.
 */

/** Whether `readerId` reads the expense only as "Gasto privado". */
export const isHiddenFrom = (
  row: { private: boolean; addedByUserId: string | null },
  readerId: string,
): boolean => row.private && row.addedByUserId !== readerId;

/** The same in SQL, on an expense aliased `alias` (raw queries) or the table's columns. */
export const hiddenFromSql = (readerId: string, alias = "expenses"): SQL =>
  sql`(${sql.raw(`${alias}.private`)} and ${sql.raw(`${alias}.added_by_user_id`)} is distinct from ${readerId}::uuid)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * hiddenFromSql with the reader written as a literal, for a GROUP BY, which must see the very
 * expression its SELECT does (a parameter there is another expression to PostgreSQL).
 */
export const hiddenFromLiteral = (readerId: string, alias = "expenses"): SQL => {
  if (!UUID.test(readerId)) throw new Error(`not a user id: ${readerId}`);
  return sql.raw(
    `(${alias}.private and ${alias}.added_by_user_id is distinct from '${readerId}'::uuid)`,
  );
};

/** An expense `readerId` may read in full: the condition searches and filters add. */
export const seenInFullBy = (readerId: string, alias = "expenses"): SQL =>
  sql`not ${hiddenFromSql(readerId, alias)}`;

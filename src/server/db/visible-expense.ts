import { type SQL, sql } from "drizzle-orm";

/**
 * Private expenses and incomes (docs/product.md#private-expenses, decision 012) are read through
 * one path, db/seen-by.ts, which masks another member's private row in the database. This module
 * is the same rule where the write doors meet a row they locked whole: a change or delete of
 * another member's private row is refused as if the row did not exist.
 */

/** Whether `readerId` reads the row only as "Gasto privado". */
export const isHiddenFrom = (
  row: { private: boolean; addedByUserId: string | null },
  readerId: string,
): boolean => row.private && row.addedByUserId !== readerId;

/** The same as a condition on the raw table, for a write door's WHERE: rows it may change. */
export const seenInFullBy = (readerId: string, alias = "expenses"): SQL =>
  sql`not (${sql.raw(`${alias}.private`)} and ${sql.raw(`${alias}.added_by_user_id`)} is distinct from ${readerId}::uuid)`;

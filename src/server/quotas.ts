import { sql } from "drizzle-orm";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { AppError } from "./errors";

/**
 * Caps on what one family may write in bulk (docs/product.md#quotas): its expenses, its recurring
 * rules, its imports per day. Every path that creates expenses in a transaction (an import, a
 * recurring rule's back-fill and the background job, a restore from the history) takes the
 * family's quota lock first, then counts: two of them at the same moment count one after the
 * other, so they cannot pass a cap together. A typed expense (one at a time) is counted in the
 * statement before its insert without the lock; the tolerance is documented there.
 */

export type Quotas = Config["quotas"];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A PostgreSQL array literal of uuids (no quoting needed). */
const uuidArray = (values: string[]) => `{${values.join(",")}}`;

/**
 * Until the transaction ends, the family's writes that count against a quota wait for this one.
 * Several families are locked in one order (their keys sorted), so two transactions locking
 * overlapping sets (the background job's batches) never wait on each other in a cycle.
 */
export async function lockFamilyQuotas(tx: Db, familyIds: string[]): Promise<void> {
  if (familyIds.length === 0) return;
  await tx.execute(sql`
    select pg_advisory_xact_lock(k) from (
      select distinct hashtextextended('family-quota:' || f::text, 0) as k
      from unnest(${uuidArray(familyIds)}::uuid[]) as f order by k) keys`);
}

/** The expenses each family has now (0 for a family with none). */
export async function expenseCounts(tx: Db, familyIds: string[]): Promise<Map<string, number>> {
  if (familyIds.length === 0) return new Map();
  const rows = rowsOf<{ family_id: string; n: number }>(
    await tx.execute(sql`
      select family_id, count(*)::int as n from expenses
      where family_id = any(${uuidArray(familyIds)}::uuid[]) group by family_id`),
  );
  return new Map(rows.map((row) => [row.family_id, row.n]));
}

export const expenseQuotaError = (max: number) =>
  new AppError("quota_exceeded", { messageKey: "errors.expense_quota", params: { max } });

/** Refuses `adding` more expenses when the family would then have more than `max`. */
export function assertExpenseRoom(current: number, adding: number, max: number) {
  if (current + adding > max) throw expenseQuotaError(max);
}

/**
 * Locks the family's quotas and refuses `adding` expenses it has no room for, in the caller's
 * transaction: the insert that follows is counted by whoever locks next.
 */
export async function reserveExpenses(tx: Db, familyId: string, adding: number, max: number) {
  await lockFamilyQuotas(tx, [familyId]);
  const counts = await expenseCounts(tx, [familyId]);
  assertExpenseRoom(counts.get(familyId) ?? 0, adding, max);
}

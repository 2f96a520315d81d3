import { sql } from "drizzle-orm";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { isCheckViolation } from "./db/errors";
import { AppError } from "./errors";

/**
 * Caps on what one family may write in bulk (docs/product.md#quotas): its expenses, its recurring
 * rules, its imports per day. Every path that creates expenses in a transaction (an import, a
 * recurring rule's back-fill and the background job, a restore from the history) takes the
 * family's quota lock first, then counts: two of them at the same moment count one after the
 * other, so they cannot pass a cap together. A typed expense (one at a time) is checked twice,
 * with no statement more: in the statement that checks its category (an early answer, before a
 * card's bill is made), and exactly by its own INSERT (familyUnderExpenseQuota), after the
 * family's writes in flight.
 *
 * The counts are the family's counters in `family_counts`, which the database keeps by itself
 * (migration 0029's triggers, every row counted): one row read, however many rows the family has.
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

type Counted = "expenses" | "incomes" | "settlements";

/** One family's counter of `counted` as a scalar subquery: 0 before its first row. */
export const familyCountSql = (familyId: string, counted: Counted) =>
  sql<number>`coalesce((select ${sql.identifier(counted)} from family_counts
    where family_id = ${familyId}), 0)`;

/** What each family has now of `counted` (a family without a counter row has none). */
async function familyCounts(
  tx: Db,
  familyIds: string[],
  counted: Counted,
): Promise<Map<string, number>> {
  if (familyIds.length === 0) return new Map();
  const rows = rowsOf<{ family_id: string; n: number }>(
    await tx.execute(sql`
      select family_id, ${sql.identifier(counted)} as n from family_counts
      where family_id = any(${uuidArray(familyIds)}::uuid[])`),
  );
  return new Map(rows.map((row) => [row.family_id, row.n]));
}

/** The expenses each family has now (0 for a family with none). */
export const expenseCounts = (tx: Db, familyIds: string[]) =>
  familyCounts(tx, familyIds, "expenses");

/**
 * A typed expense's family_id, written with the family's expense cap `max` set for its statement:
 * the counters' trigger refuses the INSERT when the family's count then passes it
 * (db/functions/quotas.sql), after the locks every expense write takes, so creates at the same
 * moment count one after the other and cannot pass it together.
 */
export const familyUnderExpenseQuota = (familyId: string, max: number) =>
  sql<string>`expense_quota_checked(${familyId}::uuid, ${max}::int)`;

/** The database's refusal of familyUnderExpenseQuota: answer it with expenseQuotaError. */
export const isExpenseQuotaRefusal = (error: unknown) =>
  isCheckViolation(error, "family_expense_quota");

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

/**
 * The incomes each family has now (docs/product.md#quotas): a typed income, an import's income
 * credits and a recurring income rule's occurrences all count.
 */
export const incomeCounts = (tx: Db, familyIds: string[]) => familyCounts(tx, familyIds, "incomes");

export const incomeQuotaError = (max: number) =>
  new AppError("quota_exceeded", { messageKey: "errors.income_quota", params: { max } });

/**
 * Locks the family's quotas and refuses `adding` incomes it has no room for, in the caller's
 * transaction (docs/product.md#quotas): two creates or imports at once count one after the other.
 */
export async function reserveIncomes(tx: Db, familyId: string, adding: number, max: number) {
  if (adding === 0) return;
  await lockFamilyQuotas(tx, [familyId]);
  const counts = await incomeCounts(tx, [familyId]);
  if ((counts.get(familyId) ?? 0) + adding > max) throw incomeQuotaError(max);
}

/** Locks the family's quotas and refuses one more settlement past `max` (docs/product.md#quotas). */
export async function reserveSettlement(tx: Db, familyId: string, max: number) {
  await lockFamilyQuotas(tx, [familyId]);
  const counts = await familyCounts(tx, [familyId], "settlements");
  if ((counts.get(familyId) ?? 0) >= max) {
    throw new AppError("quota_exceeded", {
      messageKey: "errors.settlement_quota",
      params: { max },
    });
  }
}

/**
 * Refuses a new invite while the family has `max` open ones (unused, not revoked, not expired at
 * `now`; docs/product.md#quotas). The caller holds the family's quota lock and has revoked its
 * previous open invite in the same transaction, so a member replacing their code never counts
 * twice; without the lock two invites at once both revoke what they see and both insert, leaving
 * two open codes for one member.
 */
export async function assertInviteRoom(tx: Db, familyId: string, now: Date, max: number) {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from family_invites
      where family_id = ${familyId} and used_at is null and revoked_at is null
        and expires_at > ${now.toISOString()}::timestamptz`),
  );
  if ((row?.n ?? 0) >= max) {
    throw new AppError("quota_exceeded", { messageKey: "errors.invite_quota", params: { max } });
  }
}

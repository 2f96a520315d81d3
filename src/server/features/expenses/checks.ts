import { and, eq, sql } from "drizzle-orm";
import type { Split } from "../../../contract/shares";
import type { Db } from "../../db/client";
import {
  categories,
  expenseShares,
  expenses,
  familyMembers,
  paymentMethods,
} from "../../db/schema";
import { expensesSeenBy, methodUsableBy } from "../../db/seen-by";
import { AppError } from "../../errors";
import type { CardDays } from "../../expense-writes/card-bill";
import { forWhomLabel, splitUserIds } from "../../expense-writes/expense-history";
import { personNameSql } from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import { assertExpenseRoom, familyCountSql } from "../../quotas";

/**
 * The checks an expense write's input passes before it is written, shared by a single expense
 * (service.ts) and a purchase in installments (installments.ts): the category, the payer and the
 * payment method are the caller's family's, each refused with a translated field error.
 */

export const categoryNotFound = () =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "categoryId", messageKey: "validation.categoryNotFound" }],
  });

const payerNotMember = () =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "paidByUserId", messageKey: "validation.payerNotMember" }],
  });

/**
 * A payer from the client must be a current member of the caller's family. When editing, the
 * payer the expense already has is accepted too (a member who has since left stays its payer
 * while its description or amount is corrected).
 */
export async function assertPayer(db: Db, scope: FamilyScope, payerId: string, expenseId?: string) {
  if (payerId === scope.userId) return;
  const keeps = expenseId
    ? sql`or exists (select 1 from ${expensesSeenBy(scope)} where ${expenses.id} = ${expenseId}
        and ${expenses.paidByUserId} = ${payerId})`
    : sql``;
  const result = await db.execute<{ ok: boolean }>(sql`
    select (exists (select 1 from ${familyMembers} where ${familyMembers.familyId} = ${scope.familyId}
      and ${familyMembers.userId} = ${payerId}) ${keeps}) as ok`);
  const [row] = (result as unknown as { rows: { ok: boolean }[] }).rows;
  if (!row?.ok) throw payerNotMember();
}

export const paymentMethodError = (messageKey: string) =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "paymentMethodId", messageKey }],
  });

/**
 * A payment method from the client must be one of the caller's family's active methods; when
 * editing, the archived one the expense already has is kept too (docs/product.md#payment-methods).
 * `found` is what the method's read gave (null: not the family's); its name is what the history
 * shows, and a card's days place the purchase in its bill.
 */
function checkedPaymentMethod(
  methodId: string,
  found: MethodRead | null,
): { name: string; card: CardDays | null } {
  if (!found) throw paymentMethodError("validation.paymentMethodNotFound");
  if (!found.usable) throw paymentMethodError("validation.paymentMethodArchived");
  const card =
    found.closingDay !== null && found.dueDay !== null
      ? { methodId, closingDay: found.closingDay, dueDay: found.dueDay }
      : null;
  return { name: found.name, card };
}

type MethodRead = {
  name: string;
  usable: boolean;
  closingDay: number | null;
  dueDay: number | null;
};

/**
 * The method's name, whether it may be used (active, or `expenseId` already has it), and a card's
 * days (null for an account). Another member's private account is not found, unless the expense
 * already has it (docs/product.md#private-accounts).
 */
const paymentMethodRead = (scope: FamilyScope, methodId: string, expenseId?: string) => {
  const keeps = expenseId
    ? sql`or exists (select 1 from ${expensesSeenBy(scope)} where ${expenses.id} = ${expenseId}
        and ${expenses.paymentMethodId} = ${methodId})`
    : sql``;
  return sql<MethodRead | null>`(select json_build_object('name', ${paymentMethods.name},
      'usable', ${paymentMethods.isActive} ${keeps}, 'closingDay', ${paymentMethods.closingDay},
      'dueDay', ${paymentMethods.dueDay})
    from ${paymentMethods}
    where ${paymentMethods.id} = ${methodId} and ${paymentMethods.familyId} = ${scope.familyId}
      and (${methodUsableBy(scope)} ${keeps}))`;
};

/** checkedPaymentMethod on its own read: the method's name, and a card's days. */
export async function assertPaymentMethod(
  db: Db,
  scope: FamilyScope,
  methodId: string,
  expenseId?: string,
): Promise<{ name: string; card: CardDays | null }> {
  const [row] = await db
    .select({ method: paymentMethodRead(scope, methodId, expenseId) })
    .from(sql`(select 1) as one`);
  return checkedPaymentMethod(methodId, row?.method ?? null);
}

/**
 * A category id from the client must be one of the caller's family's categories; its name is what
 * the history shows.
 */
export async function assertOwnCategory(db: Db, scope: FamilyScope, categoryId: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.familyId, scope.familyId)));
  if (!row) throw categoryNotFound();
  return row.name;
}

/**
 * assertOwnCategory for a new expense, with the family's expense count (its counter, one row:
 * server/quotas.ts) and the payment method it names in the same statement
 * (docs/product.md#quotas). Counted without waiting for the family's writes in flight: the early
 * answer of a full family, before a card's bill is made; the exact check is the insert's own
 * (expense-writes/create.ts, server/quotas.ts familyUnderExpenseQuota).
 */
export async function assertOwnCategoryWithRoom(
  db: Db,
  scope: FamilyScope,
  categoryId: string,
  maxExpenses: number,
  methodId: string | null | undefined,
) {
  const [row] = await db
    .select({
      name: categories.name,
      expenseCount: familyCountSql(scope.familyId, "expenses"),
      ...(methodId ? { method: paymentMethodRead(scope, methodId) } : {}),
    })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.familyId, scope.familyId)));
  if (!row) throw categoryNotFound();
  assertExpenseRoom(row.expenseCount, 1, maxExpenses);
  return {
    category: row.name,
    method: methodId ? checkedPaymentMethod(methodId, row.method ?? null) : null,
  };
}

const shareNotMember = () =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "split", messageKey: "validation.shareNotMember" }],
  });

/**
 * The members a split names must be members of the caller's family; when editing, those already
 * sharing the expense are accepted too (a member who left keeps their share while it is
 * corrected). One statement, which also reads their names for the history's "Para quem".
 * Returns the history's label of the split (forWhomLabel).
 */
export async function checkSplit(
  db: Db,
  scope: FamilyScope,
  split: Split,
  expenseId?: string,
): Promise<string | null> {
  const ids = splitUserIds(split);
  if (ids.length === 0) return null;
  const keeps = expenseId
    ? sql`or exists (select 1 from ${expenseShares} s where s.expense_id = ${expenseId}
        and s.family_id = ${scope.familyId} and s.user_id = i.id)`
    : sql``;
  const result = await db.execute(sql`
    select i.id, ${personNameSql(sql.raw("u"))} as name,
      (u.id is not null and (exists (select 1 from ${familyMembers} m
        where m.family_id = ${scope.familyId} and m.user_id = i.id) ${keeps})) as ok
    from unnest(${sql.param(ids)}::uuid[]) as i(id)
    left join users u on u.id = i.id`);
  const rows = (result as unknown as { rows: { id: string; name: string | null; ok: boolean }[] })
    .rows;
  if (rows.some((row) => !row.ok)) throw shareNotMember();
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return forWhomLabel(split, (id) => (id ? (names.get(id) ?? null) : null));
}

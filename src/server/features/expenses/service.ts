import { and, desc, eq, getTableColumns, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import { isCalendarDate } from "../../../contract/calendar-date";
import { LIST_ROWS_MAX } from "../../../contract/expense-limits";
import {
  type CreateExpenseInput,
  EXPENSE_PAGE_SIZE,
  type Expense,
  type ExpenseFilterQuery,
  type ExpensePage,
  type ExpensePageQuery,
  UNCATEGORISED,
  type UpdateExpenseInput,
} from "../../../contract/expenses";
import type { Split } from "../../../contract/shares";
import { periodNamed } from "../../../domain/budget-period";
import { toExpense, toExpenseListItem } from "../../api-rows";
import { aliasedExpense, countsBetween } from "../../db/budget-date";
import type { Db } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import { expenses } from "../../db/schema";
import { expensesSeenBy, maskedRow, seenExpenses } from "../../db/seen-by";
import { AppError } from "../../errors";
import { privateExpenseFields } from "../../expense-writes/private-expense";
import type { ExpenseWrites } from "../../expense-writes/writes";
import { namesFor } from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import { expenseQuotaError, isExpenseQuotaRefusal } from "../../quotas";
import { assertChangeOfClearedConfirmed, movesBalance } from "../../reconciliation-writes/cleared";
import {
  assertOwnCategory,
  assertOwnCategoryWithRoom,
  assertPayer,
  assertPaymentMethod,
  categoryNotFound,
  checkSplit,
  paymentMethodError,
} from "./checks";

/**
 * Newest first (date, created_at, then id so ties have one order, the pages' order); with month
 * and year, only the family's budget month they name (the dashboard never loads history).
 *
 * Answered as JSON text written by the database, one string for the whole list: ten years of a
 * household are 50,000 rows, and parsing each into JS objects, mapping and stringifying them cost
 * the app far more than the query. The text is byte for byte what JSON.stringify of the
 * contract's Expense objects gives (row_to_json is compact and keeps the column order; instants
 * in UTC to the millisecond, truncated, like a JS Date); the API tests compare the two.
 */
export async function listExpensesJson(
  db: Db,
  scope: FamilyScope,
  filter: { month?: number; year?: number },
): Promise<string> {
  // A month is the family's budget month that calendar month names (docs/product.md#budget-periods):
  // its first and last day, a range on the index (family_id, date, ...).
  const period =
    filter.month !== undefined && filter.year !== undefined
      ? periodNamed({ year: filter.year, month: filter.month }, scope.budgetPeriod)
      : undefined;
  const month = period
    ? sql`and ${countsBetween(scope.cardSpendingBy, scope.familyId, aliasedExpense("e"), period.first, period.last)}`
    : sql``;
  // At most LIST_ROWS_MAX rows, read one past it to tell a longer list, which is refused; the
  // refused list's text never leaves the database (5 MB the app would read to throw away:
  // docs/benchmarks.md#parallel-heavy-reads).
  const result = await db.execute<{ body: string | null; rows: number }>(sql`
    select case when count(*) <= ${LIST_ROWS_MAX} then '[' || coalesce(
      string_agg(row_to_json(j)::text, ',' order by e.date desc, e.created_at desc, e.id desc),
      '') || ']' end as body, count(*)::int as rows
    from (select * from ${expensesSeenBy(scope, "e")} where true ${month}
      order by e.date desc, e.created_at desc, e.id desc limit ${LIST_ROWS_MAX + 1}) e
    cross join lateral (
      select e.id, e.description, e.amount::text as amount,
        e.category_id as "categoryId", e.added_by_user_id as "addedByUserId",
        e.paid_by_user_id as "paidByUserId", e.payment_method_id as "paymentMethodId",
        e.bill_id as "billId", e.series_id as "seriesId", e.installment,
        e.installment_count as "installmentCount", e.refund_of_id as "refundOfId",
        ${compactSplit} as split, e.private,
        to_char(e.date, 'YYYY-MM-DD') as date, e.is_example as "isExample"
    ) j`);
  const [row] = (result as unknown as { rows: { body: string | null; rows: number }[] }).rows;
  if ((row?.rows ?? 0) > LIST_ROWS_MAX) throw new AppError("too_many_rows");
  return row?.body ?? "[]";
}

/**
 * The split as JSON.stringify writes it: jsonb's text puts a space after each ":" and ",". Its
 * strings are modes, ids and decimals (src/contract/shares.ts), none of which holds one.
 */
const compactSplit = sql.raw(`regexp_replace(e.split::text, '([:,]) ', '\\1', 'g')::json`);

/*
 * The Expenses screen's pages. Keyset pagination on (date, created_at, id), newest first, served
 * by the index expenses_family_keyset_idx: a page deep in ten years of data costs what the first
 * one does. The cursor is the last row's key, "date|created_at|id" in base64url; created_at is
 * carried as PostgreSQL's own text to the microsecond (a JS Date keeps milliseconds only, and
 * two expenses created in the same millisecond would then be skipped or repeated).
 */

export type PageKey = { date: string; createdAt: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
// to_char in UTC, microseconds included: the exact instant, and a valid timestamptz literal.
export const createdAtKey = sql<string>`to_char(${expenses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const encodeCursor = (key: PageKey) =>
  Buffer.from(`${key.date}|${key.createdAt}|${key.id}`).toString("base64url");

const invalidCursor = () =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "cursor", messageKey: "validation.invalid" }],
  });

/** A cursor this server did not write (tampered, truncated) is a 400, never a database error. */
function decodeCursor(cursor: string): PageKey {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const [date = "", createdAt = "", id = "", ...rest] = Buffer.from(cursor, "base64url")
    .toString("utf8")
    .split("|");
  const day = TIMESTAMP.exec(createdAt)?.[1];
  const valid =
    rest.length === 0 &&
    isCalendarDate(date) &&
    day !== undefined &&
    isCalendarDate(day) &&
    UUID.test(id);
  if (!valid) throw invalidCursor();
  return { date, createdAt, id };
}

/**
 * Folded like the search_text column (NFD, combining marks removed); `%`, `_` and `\\` match
 * themselves (LIKE's escape character is `\\`).
 */
const likePattern = (search: string) =>
  `%${search
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\\%_]/g, "\\$&")}%`;

type ValidPageQuery = Omit<ExpensePageQuery, "limit"> & { limit?: number };

/**
 * The family and the Expenses screen's filters as WHERE terms: the page call and the CSV export
 * (export.ts) both use these, so what the list shows and what the file holds cannot differ.
 */
export function expenseFilters(_scope: FamilyScope, query: ExpenseFilterQuery): SQL[] {
  const filters: SQL[] = [];
  const search = query.search?.trim();
  if (search) filters.push(sql`${expenses.searchText} ilike ${likePattern(search)} escape '\\'`);
  if (query.categoryId === UNCATEGORISED) filters.push(isNull(expenses.categoryId));
  else if (query.categoryId) filters.push(eq(expenses.categoryId, query.categoryId));
  if (query.from) filters.push(gte(expenses.date, query.from));
  if (query.to) filters.push(lte(expenses.date, query.to));
  // Equality on the family and the payer, then the keyset order: expenses_family_payer_keyset_idx.
  if (query.paidByUserId) filters.push(eq(expenses.paidByUserId, query.paidByUserId));
  // Likewise on expenses_family_method_keyset_idx (partial: "=" implies "is not null").
  if (query.paymentMethodId) filters.push(eq(expenses.paymentMethodId, query.paymentMethodId));
  // What another member's private expense says is not theirs to search or filter on
  // (docs/product.md#private-expenses): only the dates find it. Its masked category is null, which
  // "uncategorised" would otherwise match.
  if (search || query.categoryId || query.paidByUserId || query.paymentMethodId) {
    filters.push(sql`not ${maskedRow()}`);
  }
  return filters;
}

/**
 * The rows after `key` in the list's order (newest first). The date's own bound is what reaches
 * the index (family_id, date, ...): created_at is masked for others' private rows
 * (db/seen-by.ts), so the planner reads the index by date and sorts each day's rows.
 */
export const afterKey = (key: PageKey) =>
  sql`${expenses.date} <= ${key.date}::date and (${expenses.date}, ${expenses.createdAt}, ${expenses.id}) < (${key.date}::date, ${key.createdAt}::timestamptz, ${key.id}::uuid)`;

/** The list's order: newest date, then latest recorded, then id (one order for ties). */
export const listOrder = [desc(expenses.date), desc(expenses.createdAt), desc(expenses.id)];

/**
 * One page of the family's expenses with the filters; the first page (no cursor) also carries
 * the count and the sum of every matching expense, added up by the database.
 */
export async function expensePage(
  db: Db,
  scope: FamilyScope,
  query: ValidPageQuery,
): Promise<ExpensePage> {
  const limit = query.limit ?? EXPENSE_PAGE_SIZE;
  const filters = expenseFilters(scope, query);

  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const pageFilters = after ? [...filters, afterKey(after)] : filters;

  const [rows, totals] = await Promise.all([
    db
      .select({ expense: getTableColumns(expenses), key: createdAtKey })
      .from(seenExpenses(scope))
      .where(and(...pageFilters))
      .orderBy(...listOrder)
      .limit(limit + 1),
    after
      ? undefined
      : db
          .select({
            count: sql<number>`count(*)::int`,
            amount: sql<string>`coalesce(sum(${expenses.amount}), 0)::numeric(20, 2)::text`,
          })
          .from(seenExpenses(scope))
          .where(and(...filters)),
  ]);

  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => toExpenseListItem(row.expense)),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ date: last.expense.date, createdAt: last.key, id: last.expense.id })
        : null,
    totals: totals?.[0] ?? (after ? null : { count: 0, amount: "0.00" }),
  };
}

/**
 * With an Idempotency-Key, a repeated create (a double click, a retried request) returns the
 * expense the first one made and creates nothing. Written through the expense write module
 * (expense-writes/writes.ts), which records its history entry and tells of it (ledger/).
 */
export async function createExpense(
  writes: ExpenseWrites,
  scope: FamilyScope,
  input: CreateExpenseInput,
  idempotencyKey: string | undefined,
  maxExpenses: number,
): Promise<Expense> {
  const { db } = writes;
  const findRepeat = async () => {
    if (!idempotencyKey) return undefined;
    const [row] = await db
      .select(getTableColumns(expenses))
      // The family too: a key reused after moving to another family is a new expense there,
      // never the old family's row (the unique index of migration 0005 is scoped the same way).
      .from(seenExpenses(scope))
      .where(
        and(eq(expenses.addedByUserId, scope.userId), eq(expenses.idempotencyKey, idempotencyKey)),
      );
    return row;
  };
  const repeat = await findRepeat();
  if (repeat) return toExpense(repeat);
  // Paid by and for its author (docs/product.md#private-expenses).
  if (input.private) {
    Object.assign(input, privateExpenseFields(scope.userId, input as { split?: Split }));
  }
  const names = await assertOwnCategoryWithRoom(
    db,
    scope,
    input.categoryId,
    maxExpenses,
    input.paymentMethodId,
  );
  const paidByUserId = input.paidByUserId ?? scope.userId;
  await assertPayer(db, scope, paidByUserId);
  // The payer's name: the caller's is known; another member's costs one read.
  const payerName =
    paidByUserId === scope.userId
      ? scope.actorName
      : (await namesFor(db, scope.familyId, { userIds: [paidByUserId] })).person(paidByUserId);
  // The family's split, the default, costs nothing; shares of members one read.
  const forWhom = input.private
    ? scope.actorName
    : input.split
      ? await checkSplit(db, scope, input.split)
      : null;
  try {
    const row = await writes.create(
      scope,
      { ...input, paidByUserId, idempotencyKey },
      {
        category: names.category,
        payer: payerName,
        paymentMethod: names.method?.name ?? null,
        forWhom,
      },
      { maxExpenses, card: names.method?.card },
    );
    return toExpense(row);
  } catch (error) {
    if (isUniqueViolation(error, "expenses_idempotency_unique")) {
      const first = await findRepeat();
      if (first) return toExpense(first);
    }
    // Expenses written since the check filled the family (docs/product.md#quotas).
    if (isExpenseQuotaRefusal(error)) throw expenseQuotaError(maxExpenses);
    // The method or the category was deleted between the check and the insert.
    if (isForeignKeyViolation(error, "expenses_payment_method_same_family_fk")) {
      throw paymentMethodError("validation.paymentMethodNotFound");
    }
    if (isForeignKeyViolation(error)) throw categoryNotFound();
    throw error;
  }
}

/** Partial: the fields left out keep their values. */
export async function updateExpense(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  input: UpdateExpenseInput,
  now: Date,
  confirmedCleared = false,
): Promise<Expense> {
  // Found first, as the caller may see it: another member's private expense answers 404 before
  // any field is checked, so no check's answer can say which card or payer it has
  // (docs/product.md#private-expenses).
  const [seen] = await writes.db
    .select({ id: expenses.id })
    .from(seenExpenses(scope))
    .where(and(eq(expenses.id, id), sql`not ${maskedRow()}`));
  if (!seen) throw new AppError("expense_not_found");
  if (movesBalance(input, ["amount", "date", "paymentMethodId"])) {
    await assertChangeOfClearedConfirmed(
      writes.db,
      scope.familyId,
      "expense",
      [id],
      confirmedCleared,
    );
  }
  if (input.categoryId !== undefined) await assertOwnCategory(writes.db, scope, input.categoryId);
  if (input.paidByUserId !== undefined) {
    await assertPayer(writes.db, scope, input.paidByUserId, id);
  }
  if (input.paymentMethodId) await assertPaymentMethod(writes.db, scope, input.paymentMethodId, id);
  if (input.split) await checkSplit(writes.db, scope, input.split, id);
  try {
    return toExpense(await writes.transaction((_tx, write) => write.update(scope, id, input, now)));
  } catch (error) {
    if (isForeignKeyViolation(error, "expenses_payment_method_same_family_fk")) {
      throw paymentMethodError("validation.paymentMethodNotFound");
    }
    if (isForeignKeyViolation(error)) throw categoryNotFound();
    throw error;
  }
}

export async function deleteExpense(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  confirmedCleared = false,
): Promise<void> {
  await assertChangeOfClearedConfirmed(
    writes.db,
    scope.familyId,
    "expense",
    [id],
    confirmedCleared,
  );
  await writes.transaction(async (_tx, write) => {
    const deleted = await write.delete(scope, { id });
    if (deleted.length === 0) throw new AppError("expense_not_found");
  });
}

export async function clearExampleExpenses(
  writes: ExpenseWrites,
  scope: FamilyScope,
): Promise<number> {
  return writes.transaction(
    async (_tx, write) => (await write.delete(scope, { examples: true })).length,
  );
}

/** Moves a card purchase to the bill before or after its own (docs/product.md#card-bills). */
export async function moveExpenseBill(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  to: "previous" | "next",
  now: Date,
): Promise<Expense> {
  return toExpense(await writes.transaction((_tx, write) => write.moveBill(scope, id, to, now)));
}

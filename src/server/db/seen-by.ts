import { and, eq, getTableColumns, type Placeholder, type SQL, Subquery, sql } from "drizzle-orm";
import { expenses, incomes, installmentSeries, paymentMethods } from "./schema";

/**
 * The one read path of expenses and incomes (docs/product.md#private-expenses, #private-income):
 * every read outside the write doors selects from `expenses_seen_by(family, reader)` or
 * `incomes_seen_by(family, reader)` (db/functions/seen-by.sql), which mask another member's
 * private row once, in the database: its id, amount and date stay, everything else is absent.
 * seen-by.test.ts fails when a module reads either table directly.
 *
 * The call is aliased with the table's own name, so Drizzle's columns (`expenses.amount`, which it
 * writes "expenses"."amount") and raw SQL alike read the masked rows: a query changes its FROM,
 * nothing else.
 */

/** The family and the member reading: values, or placeholders of a prepared statement. */
type Reader = { familyId: string | Placeholder; userId: string | Placeholder };

/** `expenses_seen_by(...) as <alias>`: a FROM item, "expenses" by default. */
export const expensesSeenBy = (reader: Reader, alias = "expenses"): SQL =>
  sql`expenses_seen_by(${reader.familyId}::uuid, ${reader.userId}::uuid) as ${sql.raw(alias)}`;

/** `incomes_seen_by(...) as <alias>`: a FROM item, "incomes" by default. */
export const incomesSeenBy = (reader: Reader, alias = "incomes"): SQL =>
  sql`incomes_seen_by(${reader.familyId}::uuid, ${reader.userId}::uuid) as ${sql.raw(alias)}`;

/**
 * Whether a row the functions returned is another member's private one: private, and its author
 * absent (the reader's own private rows keep theirs). On the alias of the FROM item.
 */
export const maskedRow = (alias = "expenses"): SQL =>
  sql.raw(`(${alias}.private and ${alias}.added_by_user_id is null)`);

/**
 * `<alias>.id in` the ids of the bill's expenses, read on expenses_bill_idx: what a read of one
 * bill adds beside its `bill_id = ...` on the masked rows, whose bill the planner cannot see
 * through the mask. Ids only, and the masked condition still decides which rows count.
 */
export const inBillIndex = (billId: SQL, alias = "expenses"): SQL =>
  sql`${sql.raw(`${alias}.id`)} in (select x.id from expenses x where x.bill_id = ${billId})`;

/** `<alias>.id in` the ids of a purchase's refunds, read on expenses_refund_of_idx (as inBillIndex). */
export const inRefundsIndex = (purchaseId: SQL, alias = "expenses"): SQL =>
  sql`${sql.raw(`${alias}.id`)} in (select x.id from expenses x where x.refund_of_id = ${purchaseId})`;

/**
 * The same FROM items for Drizzle's query builder, which checks that a column's table is in the
 * query: a subquery with the table's own name, `(select * from expenses_seen_by(...)) "expenses"`,
 * which the planner flattens into the same plan.
 */
export const seenExpenses = (reader: Reader) =>
  new Subquery(
    sql`select * from expenses_seen_by(${reader.familyId}::uuid, ${reader.userId}::uuid)`,
    getTableColumns(expenses),
    "expenses",
  ) as unknown as typeof expenses;

export const seenIncomes = (reader: Reader) =>
  new Subquery(
    sql`select * from incomes_seen_by(${reader.familyId}::uuid, ${reader.userId}::uuid)`,
    getTableColumns(incomes),
    "incomes",
  ) as unknown as typeof incomes;

/**
 * The installment series `reader` may read: its family's, but another member's private one
 * (docs/product.md#private-expenses), whose description is the purchase's. Its installments are
 * read through expenses_seen_by like any expense.
 */
export const seriesSeenBy = (reader: Reader): SQL =>
  and(
    eq(installmentSeries.familyId, reader.familyId),
    sql`not (${installmentSeries.private} and ${installmentSeries.createdByUserId} is distinct from ${reader.userId}::uuid)`,
  ) as SQL;

/** `payment_methods_seen_by(...) as <alias>`: a FROM item, "payment_methods" by default. */
export const methodsSeenBy = (reader: Reader, alias = "payment_methods"): SQL =>
  sql`payment_methods_seen_by(${reader.familyId}::uuid, ${reader.userId}::uuid) as ${sql.raw(alias)}`;

/**
 * The payment methods `reader` may read (docs/product.md#private-accounts): another member's
 * private account masked by payment_methods_seen_by (db/functions/accounts.sql), for the query
 * builder as seenExpenses is.
 */
export const seenMethods = (reader: Reader) =>
  new Subquery(
    sql`select * from payment_methods_seen_by(${reader.familyId}::uuid, ${reader.userId}::uuid)`,
    getTableColumns(paymentMethods),
    "payment_methods",
  ) as unknown as typeof paymentMethods;

/**
 * Whether the method on `alias` is another member's private account: one `reader` neither reads
 * nor moves money on. Every check of a method a write names holds it (db/seen-by.test.ts), beside
 * the reads of payment_methods_seen_by.
 */
export const methodMasked = (reader: Reader, alias = "payment_methods"): SQL =>
  sql`(${sql.raw(alias)}.is_private and ${sql.raw(alias)}.owner_user_id is distinct from ${reader.userId}::uuid)`;

/** The method on `alias` is one `reader` may read and name in a write. */
export const methodUsableBy = (reader: Reader, alias = "payment_methods"): SQL =>
  sql`not ${methodMasked(reader, alias)}`;

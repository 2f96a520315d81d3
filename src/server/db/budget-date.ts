import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { CardSpendingBy } from "../../contract/family";

/**
 * Which budget month an expense counts in (docs/product.md#counting-card-spending-by-bill): the
 * one of its own date, or, when the family counts card spending by bill, a card purchase's in the
 * one of its bill's due date. The requests that name a month build their conditions here; the
 * alert trigger (functions/budget-alerts.sql) and budget_date_of (functions/budget-rules.sql)
 * say the same in SQL; the API tests hold them to the same sums.
 */

/** An expense's columns as a query names them ("e.date", or Drizzle's columns). */
export type ExpenseDateColumns = { date: SQL; billId: SQL };

/** The columns of the expenses table under an alias of a raw query. */
export const aliasedExpense = (alias: string): ExpenseDateColumns => ({
  date: sql.raw(`${alias}.date`),
  billId: sql.raw(`${alias}.bill_id`),
});

/** The date the expense counts on: its own, or its bill's due date when counted by bill. */
export const budgetDateOf = (by: CardSpendingBy, e: ExpenseDateColumns): SQL =>
  by === "bill" ? sql`budget_date_of(${e.date}, ${e.billId}, true)` : e.date;

/**
 * Whether the expense counts in the days first..last, written so the indexes serve it: a range
 * on (family_id, date, ...) for what counts by its date, and, counted by bill, the bills due in
 * those days through expenses_bill_idx. Counted by date it is exactly the date range it always was.
 */
export function countsBetween(
  by: CardSpendingBy,
  familyId: string | Placeholder,
  e: ExpenseDateColumns,
  first: string | Placeholder,
  last: string | Placeholder,
): SQL {
  const byDate = sql`${e.date} between ${first}::date and ${last}::date`;
  if (by === "date") return byDate;
  return sql`((${e.billId} is null and ${byDate}) or ${e.billId} in (select b.id from card_bills b
    where b.family_id = ${familyId} and b.due_on between ${first}::date and ${last}::date))`;
}

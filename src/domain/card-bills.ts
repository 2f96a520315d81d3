import { daysInMonth } from "../contract/calendar";

/**
 * A credit card's bills (docs/product.md#card-bills, docs/decisions/011-cards-bills-installments.md):
 * which bill a purchase falls in, when a bill is due, and what a bill is called. Pure functions
 * on calendar dates "YYYY-MM-DD"; the server stores each bill as a row made from these when a
 * purchase first needs it, and the SQL twins in db/functions/budget-rules.sql (card_bill_closing,
 * card_bill_due) compute the same for set-based writes; the API tests hold the two equal.
 */

type YearMonth = { year: number; month: number };

const pad = (n: number) => String(n).padStart(2, "0");
const monthOf = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});
const nextMonth = ({ year, month }: YearMonth): YearMonth =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
const previousMonth = ({ year, month }: YearMonth): YearMonth =>
  month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

/** The card's day in a month: a day past the month's end is its last day (the 31st in April is the 30th). */
export const cardDayIn = ({ year, month }: YearMonth, day: number): string =>
  `${year}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;

/**
 * The closing date of the bill a purchase on `date` belongs to: on or before the card's closing
 * day, the bill that closes that month; after it, the next month's.
 */
export function billClosingOf(date: string, closingDay: number): string {
  const month = monthOf(date);
  const closing = cardDayIn(month, closingDay);
  return date <= closing ? closing : cardDayIn(nextMonth(month), closingDay);
}

/** The due date of a bill closing on `closesOn`: the first due day after it. */
export function billDueOn(closesOn: string, dueDay: number): string {
  const month = monthOf(closesOn);
  const due = cardDayIn(month, dueDay);
  return due > closesOn ? due : cardDayIn(nextMonth(month), dueDay);
}

/** The card's natural closing date just before or after `closesOn` (the neighbouring bill). */
export function neighbourClosing(closesOn: string, closingDay: number, step: 1 | -1): string {
  const month = monthOf(closesOn);
  return cardDayIn(step === 1 ? nextMonth(month) : previousMonth(month), closingDay);
}

/** A bill is named after the month it closes in ("Fatura de dezembro"). */
export const billName = (closesOn: string): YearMonth => monthOf(closesOn);

export type BillStatus = "open" | "closed" | "paid";

/**
 * Open until its closing day has passed; after it, paid once what was paid covers its total,
 * closed (to pay) until then. Amounts in integer cents.
 */
export function billStatus(
  bill: { closesOn: string },
  totalCents: number,
  paidCents: number,
  today: string,
): BillStatus {
  if (today <= bill.closesOn) return "open";
  return paidCents >= totalCents ? "paid" : "closed";
}

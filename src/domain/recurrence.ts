/**
 * The dates a recurring rule falls on (docs/product.md#recurring-expenses), as pure functions on
 * calendar dates "YYYY-MM-DD": the server creates expenses and incomes on them and the dashboard
 * plans them, so both agree. Dates are counted in whole days on UTC midnights, where no time zone
 * or daylight saving change can move one. A rule on the nth business day counts the family's
 * business days with budget-period.ts's isBusinessDay (one home for them, no second calendar),
 * so each function takes the family's `saturdays` flag.
 */

import { isBusinessDay } from "./budget-period";

export type Frequency = "weekly" | "monthly" | "yearly";

export type RecurrenceRule = {
  frequency: Frequency;
  /** weekly: ISO day of the week, 1 = Monday ... 7 = Sunday. */
  dayOfWeek: number | null;
  /** monthly and yearly: 1-31; past a shorter month's end the rule falls on its last day. */
  dayOfMonth: number | null;
  /** yearly: 1-12. */
  monthOfYear: number | null;
  /**
   * monthly, instead of dayOfMonth: the nth business day (1-20); a month with fewer business days
   * than that falls on its last one.
   */
  businessDay: number | null;
  startDate: string;
  endDate: string | null;
};

const DAY_MS = 86_400_000;

const parts = (date: string) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
  day: Number(date.slice(8, 10)),
});

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

const format = (year: number, month: number, day: number) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const toDays = (date: string) => {
  const { year, month, day } = parts(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

const fromDays = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromDays(toDays(date) + days);

/** The day a rule on `day` falls on in a month: the 31st is the 30th in April, 28/29 in February. */
const dayIn = (year: number, month: number, day: number) =>
  format(year, month, Math.min(day, lastDayOf(year, month)));

/**
 * The nth business day of a month (docs/product.md#recurring-expenses), or its last business day
 * when it has fewer than n. Every month has business days: a week has at most two holidays.
 */
function nthBusinessDayOf(year: number, month: number, n: number, saturdays: boolean): string {
  let found = "";
  let count = 0;
  for (let day = 1; day <= lastDayOf(year, month) && count < n; day++) {
    const date = format(year, month, day);
    if (isBusinessDay(date, saturdays)) {
      found = date;
      count += 1;
    }
  }
  return found;
}

/**
 * Every date from `from` to `to` (both included) the rule falls on, within its start and end
 * dates, oldest first. Paused or not is the caller's business: this is the calendar alone.
 * `saturdays`: the family counts Saturdays as business days (its budget month's rule,
 * contract/budget-period-rule.ts); only a rule on a business day reads it.
 */
export function occurrencesBetween(
  rule: RecurrenceRule,
  from: string,
  to: string,
  saturdays: boolean,
): string[] {
  const first = from > rule.startDate ? from : rule.startDate;
  const last = rule.endDate !== null && rule.endDate < to ? rule.endDate : to;
  if (first > last) return [];
  const dates: string[] = [];
  if (rule.frequency === "weekly") {
    const start = toDays(first);
    // 1 January 1970 was a Thursday (ISO day 4).
    const isoDay = ((((start + 3) % 7) + 7) % 7) + 1;
    const end = toDays(last);
    for (let day = start + (((((rule.dayOfWeek ?? 1) - isoDay) % 7) + 7) % 7); day <= end; day += 7)
      dates.push(fromDays(day));
    return dates;
  }
  const from_ = parts(first);
  const to_ = parts(last);
  const day = rule.dayOfMonth ?? 1;
  if (rule.frequency === "monthly") {
    for (let i = from_.year * 12 + from_.month - 1; i <= to_.year * 12 + to_.month - 1; i++) {
      const year = Math.floor(i / 12);
      const month = (i % 12) + 1;
      const date =
        rule.businessDay !== null
          ? nthBusinessDayOf(year, month, rule.businessDay, saturdays)
          : dayIn(year, month, day);
      if (date >= first && date <= last) dates.push(date);
    }
    return dates;
  }
  for (let year = from_.year; year <= to_.year; year++) {
    const date = dayIn(year, rule.monthOfYear ?? 1, day);
    if (date >= first && date <= last) dates.push(date);
  }
  return dates;
}

/** The first date after `after` the rule falls on, or null when it has ended before one. */
export function nextOccurrenceAfter(
  rule: RecurrenceRule,
  after: string,
  saturdays: boolean,
): string | null {
  const next = addDays(after, 1);
  const from = [next, rule.startDate].sort()[1] ?? next;
  // A yearly rule falls at least once in any 366 consecutive days.
  return occurrencesBetween(rule, from, addDays(from, 366), saturdays)[0] ?? null;
}

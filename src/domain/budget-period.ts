/**
 * The family's budget month (docs/product.md#budget-periods): the period a date counts in, its
 * first and last day, and its four week buckets. The one TypeScript home of the rule, used by the
 * server (the alert sentence, the export's name) and the web (the month navigation, the week
 * cards, the offline queue's pending sums); its SQL twin is budget-rules.sql
 * (src/server/db/functions/), held equal by src/server/db/budget-rules.api.test.ts.
 *
 * A period is named by a calendar month (GET /api/summary?year=&month= asks for it by that name):
 * the month that holds most of its days. So each calendar month names exactly one period, the
 * name follows the rule rather than each period's day count: a fixed day up to the 15th names
 * the period after the month it starts in, a later one after the next month (day 16 in a 31-day
 * month is the one case where the start month holds a day more); the Nth business day starts the
 * period of its own month, the last business day the period of the next.
 */

import { type BudgetPeriodRule, CALENDAR_MONTH } from "../contract/budget-period-rule";
import { daysInMonth } from "../contract/calendar";
import { dateOfEpochDay, epochDayOf, isBrazilNationalHoliday } from "./brazil-holidays";
import { nextMonth, previousMonth, WEEKS_PER_MONTH, type Week, type YearMonth } from "./budget";

/** The last fixed day whose period is named after the month it starts in. */
export const LAST_FIXED_DAY_OF_ITS_OWN_MONTH = 15;

export type BudgetPeriod = YearMonth & {
  /** The period's first day, "YYYY-MM-DD". */
  first: string;
  /** The period's last day: the day before the next period's first. */
  last: string;
};

export type WeekBucket = { week: Week; first: string; last: string };

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = ({ year, month }: YearMonth, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/**
 * Monday to Friday, or to Saturday when the family counts Saturdays (the CLT's reading of
 * "dia útil"), and never a national holiday.
 */
export function isBusinessDay(date: string, saturdays: boolean): boolean {
  // 1970-01-01 was a Thursday: 0 is Sunday, 6 Saturday.
  const weekday = (((epochDayOf(date) + 4) % 7) + 7) % 7;
  if (weekday === 0 || (weekday === 6 && !saturdays)) return false;
  return !isBrazilNationalHoliday(date);
}

/** The first business day at or after (step 1) or at or before (step -1) a date. */
function businessDayFrom(date: string, step: 1 | -1, saturdays: boolean): string {
  let day = epochDayOf(date);
  while (!isBusinessDay(dateOfEpochDay(day), saturdays)) day += step;
  return dateOfEpochDay(day);
}

/** The first day of the period named by a calendar month. */
export function periodStart(name: YearMonth, rule: BudgetPeriodRule): string {
  switch (rule.start) {
    case "first-day":
      return dateOf(name, 1);
    case "fixed-day": {
      const month = rule.day <= LAST_FIXED_DAY_OF_ITS_OWN_MONTH ? name : previousMonth(name);
      const nominal = dateOf(month, rule.day);
      if (rule.closedDay === "stay") return nominal;
      return businessDayFrom(nominal, rule.closedDay === "next" ? 1 : -1, rule.saturdays);
    }
    case "business-day": {
      let day = epochDayOf(dateOf(name, 1));
      let count = 0;
      for (;;) {
        if (isBusinessDay(dateOfEpochDay(day), rule.saturdays)) count += 1;
        if (count === rule.day) return dateOfEpochDay(day);
        day += 1;
      }
    }
    case "last-business-day": {
      const before = previousMonth(name);
      return businessDayFrom(
        dateOf(before, daysInMonth(before.year, before.month)),
        -1,
        rule.saturdays,
      );
    }
  }
}

/** The period a calendar month names, with its first and last day. */
export function periodNamed(name: YearMonth, rule: BudgetPeriodRule): BudgetPeriod {
  const first = periodStart(name, rule);
  const last = dateOfEpochDay(epochDayOf(periodStart(nextMonth(name), rule)) - 1);
  return { year: name.year, month: name.month, first, last };
}

/**
 * The period a calendar date counts in: its own month's, or the next one's when that starts on
 * or before the date, or the previous one's when its own starts after it. Starts are never more
 * than a month from the 1st, so one of the three holds it.
 */
export function periodOf(date: string, rule: BudgetPeriodRule): BudgetPeriod {
  const own = { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
  const next = nextMonth(own);
  if (periodStart(next, rule) <= date) return periodNamed(next, rule);
  if (periodStart(own, rule) <= date) return periodNamed(own, rule);
  return periodNamed(previousMonth(own), rule);
}

/**
 * The week bucket of a date in its period: days 1-7, 8-14, 15-21 and 22 to the period's end, so
 * the fourth has 7 to 10 days (docs/product.md#month-summary, counted from the period's first day).
 */
export function weekOfPeriod(date: string, period: BudgetPeriod): Week {
  const day = epochDayOf(date) - epochDayOf(period.first);
  return Math.min(WEEKS_PER_MONTH, Math.floor(day / 7) + 1) as Week;
}

/** The period's four week buckets with their first and last days. */
export function weekBucketsOf(period: BudgetPeriod): WeekBucket[] {
  const start = epochDayOf(period.first);
  return Array.from({ length: WEEKS_PER_MONTH }, (_, i) => ({
    week: (i + 1) as Week,
    first: dateOfEpochDay(start + i * 7),
    last: i === WEEKS_PER_MONTH - 1 ? period.last : dateOfEpochDay(start + i * 7 + 6),
  }));
}

/** Whether a family's rule is the calendar month of the specification. */
export const isCalendarMonth = (rule: BudgetPeriodRule) => rule.start === CALENDAR_MONTH.start;

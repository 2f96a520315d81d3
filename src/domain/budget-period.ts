/**
 * The family's budget month (docs/product.md#budget-periods): the period a date counts in, its
 * first and last day, and its four week buckets. The one TypeScript home of the rule, used by the
 * server (the alert sentence, the export's name) and the web (the month navigation, the week
 * cards, the offline queue's pending sums); its SQL twin is budget-rules.sql
 * (src/server/db/functions/), held equal by src/server/db/budget-rules.api.test.ts.
 *
 * A period is named by a calendar month (GET /api/summary?year=&month= asks for it by that name),
 * by the rule rather than by each period's day count, so each calendar month names exactly one
 * period: a fixed day up to the 15th names the period after the month it starts in, a later one
 * after the next month; the Nth business day starts the period of its own month, the last
 * business day the period of the next. For a start that does not move, that is the month holding
 * most of its days but for one case: day 16 after a 31-day month, which holds a day more. A start
 * moved off a weekend or holiday (a 13th-18th) or a late 10th business day (after Carnaval) can
 * leave the name's month a few days fewer too (budget-period.test.ts, "the period's name").
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
 * The week bucket of a date in its period: days 1-7, 8-14, 15-21 and 22 to the period's end
 * (docs/product.md#week-buckets, counted from the period's first day). The fourth has 7 to 10
 * days in a calendar month; a period of another rule runs 24 to 35 days, so 3 to 14.
 */
export function weekOfPeriod(date: string, period: Pick<BudgetPeriod, "first" | "last">): Week {
  const day = epochDayOf(date) - epochDayOf(period.first);
  return Math.min(WEEKS_PER_MONTH, Math.floor(day / 7) + 1) as Week;
}

/** The period's four week buckets with their first and last days. */
export function weekBucketsOf(period: Pick<BudgetPeriod, "first" | "last">): WeekBucket[] {
  const start = epochDayOf(period.first);
  return Array.from({ length: WEEKS_PER_MONTH }, (_, i) => ({
    week: (i + 1) as Week,
    first: dateOfEpochDay(start + i * 7),
    last: i === WEEKS_PER_MONTH - 1 ? period.last : dateOfEpochDay(start + i * 7 + 6),
  }));
}

/** Whether a family's rule is the calendar month of the specification. */
export const isCalendarMonth = (rule: BudgetPeriodRule) => rule.start === CALENDAR_MONTH.start;

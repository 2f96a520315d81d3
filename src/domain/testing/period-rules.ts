import fc from "fast-check";
import {
  BUSINESS_DAY_MAX,
  type BudgetPeriodRule,
  CALENDAR_MONTH,
  CLOSED_DAY_MOVES,
  FIXED_DAY_MAX,
  FIXED_DAY_MIN,
} from "../../contract/budget-period-rule";
import { brazilNationalHolidays, dateOfEpochDay, epochDayOf } from "../brazil-holidays";

/**
 * Random budget-period rules and calendar dates (docs/product.md#budget-periods) for the tests
 * that hold the rule to its properties (src/domain/budget-period.test.ts) and the SQL to the
 * TypeScript (src/server/db/budget-rules.api.test.ts). Test support only.
 */

/** Any rule the contract accepts, with the fixed days around the naming edge (15/16) weighted in. */
export const anyRule: fc.Arbitrary<BudgetPeriodRule> = fc.oneof(
  fc.constant(CALENDAR_MONTH),
  fc.record({
    start: fc.constant("fixed-day" as const),
    day: fc.oneof(
      fc.integer({ min: FIXED_DAY_MIN, max: FIXED_DAY_MAX }),
      fc.constantFrom(FIXED_DAY_MIN, 15, 16, 17, FIXED_DAY_MAX),
    ),
    saturdays: fc.boolean(),
    closedDay: fc.constantFrom(...CLOSED_DAY_MOVES),
  }),
  fc.record({
    start: fc.constant("business-day" as const),
    day: fc.integer({ min: 1, max: BUSINESS_DAY_MAX }),
    saturdays: fc.boolean(),
    closedDay: fc.constant("stay" as const),
  }),
  fc.record({
    start: fc.constant("last-business-day" as const),
    day: fc.constant(1),
    saturdays: fc.boolean(),
    closedDay: fc.constant("stay" as const),
  }),
);

const pad = (n: number) => String(n).padStart(2, "0");
// The test's own calendar: a month's length is the day before the next month's first.
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const YEAR_MIN = 1900;
export const YEAR_MAX = 2199;

/** Any day of the years the contract accepts (src/contract/calendar.ts). */
export const anyDate = fc
  .integer({
    min: epochDayOf(`${YEAR_MIN}-01-01`),
    max: epochDayOf(`${YEAR_MAX}-12-31`),
  })
  .map(dateOfEpochDay);

const year = fc.oneof(
  fc.integer({ min: YEAR_MIN, max: YEAR_MAX }),
  // Leap years and the century years that are not (1900, 2100), and the ends of the range.
  fc.constantFrom(YEAR_MIN, 2000, 2024, 2028, 2100, YEAR_MAX),
);

/** A day where a month or a week bucket turns, the month's end clipped to its length. */
export const edgeDate = fc
  .record({
    year,
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.constantFrom(1, 2, 7, 8, 14, 15, 16, 17, 21, 22, 28, 29, 30, 31),
  })
  .map(
    ({ year, month, day }) => `${year}-${pad(month)}-${pad(Math.min(day, daysIn(year, month)))}`,
  );

/** A national holiday, or a day up to three either side of one (a start moved off it). */
export const nearHoliday = fc
  .record({ year, pick: fc.nat(), shift: fc.integer({ min: -3, max: 3 }) })
  .map(({ year, pick, shift }) => {
    const holidays = brazilNationalHolidays(year);
    const holiday = holidays[pick % holidays.length] as { date: string };
    return dateOfEpochDay(epochDayOf(holiday.date) + shift);
  })
  .filter((date) => date >= `${YEAR_MIN}-01-01` && date <= `${YEAR_MAX}-12-31`);

/** Any date, with the edges and holidays as likely as the rest. */
export const someDate = fc.oneof(anyDate, edgeDate, nearHoliday);

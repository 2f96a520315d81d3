// The calendar's facts without zod: the web's month picker reads the year bounds on screens that
// must not download zod (docs/internals/web.md#what-the-landing-page-loads), and the budget
// periods of src/domain/budget-period.ts end on daysInMonth. calendar-date.ts builds the schemas on them and
// re-exports them.

/** The years a calendar date may have, on the wire, in the database and in the address bar. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

/** 28 to 31: the last day of the month (1-12), leap years included. */
export const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A calendar date "YYYY-MM-DD" with no time zone: an expense happens on a day, not at an instant,
 * so no time zone can move it to another day or month.
 */
export const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
};

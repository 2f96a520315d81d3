import type { YearMonth } from "../../../domain/budget";

/** 28 to 31: the last day of the month, leap years included. */
export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The days a week card covers: 1-7, 8-14, 15-21, and 22 to the month's last day. */
export function weekDayRange(week: 1 | 2 | 3 | 4, month: YearMonth): { from: number; to: number } {
  const from = (week - 1) * 7 + 1;
  return { from, to: week === 4 ? daysInMonth(month) : from + 6 };
}

import { type Week, weekDays, type YearMonth } from "../../../domain/budget";

/**
 * What a week card's "Days {{from}}–{{to}}" reads: the domain's
 * bucket, the same days the server adds up for that card (docs/product.md#month-summary).
 */
export function weekDayRange(week: Week, month: YearMonth): { from: number; to: number } {
  const { first, last } = weekDays(week, month);
  return { from: first, to: last };
}

/**
 * A savings goal's progress (docs/product.md#caixinhas-savings-goals), one home for the server's
 * answer and any screen: what is left, the months left to its target month, what to put away each
 * month, and whether it is on track. In integer cents; no I/O.
 */

/** A calendar month: year and month 1-12. */
export type YearMonth = { year: number; month: number };

export type GoalProgressInput = {
  targetCents: number;
  savedCents: number;
  /** The month it is meant for; null: no date. */
  targetMonth: YearMonth | null;
  /** The month it was created in. */
  createdMonth: YearMonth;
  /** The current month (the server's calendar). */
  currentMonth: YearMonth;
};

export type GoalProgress = {
  leftCents: number;
  /** Dated goals only: from the current month through the target month, both counted, at least 1. */
  monthsLeft: number | null;
  /** Dated goals only: left / monthsLeft, rounded up to the cent, so the months together reach it. */
  perMonthCents: number | null;
  /** Dated goals only: see goalProgress. */
  onTrack: boolean | null;
};

const monthIndex = ({ year, month }: YearMonth) => year * 12 + (month - 1);

/** The month a calendar date "YYYY-MM-DD" falls in. */
export const monthOfDate = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

/** Integer division rounded up, for a non-negative numerator and a positive divisor. */
const ceilDiv = (numerator: number, divisor: number) =>
  Math.floor((numerator + divisor - 1) / divisor);

/**
 * - left: target − saved, never below zero.
 * - monthsLeft: the current month counts (money may still go in this month), through the target
 *   month; a target month already past leaves 1, the whole of what is left now.
 * - perMonth: left over monthsLeft, rounded up to the cent.
 * - onTrack: saved covers what the months already gone by since the goal was made asked of it,
 *   in equal parts: target × (months gone) / (months from its first month through the target
 *   month), rounded up. The month it was made asks nothing yet; once its month is past, all of it.
 *   Reached (nothing left) is always on track.
 */
export function goalProgress(input: GoalProgressInput): GoalProgress {
  const leftCents = Math.max(0, input.targetCents - input.savedCents);
  if (!input.targetMonth) {
    return { leftCents, monthsLeft: null, perMonthCents: null, onTrack: null };
  }
  const target = monthIndex(input.targetMonth);
  const current = monthIndex(input.currentMonth);
  const created = monthIndex(input.createdMonth);
  const monthsLeft = Math.max(1, target - current + 1);
  const perMonthCents = ceilDiv(leftCents, monthsLeft);
  const monthsTotal = Math.max(1, target - created + 1);
  const monthsGone = Math.min(monthsTotal, Math.max(0, current - created));
  const expectedCents = ceilDiv(input.targetCents * monthsGone, monthsTotal);
  const onTrack = leftCents === 0 || input.savedCents >= expectedCents;
  return { leftCents, monthsLeft, perMonthCents, onTrack };
}

/** The last day "YYYY-MM-DD" of a month: a dated goal's stored date. */
export function lastDayOfMonth({ year, month }: YearMonth): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

import { RECENT_TRANSACTIONS, type YearMonth } from "../../../domain/budget";

/** 28 to 31: the last day of the month, leap years included. */
export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The days a week card covers (SPEC §4): 1-7, 8-14, 15-21, and 22 to the month's last day. */
export function weekDayRange(week: 1 | 2 | 3 | 4, month: YearMonth): { from: number; to: number } {
  const from = (week - 1) * 7 + 1;
  return { from, to: week === 4 ? daysInMonth(month) : from + 6 };
}

type Dated = { date: string; createdAt: string };

/**
 * The newest expenses first: by date, and the one recorded last among the same day. The server
 * sends them in this order already; sorting again keeps the card right whatever the cache holds.
 */
export function latestExpenses<T extends Dated>(expenses: T[], count = RECENT_TRANSACTIONS): T[] {
  return [...expenses]
    .sort((a, b) =>
      a.date === b.date ? b.createdAt.localeCompare(a.createdAt) : b.date.localeCompare(a.date),
    )
    .slice(0, count);
}

/** 'Limpar dados de exemplo' is offered only while the shown month has example expenses. */
export const hasExampleExpense = (expenses: { isExample: boolean }[]) =>
  expenses.some((expense) => expense.isExample);

import { useMemo } from "react";
import { useSearchParams } from "wouter";
import { MAX_YEAR, MIN_YEAR } from "../../contract/calendar";
import type { YearMonth } from "../../domain/budget";
import { todayIso } from "./format";

/**
 * The month a page shows: ?month=&year= when both are valid, else the user's current month. A
 * year the API would refuse (src/contract/calendar.ts) is not valid here either.
 */
export function selectedMonthOf(search: URLSearchParams, today: string = todayIso()): YearMonth {
  const month = Number(search.get("month"));
  const year = Number(search.get("year"));
  if (
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(year) &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR
  ) {
    return { year, month };
  }
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/**
 * The shown month lives in the address (?month=12&year=2025), so a reload or a shared link keeps
 * it. Changing month replaces the history entry: Back leaves the page instead of stepping through
 * every month visited.
 */
export function useSelectedMonth(): [YearMonth, (value: YearMonth) => void] {
  const [search, setSearch] = useSearchParams();
  // One object per address, so the pages' memoised month summaries stay put between renders.
  const selected = useMemo(() => selectedMonthOf(search), [search]);
  const select = (value: YearMonth) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("month", String(value.month));
        next.set("year", String(value.year));
        return next;
      },
      { replace: true },
    );
  return [selected, select];
}

import { useMemo } from "react";
import { useSearchParams } from "wouter";
import { type BudgetPeriodRule, CALENDAR_MONTH } from "../../contract/budget-period-rule";
import { MAX_YEAR, MIN_YEAR } from "../../contract/calendar";
import type { YearMonth } from "../../domain/budget";
import { periodOf } from "../../domain/budget-period";
import { todayIso } from "./format";

/**
 * The month a page shows: ?month=&year= when both are valid, else the family's current budget
 * month, the period holding today under its rule (docs/product.md#choosing-the-month): on
 * 3 November with the 5th business day, October's. A year the API would refuse
 * (src/contract/calendar.ts) is not valid here either.
 */
export function selectedMonthOf(
  search: URLSearchParams,
  today: string = todayIso(),
  rule: BudgetPeriodRule = CALENDAR_MONTH,
): YearMonth {
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
  const current = periodOf(today, rule);
  return { year: current.year, month: current.month };
}

/**
 * The shown month lives in the address (?month=12&year=2025), so a reload or a shared link keeps
 * it. Changing month replaces the history entry: Back leaves the page instead of stepping through
 * every month visited. `rule` is the family's (GET /api/family), for the month shown by default.
 */
export function useSelectedMonth(
  rule: BudgetPeriodRule = CALENDAR_MONTH,
): [YearMonth, (value: YearMonth) => void] {
  const [search, setSearch] = useSearchParams();
  // One object per address and rule, so the pages' memoised month summaries stay put between
  // renders (the family's answer keeps its rule's object while the rule is the same).
  const selected = useMemo(() => selectedMonthOf(search, todayIso(), rule), [search, rule]);
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

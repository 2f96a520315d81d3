import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { Family } from "../../../contract/family";
import type { MonthSummaryResponse } from "../../../contract/summary";
import type { YearMonth } from "../../../domain/budget";
import { type BudgetPeriod, isCalendarMonth, periodNamed } from "../../../domain/budget-period";
import { type MonthSummary, summarizeMonth } from "../../../domain/month-summary";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { useSelectedMonth } from "../../lib/use-selected-month";

/**
 * Whose month a screen shows (docs/product.md#viewing-as-a-member): null for the family's, else a
 * member's user id, whose shares every sum is then of.
 */
export type SummaryView = string | null;

/**
 * GET /api/summary?month=&year=[&view=]: the month's sums, categories, latest expenses and
 * examples flag, the family's or one member's.
 */
export const fetchMonthSummary = (
  { year, month }: YearMonth,
  view: SummaryView = null,
  signal?: AbortSignal,
) =>
  getJson<MonthSummaryResponse>(
    withQuery("/api/summary", view ? { month, year, view } : { month, year }),
    { signal },
  );

/**
 * Under the "/api/summary" prefix, which every expense mutation invalidates and the live updates
 * refresh; a member's view adds `view` to the month's object, so the family's key stays as it was
 * (the early calls, the offline cache, keep-form-data.ts all name it).
 */
export const monthSummaryQueryOptions = ({ year, month }: YearMonth, view: SummaryView = null) =>
  queryOptions({
    queryKey: [...queryKeys.summary, view ? { year, month, view } : { year, month }] as const,
    queryFn: ({ signal }) => fetchMonthSummary({ year, month }, view, signal),
  });

export type MonthView = { response: MonthSummaryResponse; summary: MonthSummary };

/**
 * The dashboard's and the reports' figures, computed once per answer by the same pure function
 * (summarizeMonth over the sums and the answer's own categories), so the two screens always agree.
 * A module-level select keeps TanStack's memoisation: it reruns only when the answer changes.
 */
export function monthViewOf(response: MonthSummaryResponse): MonthView {
  return { response, summary: summarizeMonth(response, response.categories) };
}

export const useMonthSummary = (month: YearMonth, view: SummaryView = null) =>
  useQuery({ ...monthSummaryQueryOptions(month, view), select: monthViewOf });

const periodOfAnswer = (response: MonthSummaryResponse) => response.period;

/**
 * The budget month a dashboard or a report shows (docs/product.md#budget-periods): its name from
 * the address or the period holding today under the family's rule (useSelectedMonth), and its
 * days as the summary answered them once it has, else the domain's from the rule, so the month
 * navigation shows them at once (the summary is read, not asked for: the shown `view`'s, the one
 * the screen asks for). `datesShown`: whether the screens say the days at all; with the calendar
 * month they read as the specification's.
 */
export function useShownBudgetMonth(family: Family | null | undefined, view: SummaryView = null) {
  const rule = family?.budgetPeriod ?? CALENDAR_MONTH;
  const [month, setMonth] = useSelectedMonth(rule);
  const { data } = useQuery({
    ...monthSummaryQueryOptions(month, view),
    enabled: false,
    select: periodOfAnswer,
  });
  const first = data?.first;
  const last = data?.last;
  const period: BudgetPeriod = useMemo(
    () => (first && last ? { ...month, first, last } : periodNamed(month, rule)),
    [month, rule, first, last],
  );
  return { month, setMonth, period, datesShown: !isCalendarMonth(rule) };
}

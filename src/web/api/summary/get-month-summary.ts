import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { BudgetPeriodRule } from "../../../contract/budget-period-rule";
import type { MonthSummaryResponse } from "../../../contract/summary";
import type { YearMonth } from "../../../domain/budget";
import { type BudgetPeriod, periodNamed } from "../../../domain/budget-period";
import { type MonthSummary, summarizeMonth } from "../../../domain/month-summary";
import { getJson, withQuery } from "../../lib/api-client";

/** GET /api/summary?month=&year=: the month's sums, categories, latest expenses and examples flag. */
export const fetchMonthSummary = ({ year, month }: YearMonth, signal?: AbortSignal) =>
  getJson<MonthSummaryResponse>(withQuery("/api/summary", { month, year }), { signal });

/** Under the "/api/summary" prefix, which every expense mutation invalidates. */
export const monthSummaryQueryOptions = ({ year, month }: YearMonth) =>
  queryOptions({
    queryKey: ["/api/summary", { year, month }] as const,
    queryFn: ({ signal }) => fetchMonthSummary({ year, month }, signal),
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

export const useMonthSummary = (month: YearMonth) =>
  useQuery({ ...monthSummaryQueryOptions(month), select: monthViewOf });

const periodOfAnswer = (response: MonthSummaryResponse) => response.period;

/**
 * The family's budget month a month's name stands for (docs/product.md#budget-periods): the days
 * the summary answered for it once it has, else the domain's from the family's rule, so the month
 * navigation shows them at once. Reads the summary without asking for it.
 */
export function useMonthPeriod(month: YearMonth, rule: BudgetPeriodRule): BudgetPeriod {
  const { data } = useQuery({
    ...monthSummaryQueryOptions(month),
    enabled: false,
    select: periodOfAnswer,
  });
  const first = data?.first;
  const last = data?.last;
  return useMemo(
    () => (first && last ? { ...month, first, last } : periodNamed(month, rule)),
    [month, rule, first, last],
  );
}

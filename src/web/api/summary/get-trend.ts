import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MonthTrendResponse } from "../../../contract/trend";
import type { YearMonth } from "../../../domain/budget";
import { getJson, withQuery } from "../../lib/api-client";

/** GET /api/summary/trend?month=&year=: the twelve months that end with the shown one. */
export const fetchMonthTrend = ({ year, month }: YearMonth, signal?: AbortSignal) =>
  getJson<MonthTrendResponse>(withQuery("/api/summary/trend", { month, year }), { signal });

/**
 * Under the "/api/summary" prefix, which every expense and category mutation invalidates: a
 * change to any month or budget can move the trend.
 */
export const monthTrendQueryOptions = ({ year, month }: YearMonth) =>
  queryOptions({
    queryKey: ["/api/summary", "trend", { year, month }] as const,
    queryFn: ({ signal }) => fetchMonthTrend({ year, month }, signal),
  });

export const useMonthTrend = (month: YearMonth) => useQuery(monthTrendQueryOptions(month));

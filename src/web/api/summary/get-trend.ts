import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MonthTrendResponse } from "../../../contract/trend";
import type { YearMonth } from "../../../domain/budget";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import type { SummaryView } from "./get-month-summary";

/**
 * GET /api/summary/trend?month=&year=[&view=]: the twelve months that end with the shown one, the
 * family's or one member's shares (docs/product.md#viewing-as-a-member).
 */
export const fetchMonthTrend = (
  { year, month }: YearMonth,
  view: SummaryView = null,
  signal?: AbortSignal,
) =>
  getJson<MonthTrendResponse>(
    withQuery("/api/summary/trend", view ? { month, year, view } : { month, year }),
    { signal },
  );

/**
 * Under the "/api/summary" prefix, which every expense and category mutation invalidates: a
 * change to any month or budget can move the trend, whoever's view it is.
 */
export const monthTrendQueryOptions = ({ year, month }: YearMonth, view: SummaryView = null) =>
  queryOptions({
    queryKey: [
      ...queryKeys.summary,
      "trend",
      view ? { year, month, view } : { year, month },
    ] as const,
    queryFn: ({ signal }) => fetchMonthTrend({ year, month }, view, signal),
  });

export const useMonthTrend = (month: YearMonth, view: SummaryView = null) =>
  useQuery(monthTrendQueryOptions(month, view));

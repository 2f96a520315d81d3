import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RecurringDue } from "../../../contract/recurring";
import type { YearMonth } from "../../../domain/budget";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/recurring/due: the bills still to come in a month (after today) and their total. */
export const fetchRecurringDue = ({ year, month }: YearMonth, signal?: AbortSignal) =>
  getJson<RecurringDue>(`/api/recurring/due?month=${month}&year=${year}`, { signal });

// Under "/api/recurring", so a change to any rule refreshes every month's bills too.
export const recurringDueQueryOptions = (month: YearMonth) =>
  queryOptions({
    queryKey: [...queryKeys.recurring, "due", month.year, month.month] as const,
    queryFn: ({ signal }) => fetchRecurringDue(month, signal),
  });

export const useRecurringDue = (month: YearMonth) => useQuery(recurringDueQueryOptions(month));

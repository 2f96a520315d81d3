import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RecurringRule } from "../../../contract/recurring";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/recurring: every recurring rule of the caller's family. */
export const fetchRecurringRules = (signal?: AbortSignal) =>
  getJson<RecurringRule[]>("/api/recurring", { signal });

export const recurringRulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.recurring,
    queryFn: ({ signal }) => fetchRecurringRules(signal),
  });

export const useRecurringRules = () => useQuery(recurringRulesQueryOptions());

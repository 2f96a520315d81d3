import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RecurringRule } from "../../../contract/recurring";
import { getJson } from "../../lib/api-client";

/** GET /api/recurring: every recurring rule of the caller's family. */
export const fetchRecurringRules = (signal?: AbortSignal) =>
  getJson<RecurringRule[]>("/api/recurring", { signal });

export const recurringRulesQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/recurring"] as const,
    queryFn: ({ signal }) => fetchRecurringRules(signal),
  });

export const useRecurringRules = () => useQuery(recurringRulesQueryOptions());

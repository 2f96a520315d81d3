import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContributionList } from "../../../contract/goals";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/goals/:id/contributions: the money put into a goal and taken out of it. */
export const fetchContributions = (goalId: string, signal?: AbortSignal) =>
  getJson<ContributionList>(`/api/goals/${encodeURIComponent(goalId)}/contributions`, { signal });

export const contributionsQueryOptions = (goalId: string) =>
  queryOptions({
    queryKey: [...queryKeys.goals, goalId, "contributions"],
    queryFn: ({ signal }) => fetchContributions(goalId, signal),
  });

export const useContributions = (goalId: string) => useQuery(contributionsQueryOptions(goalId));

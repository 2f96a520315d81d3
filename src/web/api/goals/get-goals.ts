import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GoalList } from "../../../contract/goals";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/goals: the goals the caller sees, by name, with what each has saved, what is left and,
 * when dated, what to put away each month; other members' private goals as sums only
 * (docs/product.md#caixinhas-savings-goals).
 */
export const fetchGoals = (signal?: AbortSignal) => getJson<GoalList>("/api/goals", { signal });

export const goalsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.goals,
    queryFn: ({ signal }) => fetchGoals(signal),
  });

export const useGoals = () => useQuery(goalsQueryOptions());

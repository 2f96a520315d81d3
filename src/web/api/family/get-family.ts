import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Family } from "../../../contract/family";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/family: the caller's family with the caller's role, or null when they have none yet
 * (the call answers 200 null then, so "no family" is data, not an error).
 */
export const fetchFamily = (signal?: AbortSignal) =>
  getJson<Family | null>("/api/family", { signal });

export const familyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.family,
    queryFn: ({ signal }) => fetchFamily(signal),
  });

export const useFamilyQuery = () => useQuery(familyQueryOptions());

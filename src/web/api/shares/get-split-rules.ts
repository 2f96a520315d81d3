import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SplitRules } from "../../../contract/shares";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/family/split-rules: the family's default split from each date on, newest first
 * (docs/decisions/012-yours-mine-ours.md); before the first, and with none, equal. Every member
 * reads it: the expense form previews a family expense's shares with it.
 */
export const fetchSplitRules = (signal?: AbortSignal) =>
  getJson<SplitRules>("/api/family/split-rules", { signal });

/** Written out in api/live-updates, whose "family" topic refreshes it. */
export const splitRulesQueryKey = queryKeys.splitRules;

export const splitRulesQueryOptions = () =>
  queryOptions({
    queryKey: splitRulesQueryKey,
    queryFn: ({ signal }) => fetchSplitRules(signal),
  });

/** `enabled: false` in a family of one, where only the family's split exists. */
export const useSplitRules = (enabled = true) => useQuery({ ...splitRulesQueryOptions(), enabled });

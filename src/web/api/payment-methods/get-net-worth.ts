import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NetWorth } from "../../../contract/net-worth";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/accounts/net-worth: the accounts less what the cards owe at the end of each of the
 * last 12 months and today, and the cards' future installments apart.
 */
export const fetchNetWorth = (signal?: AbortSignal) =>
  getJson<NetWorth>("/api/accounts/net-worth", { signal });

export const netWorthQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.netWorth, queryFn: ({ signal }) => fetchNetWorth(signal) });

export const useNetWorth = () => useQuery(netWorthQueryOptions());

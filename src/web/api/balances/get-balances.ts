import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Balances } from "../../../contract/balances";
import type { YearMonth } from "../../../domain/budget";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * Every read of who owes whom is keyed under this prefix (all time, each month, the lines behind
 * a pair), so a settlement, an expense change and the live updates' `balances` and `expenses`
 * topics (api/live-updates) refresh them all at once.
 */
export const balancesKey = queryKeys.balances;

/**
 * GET /api/balances[?year=&month=]: each member's paid, share and settlements and each pair's
 * debt (docs/product.md#who-owes-whom); all time when `month` is null, else that budget month.
 */
export const fetchBalances = (month: YearMonth | null, signal?: AbortSignal) =>
  getJson<Balances>(withQuery("/api/balances", { year: month?.year, month: month?.month }), {
    signal,
  });

export const balancesQueryOptions = (month: YearMonth | null) =>
  queryOptions({
    queryKey: [...balancesKey, month ? { year: month.year, month: month.month } : "all"] as const,
    queryFn: ({ signal }) => fetchBalances(month, signal),
  });

export const useBalances = (month: YearMonth | null) => useQuery(balancesQueryOptions(month));

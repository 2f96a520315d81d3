import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AccountBalances } from "../../../contract/payment-methods";
import type { YearMonth } from "../../../domain/budget";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/accounts/balances?month=&year=: each of the family's accounts' balance at the end of
 * the month, or today when that is earlier, and their total (docs/product.md#account-balances).
 */
export const fetchAccountBalances = ({ year, month }: YearMonth, signal?: AbortSignal) =>
  getJson<AccountBalances>(withQuery("/api/accounts/balances", { month, year }), { signal });

export const accountBalancesQueryOptions = ({ year, month }: YearMonth) =>
  queryOptions({
    queryKey: [...queryKeys.accountBalances, { year, month }] as const,
    queryFn: ({ signal }) => fetchAccountBalances({ year, month }, signal),
  });

export const useAccountBalances = (month: YearMonth) =>
  useQuery(accountBalancesQueryOptions(month));

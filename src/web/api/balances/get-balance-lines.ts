import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { BalanceLines } from "../../../contract/balances";
import type { YearMonth } from "../../../domain/budget";
import { getJson, withQuery } from "../../lib/api-client";
import { balancesKey } from "./get-balances";

/** Two people, and the budget month (null: all time). */
export type BalancePair = { userId: string; otherUserId: string; month: YearMonth | null };

/**
 * GET /api/balances/lines: what is behind two people's balance, newest first, a page at a time
 * (`cursor` is the previous page's nextCursor): the expenses one paid with a share of the other's,
 * and the settlements between them.
 */
export const fetchBalanceLines = (
  { userId, otherUserId, month }: BalancePair,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  getJson<BalanceLines>(
    withQuery("/api/balances/lines", {
      userId,
      otherUserId,
      year: month?.year,
      month: month?.month,
      cursor: cursor ?? undefined,
    }),
    { signal },
  );

export const balanceLinesQueryOptions = (pair: BalancePair) =>
  infiniteQueryOptions({
    queryKey: [
      ...balancesKey,
      "lines",
      {
        userId: pair.userId,
        otherUserId: pair.otherUserId,
        year: pair.month?.year,
        month: pair.month?.month,
      },
    ] as const,
    queryFn: ({ pageParam, signal }) => fetchBalanceLines(pair, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: BalanceLines) => last.nextCursor,
  });

export const useBalanceLines = (pair: BalancePair) =>
  useInfiniteQuery(balanceLinesQueryOptions(pair));

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CommittedResponse } from "../../../contract/committed";
import type { YearMonth } from "../../../domain/budget";
import { getJson, withQuery } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/summary/committed?month=&year=: what the three budget months after the named one
 * already hold (docs/product.md#already-committed): installments, recurring bills still to come,
 * other expenses dated then.
 */
export const fetchCommitted = ({ year, month }: YearMonth, signal?: AbortSignal) =>
  getJson<CommittedResponse>(withQuery("/api/summary/committed", { month, year }), { signal });

/**
 * Under the "/api/summary" prefix, which every expense, installment and recurring-rule write
 * invalidates; a deleted rule and the live updates' `recurring` topic name this key alone.
 */
export const committedKey = queryKeys.committed;

export const committedQueryOptions = ({ year, month }: YearMonth) =>
  queryOptions({
    queryKey: [...committedKey, { year, month }] as const,
    queryFn: ({ signal }) => fetchCommitted({ year, month }, signal),
  });

export const useCommitted = (month: YearMonth) => useQuery(committedQueryOptions(month));

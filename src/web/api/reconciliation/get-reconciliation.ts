import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ReconciliationState } from "../../../contract/reconciliation";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/accounts/:id/reconciliation?date=: the account against its bank at the end of `date`,
 * its balances, the latest reconciliation and the entries not yet reconciled.
 */
export const fetchReconciliation = (accountId: string, date: string, signal?: AbortSignal) =>
  getJson<ReconciliationState>(
    `/api/accounts/${encodeURIComponent(accountId)}/reconciliation?date=${encodeURIComponent(date)}`,
    { signal },
  );

export const reconciliationQueryOptions = (accountId: string, date: string) =>
  queryOptions({
    queryKey: [...queryKeys.reconciliation, accountId, date],
    queryFn: ({ signal }) => fetchReconciliation(accountId, date, signal),
  });

/** A day typed over another keeps the last answer on screen until the new one comes. */
export const useReconciliation = (accountId: string, date: string, enabled: boolean) =>
  useQuery({
    ...reconciliationQueryOptions(accountId, date),
    enabled,
    placeholderData: keepPreviousData,
  });

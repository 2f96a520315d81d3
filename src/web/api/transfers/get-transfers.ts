import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TransferList } from "../../../contract/transfers";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/transfers: the family's latest transfers between accounts, newest first. */
export const fetchTransfers = (signal?: AbortSignal) =>
  getJson<TransferList>("/api/transfers", { signal });

export const transfersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.transfers,
    queryFn: ({ signal }) => fetchTransfers(signal),
  });

export const useTransfers = () => useQuery(transfersQueryOptions());

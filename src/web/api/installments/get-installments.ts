import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InstallmentSeriesDetail } from "../../../contract/installments";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/installments/:id: the series and the installments it still has, in order. */
export const fetchInstallments = (seriesId: string, signal?: AbortSignal) =>
  getJson<InstallmentSeriesDetail>(`/api/installments/${encodeURIComponent(seriesId)}`, {
    signal,
  });

export const installmentsQueryKey = (seriesId: string) =>
  [...queryKeys.installments, seriesId] as const;

export const installmentsQueryOptions = (seriesId: string) =>
  queryOptions({
    queryKey: installmentsQueryKey(seriesId),
    queryFn: ({ signal }) => fetchInstallments(seriesId, signal),
  });

/** Nothing is asked for until a series is named (`seriesId` null). */
export const useInstallments = (seriesId: string | null) =>
  useQuery({ ...installmentsQueryOptions(seriesId ?? ""), enabled: seriesId !== null });

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CardBillDetail } from "../../../contract/card-bills";
import { getJson } from "../../lib/api-client";
import { cardBillsKey } from "./get-card-bills";

/** GET /api/card-bills/:id: one bill with its purchases (oldest first) and its payments. */
export const fetchCardBill = (billId: string, signal?: AbortSignal) =>
  getJson<CardBillDetail>(`/api/card-bills/${encodeURIComponent(billId)}`, { signal });

export const cardBillQueryKey = (billId: string) => [...cardBillsKey, "bill", billId] as const;

export const cardBillQueryOptions = (billId: string) =>
  queryOptions({
    queryKey: cardBillQueryKey(billId),
    queryFn: ({ signal }) => fetchCardBill(billId, signal),
  });

/** Nothing is asked for until a bill is chosen (`billId` undefined). */
export const useCardBill = (billId: string | undefined) =>
  useQuery({ ...cardBillQueryOptions(billId ?? ""), enabled: billId !== undefined });

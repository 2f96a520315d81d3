import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CardBill } from "../../../contract/card-bills";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * Every read of a card's bills is keyed under this prefix (the list per card and each bill), so a
 * purchase moved, a payment made or undone, and the live updates of the expenses and the payment
 * methods (api/live-updates) refresh them all at once.
 */
export const cardBillsKey = queryKeys.cardBills;

/**
 * GET /api/payment-methods/:id/bills: the card's bills that hold a purchase or a payment, newest
 * first (docs/decisions/011-cards-bills-installments.md). 404 for an account or an unknown card.
 */
export const fetchCardBills = (cardId: string, signal?: AbortSignal) =>
  getJson<CardBill[]>(`/api/payment-methods/${encodeURIComponent(cardId)}/bills`, { signal });

export const cardBillsQueryOptions = (cardId: string) =>
  queryOptions({
    queryKey: [...cardBillsKey, "card", cardId] as const,
    queryFn: ({ signal }) => fetchCardBills(cardId, signal),
  });

export const useCardBills = (cardId: string) => useQuery(cardBillsQueryOptions(cardId));

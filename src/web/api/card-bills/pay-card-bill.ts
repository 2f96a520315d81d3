import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CardBillDetail, CreateBillPaymentInput } from "../../../contract/card-bills";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";
import { cardBillQueryKey } from "./get-card-bill";

/**
 * POST /api/card-bills/:id/payments: "Pagar fatura" from one of the family's accounts. A payment
 * is a transfer (docs/decisions/011-cards-bills-installments.md): no expense, no month's figures
 * change, so only the payment methods topic's reads (lib/query-keys.ts) are refreshed: the bills,
 * the card's limit used (docs/product.md#already-committed) and the history.
 */
export const postBillPayment = ({
  billId,
  input,
}: {
  billId: string;
  input: CreateBillPaymentInput;
}) =>
  sendJson<CardBillDetail>("POST", `/api/card-bills/${encodeURIComponent(billId)}/payments`, input);

/** The answer is the bill as it is now: shown at once, while the card's list is refetched. */
export function refreshAfterPayment(queryClient: QueryClient, bill: CardBillDetail) {
  queryClient.setQueryData(cardBillQueryKey(bill.id), bill);
  return invalidateTopics(queryClient, ["paymentMethods"]);
}

export function usePayCardBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBillPayment,
    onSuccess: (bill) => refreshAfterPayment(queryClient, bill),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CardBillDetail } from "../../../contract/card-bills";
import { sendJson } from "../../lib/api-client";
import { refreshAfterPayment } from "./pay-card-bill";

/** DELETE /api/card-bills/:id/payments/:paymentId: undoes a payment; the history keeps it. */
export const deleteBillPayment = ({ billId, paymentId }: { billId: string; paymentId: string }) =>
  sendJson<CardBillDetail>(
    "DELETE",
    `/api/card-bills/${encodeURIComponent(billId)}/payments/${encodeURIComponent(paymentId)}`,
  );

export function useDeleteBillPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBillPayment,
    onSuccess: (bill) => refreshAfterPayment(queryClient, bill),
  });
}

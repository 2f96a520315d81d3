import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * DELETE /api/payment-methods/:id. Refused (409 payment_method_in_use) while expenses were paid
 * with it: the answer's message tells the person to archive it instead.
 */
export const deletePaymentMethod = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/payment-methods/${encodeURIComponent(id)}`);

/**
 * Only an unused method can go, so no expense changes: the payment methods topic's reads are
 * refetched (lib/query-keys.ts).
 */
export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

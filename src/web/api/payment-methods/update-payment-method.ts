import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentMethod, UpdatePaymentMethodInput } from "../../../contract/payment-methods";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** PATCH /api/payment-methods/:id with only the fields that changed; `{ isActive: false }` archives. */
export const patchPaymentMethod = ({
  id,
  input,
}: {
  id: string;
  input: UpdatePaymentMethodInput;
}) => sendJson<PaymentMethod>("PATCH", `/api/payment-methods/${encodeURIComponent(id)}`, input);

/**
 * The expense lists name an expense's method from the methods' list, so a new name shows there
 * once the list is refetched; the change is a history entry.
 */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchPaymentMethod,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

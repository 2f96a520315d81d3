import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatePaymentMethodInput, PaymentMethod } from "../../../contract/payment-methods";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/payment-methods: a new account or card of the caller's family. */
export const postPaymentMethod = (input: CreatePaymentMethodInput) =>
  sendJson<PaymentMethod>("POST", "/api/payment-methods", input);

/** The new method is offered in the expense forms at once, and is a history entry. */
export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPaymentMethod,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

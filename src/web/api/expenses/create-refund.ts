import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateRefundInput, Expense } from "../../../contract/expenses";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * POST /api/expenses/:id/refunds: a refund ('Estorno') of a purchase (docs/product.md#refunds),
 * answered as the refund expense (its amount negative). 400 refund_too_large past what is left of
 * the purchase; refund_not_allowed for a refund.
 */
export const createRefund = ({ id, input }: { id: string; input: CreateRefundInput }) =>
  sendJson<Expense>("POST", `/api/expenses/${encodeURIComponent(id)}/refunds`, input);

/** The month, the lists, a card's bills and the history all change. */
export function useCreateRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefund,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

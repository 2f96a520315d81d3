import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * DELETE /api/goals/:id/contributions/:cid: the contribution undone with the transfer it made. A
 * transfer cleared against the bank answers 409 entry_cleared, which sendJson asks the person
 * and sends again with confirm=cleared (docs/product.md#caixinhas-savings-goals, #reconciliation).
 */
export const deleteContribution = ({ goalId, id }: { goalId: string; id: string }) =>
  sendJson<{ deleted: true }>(
    "DELETE",
    `/api/goals/${encodeURIComponent(goalId)}/contributions/${encodeURIComponent(id)}`,
  );

/** The goal's figures, and a transfer's balances and list: the accounts' topic's reads. */
export function useDeleteContribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContribution,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * DELETE /api/goals/:id: the goal and its contributions; the transfers they made stay transfers,
 * the money did move (docs/product.md#caixinhas-savings-goals).
 */
export const deleteGoal = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/goals/${encodeURIComponent(id)}`);

/** Goals are announced under the accounts' topic, whose reads are refetched (lib/query-keys.ts). */
export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

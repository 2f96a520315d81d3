import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** DELETE /api/recurring/:id: the expenses it created stay. */
export const deleteRecurringRule = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/recurring/${encodeURIComponent(id)}`);

export function useDeleteRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurringRule,
    // Its bills still to come leave what the coming months already hold
    // (docs/product.md#already-committed).
    onSuccess: () => invalidateTopics(queryClient, ["recurring"]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** DELETE /api/expenses/:id. */
export const deleteExpense = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/expenses/${encodeURIComponent(id)}`);

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

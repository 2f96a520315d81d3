import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";

/** DELETE /api/recurring/:id: the expenses it created stay. */
export const deleteRecurringRule = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/recurring/${encodeURIComponent(id)}`);

export function useDeleteRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurringRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/recurring"] }),
  });
}

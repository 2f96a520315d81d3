import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** DELETE /api/transfers/:id: a transfer recorded by mistake undone; the history keeps it. */
export const deleteTransfer = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/transfers/${encodeURIComponent(id)}`);

export function useDeleteTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransfer,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

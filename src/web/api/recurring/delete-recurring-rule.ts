import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { committedKey } from "../summary/get-committed";

/** DELETE /api/recurring/:id: the expenses it created stay. */
export const deleteRecurringRule = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/recurring/${encodeURIComponent(id)}`);

export function useDeleteRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurringRule,
    // Its bills still to come leave what the coming months already hold
    // (docs/product.md#already-committed).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/recurring"] }),
        queryClient.invalidateQueries({ queryKey: committedKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** DELETE /api/categories/:id. */
export const deleteCategory = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/categories/${encodeURIComponent(id)}`);

/**
 * The category's expenses stay, uncategorised, so every expense list and every month summary are
 * refetched with the categories (the categories topic's reads, lib/query-keys.ts).
 */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => invalidateTopics(queryClient, ["categories"]),
  });
}

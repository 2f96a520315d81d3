import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** DELETE /api/category-rules/:id: the expenses it categorised keep their categories. */
export const deleteCategoryRule = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/category-rules/${encodeURIComponent(id)}`);

/** A rule is announced under the categories topic, whose reads are refetched (lib/query-keys.ts). */
export function useDeleteCategoryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategoryRule,
    onSuccess: () => invalidateTopics(queryClient, ["categories"]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category, UpdateCategoryInput } from "../../../contract/categories";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** PATCH /api/categories/:id with only the fields that changed. */
export const patchCategory = ({ id, input }: { id: string; input: UpdateCategoryInput }) =>
  sendJson<Category>("PATCH", `/api/categories/${encodeURIComponent(id)}`, input);

/**
 * A new name, colour or budget shows in the month summary and the lists too: the categories
 * topic's reads are refetched (lib/query-keys.ts).
 */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchCategory,
    onSuccess: () => invalidateTopics(queryClient, ["categories"]),
  });
}

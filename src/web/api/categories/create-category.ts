import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category, CreateCategoryInput } from "../../../contract/categories";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/categories: a new category of the caller's family. */
export const postCategory = (input: CreateCategoryInput) =>
  sendJson<Category>("POST", "/api/categories", input);

/**
 * The month summary lists every category with its budget: the categories topic's reads are
 * refetched (lib/query-keys.ts).
 */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCategory,
    onSuccess: () => invalidateTopics(queryClient, ["categories"]),
  });
}

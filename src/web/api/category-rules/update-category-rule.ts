import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CategoryRule, CategoryRuleInput } from "../../../contract/category-rules";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** PUT /api/category-rules/:id: the whole rule, as the form holds it; its place stays. */
export const putCategoryRule = ({ id, input }: { id: string; input: CategoryRuleInput }) =>
  sendJson<CategoryRule>("PUT", `/api/category-rules/${encodeURIComponent(id)}`, input);

/** A rule is announced under the categories topic, whose reads are refetched (lib/query-keys.ts). */
export function useUpdateCategoryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCategoryRule,
    onSuccess: () => invalidateTopics(queryClient, ["categories"]),
  });
}

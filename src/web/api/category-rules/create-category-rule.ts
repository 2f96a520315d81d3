import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CategoryRule, CategoryRuleInput } from "../../../contract/category-rules";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/category-rules: a new rule, first in the family's order. */
export const postCategoryRule = (input: CategoryRuleInput) =>
  sendJson<CategoryRule>("POST", "/api/category-rules", input);

/** A rule is announced under the categories topic, whose reads are refetched (lib/query-keys.ts). */
export function useCreateCategoryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCategoryRule,
    onSuccess: () => invalidateTopics(queryClient, ["categories"]),
  });
}

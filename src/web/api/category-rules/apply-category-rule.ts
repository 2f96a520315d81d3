import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CategoryRuleApply } from "../../../contract/category-rules";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * POST /api/category-rules/:id/apply: the rule's category on the past expenses it matches (their
 * payer, for whom and privacy stay as they were); answers how many changed.
 */
export const postApplyCategoryRule = (id: string) =>
  sendJson<CategoryRuleApply>("POST", `/api/category-rules/${encodeURIComponent(id)}/apply`);

/**
 * Expenses changed category: everything that shows expenses (the lists, the months' totals by
 * category, the budget alerts a category's total may raise, the history's entry) is refetched.
 */
export function useApplyCategoryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApplyCategoryRule,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

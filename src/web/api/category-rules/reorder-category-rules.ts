import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CategoryRuleList } from "../../../contract/category-rules";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics, queryKeys } from "../../lib/query-keys";

/**
 * PUT /api/category-rules/order: every rule the caller sees, in their new order (the server
 * refuses a list that misses one, ruleOrderIncomplete); answers the list in that order.
 */
export const putCategoryRuleOrder = (ids: readonly string[]) =>
  sendJson<CategoryRuleList>("PUT", "/api/category-rules/order", { ids });

/**
 * The answer is the list in its new order, shown at once; the rest of the categories topic's
 * reads (the history's entry) are refetched as for any rule's write.
 */
export function useReorderCategoryRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCategoryRuleOrder,
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.categoryRules, list);
      return invalidateTopics(queryClient, ["categories"]);
    },
  });
}

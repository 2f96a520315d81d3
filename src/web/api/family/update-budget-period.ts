import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BudgetPeriodRule } from "../../../contract/budget-period-rule";
import type { Family } from "../../../contract/family";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";
import { familyQueryOptions } from "./get-family";

/**
 * PUT /api/family/budget-period: the owner sets when the family's budget month starts
 * (docs/product.md#budget-periods); answers the family with its new rule. A member gets 403.
 */
export const putBudgetPeriod = (rule: BudgetPeriodRule) =>
  sendJson<Family>("PUT", "/api/family/budget-period", rule);

/**
 * The family is set from the answer at once (the month shown by default and the navigation's
 * days follow its rule); every month the screens hold was named by the old rule, so everything
 * that shows expenses is asked for again (the expenses topic's reads, lib/query-keys.ts: the month
 * summaries and the trend, the expense lists, the bills due, and the history, which records it).
 */
export function useUpdateBudgetPeriod(callbacks: MutationCallbacks<Family, BudgetPeriodRule> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putBudgetPeriod,
    onSuccess: async (family, rule) => {
      queryClient.setQueryData(familyQueryOptions().queryKey, family);
      await callbacks.onSuccess?.(family, rule);
      await invalidateTopics(queryClient, ["expenses"]);
    },
    onError: callbacks.onError,
  });
}

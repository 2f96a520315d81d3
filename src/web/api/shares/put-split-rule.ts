import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SplitRuleInput, SplitRules } from "../../../contract/shares";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { familyHistoryKey } from "../history/get-family-history";
import { splitRulesQueryKey } from "./get-split-rules";

/**
 * PUT /api/family/split-rules: the owner sets the family's default split from a date on,
 * replacing one that starts that day; answers every rule. A member gets 403 only_owner.
 */
export const putSplitRule = (input: SplitRuleInput) =>
  sendJson<SplitRules>("PUT", "/api/family/split-rules", input);

/**
 * The rules are set from the answer. Expenses already written keep their shares (the rule of a
 * date applies when an expense is written), so only the history, which records it, is refetched.
 */
export function usePutSplitRule(callbacks: MutationCallbacks<SplitRules, SplitRuleInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSplitRule,
    onSuccess: async (rules, input) => {
      queryClient.setQueryData(splitRulesQueryKey, rules);
      await callbacks.onSuccess?.(rules, input);
      await queryClient.invalidateQueries({ queryKey: familyHistoryKey });
    },
    onError: callbacks.onError,
  });
}

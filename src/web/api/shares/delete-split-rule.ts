import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SplitRules } from "../../../contract/shares";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { familyHistoryKey } from "../history/get-family-history";
import { splitRulesQueryKey } from "./get-split-rules";

/**
 * DELETE /api/family/split-rules/:validFrom: the owner removes the rule starting that day (the
 * one before it applies again from then on); answers the remaining rules.
 */
export const deleteSplitRule = (validFrom: string) =>
  sendJson<SplitRules>("DELETE", `/api/family/split-rules/${encodeURIComponent(validFrom)}`);

/** As a rule set (put-split-rule.ts): the rules from the answer, then the history. */
export function useDeleteSplitRule(callbacks: MutationCallbacks<SplitRules, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSplitRule,
    onSuccess: async (rules, validFrom) => {
      queryClient.setQueryData(splitRulesQueryKey, rules);
      await callbacks.onSuccess?.(rules, validFrom);
      await queryClient.invalidateQueries({ queryKey: familyHistoryKey });
    },
    onError: callbacks.onError,
  });
}

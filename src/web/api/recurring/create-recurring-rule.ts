import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateRecurringRuleInput, RecurringRule } from "../../../contract/recurring";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/recurring: the rule, and at once the expenses already due since its start. */
export const createRecurringRule = (input: CreateRecurringRuleInput) =>
  sendJson<RecurringRule>("POST", "/api/recurring", input);

export function useCreateRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurringRule,
    onSuccess: () => invalidateTopics(queryClient, ["recurring", "expenses"]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RecurringRule, UpdateRecurringRuleInput } from "../../../contract/recurring";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

type UpdateRecurringRuleVariables = { id: string; input: UpdateRecurringRuleInput };

/** PATCH /api/recurring/:id: edit, pause ({ paused: true }) or resume ({ paused: false }). */
export const updateRecurringRule = ({ id, input }: UpdateRecurringRuleVariables) =>
  sendJson<RecurringRule>("PATCH", `/api/recurring/${encodeURIComponent(id)}`, input);

export function useUpdateRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecurringRule,
    onSuccess: () => invalidateTopics(queryClient, ["recurring", "expenses"]),
  });
}

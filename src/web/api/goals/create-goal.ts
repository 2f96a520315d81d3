import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateGoalInput, Goal } from "../../../contract/goals";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/goals: a new savings goal (docs/product.md#caixinhas-savings-goals). */
export const postGoal = (input: CreateGoalInput) => sendJson<Goal>("POST", "/api/goals", input);

/** Goals are announced under the accounts' topic, whose reads are refetched (lib/query-keys.ts). */
export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postGoal,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

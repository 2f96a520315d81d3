import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Goal, UpdateGoalInput } from "../../../contract/goals";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** PATCH /api/goals/:id with only the fields that changed; the others stay. */
export const patchGoal = ({ id, input }: { id: string; input: UpdateGoalInput }) =>
  sendJson<Goal>("PATCH", `/api/goals/${encodeURIComponent(id)}`, input);

/** Goals are announced under the accounts' topic, whose reads are refetched (lib/query-keys.ts). */
export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchGoal,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

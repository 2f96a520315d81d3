import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contribution, CreateContributionInput } from "../../../contract/goals";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * POST /api/goals/:id/contributions: money put in ('Guardar') or, with a negative amount, taken
 * out ('Retirar'); from another account it is a transfer into the goal's account
 * (docs/product.md#caixinhas-savings-goals).
 */
export const postContribution = ({
  goalId,
  input,
}: {
  goalId: string;
  input: CreateContributionInput;
}) =>
  sendJson<Contribution>("POST", `/api/goals/${encodeURIComponent(goalId)}/contributions`, input);

/** The goal's figures, and a transfer's balances and list: the accounts' topic's reads. */
export function useAddContribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postContribution,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

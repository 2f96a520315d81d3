import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CardSpendingBy, Family } from "../../../contract/family";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";
import { familyQueryOptions } from "./get-family";

/**
 * PUT /api/family/card-spending: the owner chooses whether a card purchase counts in the budget
 * month of its date or of its bill's due date (docs/product.md#counting-card-spending-by-bill);
 * answers the family with its new choice. A member gets 403.
 */
export const putCardSpending = (by: CardSpendingBy) =>
  sendJson<Family>("PUT", "/api/family/card-spending", { by });

/**
 * The family is set from the answer at once; every month the screens hold was added up under the
 * old choice, so the month summaries, the trend and what is committed (under "/api/summary"),
 * the month lists, the bills due (under "/api/recurring") and the history, which records the
 * change, are asked for again: the same reads as a new budget month rule (update-budget-period.ts).
 */
export function useUpdateCardSpending(callbacks: MutationCallbacks<Family, CardSpendingBy> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCardSpending,
    onSuccess: async (family, by) => {
      queryClient.setQueryData(familyQueryOptions().queryKey, family);
      await callbacks.onSuccess?.(family, by);
      await invalidateTopics(queryClient, ["expenses"]);
    },
    onError: callbacks.onError,
  });
}

import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/expenses";
import type { CreateIncomeInput, Income } from "../../../contract/incomes";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

type CreateIncomeVariables = {
  input: CreateIncomeInput;
  /** One per submission: a retried request then returns the first income instead of a second. */
  idempotencyKey: string;
};

/** POST /api/incomes. */
export const createIncome = ({ input, idempotencyKey }: CreateIncomeVariables) =>
  sendJson<Income>("POST", "/api/incomes", input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * What an income write changes: the incomes topic's reads (lib/query-keys.ts), the month's income
 * list, its income and net and the history that records it.
 */
export const refreshAfterIncome = (queryClient: QueryClient) =>
  invalidateTopics(queryClient, ["incomes"]);

export function useCreateIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncome,
    onSuccess: () => refreshAfterIncome(queryClient),
  });
}

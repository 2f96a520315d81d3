import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/expenses";
import type { CreateIncomeInput, Income } from "../../../contract/incomes";
import { sendJson } from "../../lib/api-client";
import { familyHistoryKey } from "../history/get-family-history";
import { incomesKey } from "./get-incomes";

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
 * What an income write changes: the month's income list, the month's income and net (the
 * summary), and the history that records it. Never a budget: income is not spending.
 */
export const refreshAfterIncome = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: incomesKey }),
    queryClient.invalidateQueries({ queryKey: ["/api/summary"] }),
    queryClient.invalidateQueries({ queryKey: familyHistoryKey }),
  ]);

export function useCreateIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncome,
    onSuccess: () => refreshAfterIncome(queryClient),
  });
}

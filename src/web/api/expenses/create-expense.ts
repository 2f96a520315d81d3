import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreateExpenseInput,
  type Expense,
  IDEMPOTENCY_KEY_HEADER,
} from "../../../contract/expenses";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

type CreateExpenseVariables = {
  input: CreateExpenseInput;
  /** One per submission: a retried request then returns the first expense instead of a second. */
  idempotencyKey: string;
};

/** POST /api/expenses. */
export const createExpense = ({ input, idempotencyKey }: CreateExpenseVariables) =>
  sendJson<Expense>("POST", "/api/expenses", input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

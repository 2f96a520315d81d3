import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Expense, UpdateExpenseInput } from "../../../contract/expenses";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

type UpdateExpenseVariables = { id: string; input: UpdateExpenseInput };

/** PATCH /api/expenses/:id with only the changed fields. */
export const updateExpense = ({ id, input }: UpdateExpenseVariables) =>
  sendJson<Expense>("PATCH", `/api/expenses/${encodeURIComponent(id)}`, input);

export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

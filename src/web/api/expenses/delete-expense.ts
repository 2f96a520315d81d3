import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { invalidateExpenseData } from "./invalidate-expense-data";

/** DELETE /api/expenses/:id. */
export const deleteExpense = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/expenses/${encodeURIComponent(id)}`);

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: () => invalidateExpenseData(queryClient),
  });
}

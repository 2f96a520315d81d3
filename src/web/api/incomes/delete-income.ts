import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "../../lib/api-client";
import { refreshAfterIncome } from "./create-income";

/** DELETE /api/incomes/:id; the history keeps what it was. */
export const deleteIncome = (id: string) =>
  sendJson<{ deleted: true }>("DELETE", `/api/incomes/${encodeURIComponent(id)}`);

export function useDeleteIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIncome,
    onSuccess: () => refreshAfterIncome(queryClient),
  });
}

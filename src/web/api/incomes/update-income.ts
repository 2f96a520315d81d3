import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Income, UpdateIncomeInput } from "../../../contract/incomes";
import { sendJson } from "../../lib/api-client";
import { refreshAfterIncome } from "./create-income";

/** PATCH /api/incomes/:id: what is sent changes, the rest stays. */
export const updateIncome = ({ id, input }: { id: string; input: UpdateIncomeInput }) =>
  sendJson<Income>("PATCH", `/api/incomes/${encodeURIComponent(id)}`, input);

export function useUpdateIncome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIncome,
    onSuccess: () => refreshAfterIncome(queryClient),
  });
}

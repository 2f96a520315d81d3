import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MoveExpenseBillInput } from "../../../contract/card-bills";
import type { Expense } from "../../../contract/expenses";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * POST /api/expenses/:id/move-bill: a card purchase to the bill before or after its own; its date
 * stays (docs/decisions/011-cards-bills-installments.md: banks move closing days). 400
 * not_card_purchase for anything but a card purchase.
 */
export const moveExpenseBill = ({ id, to }: { id: string; to: MoveExpenseBillInput["to"] }) =>
  sendJson<Expense>("POST", `/api/expenses/${encodeURIComponent(id)}/move-bill`, { to });

/** Both bills' totals change, the expense's bill in the lists, and the move is a history entry. */
export function useMoveExpenseBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveExpenseBill,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

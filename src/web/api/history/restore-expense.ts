import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { HistoryEntry } from "../../../contract/history";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/family/history/:id/restore: a deleted expense comes back, once. */
export const restoreExpense = (entryId: string) =>
  sendJson<HistoryEntry>("POST", `/api/family/history/${encodeURIComponent(entryId)}/restore`);

export function useRestoreExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreExpense,
    onSettled: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

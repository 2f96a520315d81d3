import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClearEntryInput } from "../../../contract/reconciliation";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** PUT /api/accounts/:id/cleared: an entry seen on the bank's statement, or the mark taken back. */
export const putCleared = ({ accountId, ...input }: ClearEntryInput & { accountId: string }) =>
  sendJson<{ cleared: boolean }>(
    "PUT",
    `/api/accounts/${encodeURIComponent(accountId)}/cleared`,
    input,
  );

/** The cleared balance moves: the accounts' topic's reads, the reconciliation among them. */
export function useSetCleared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCleared,
    onSettled: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReconcileInput, Reconciliation } from "../../../contract/reconciliation";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/accounts/:id/reconciliations: 'Conciliar', with the adjustment's reason if any. */
export const postReconciliation = ({
  accountId,
  ...input
}: ReconcileInput & { accountId: string }) =>
  sendJson<Reconciliation>(
    "POST",
    `/api/accounts/${encodeURIComponent(accountId)}/reconciliations`,
    input,
  );

/** An adjustment moves the balance, and it is a history entry: the accounts' topic's reads. */
export function useReconcile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReconciliation,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

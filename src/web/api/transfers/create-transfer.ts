import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTransferInput, Transfer } from "../../../contract/transfers";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/** POST /api/transfers: money moved between two of the family's accounts. */
export const postTransfer = (input: CreateTransferInput) =>
  sendJson<Transfer>("POST", "/api/transfers", input);

/** Both accounts' balances move, and it is a history entry: the accounts' topic's reads. */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTransfer,
    onSuccess: () => invalidateTopics(queryClient, ["paymentMethods"]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/expenses";
import type {
  CreateInstallmentsInput,
  InstallmentSeriesDetail,
} from "../../../contract/installments";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * POST /api/installments: "Geladeira, R$ 3.600,00 em 12x", one series of linked expenses
 * (docs/product.md#installments). Never queued offline: the offline queue keeps single expenses.
 */
export const createInstallments = ({
  input,
  idempotencyKey,
}: {
  input: CreateInstallmentsInput;
  /** One per submission: a request retried after a lost answer returns the first purchase. */
  idempotencyKey: string;
}) =>
  sendJson<InstallmentSeriesDetail>("POST", "/api/installments", input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export function useCreateInstallments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstallments,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

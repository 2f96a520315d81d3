import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InstallmentSeriesDetail } from "../../../contract/installments";
import { sendJson, withQuery } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

type DeleteInstallmentsVariables = { seriesId: string; from: number };

export type DeleteInstallmentsResult = {
  deletedCount: number;
  /** What is left of the purchase; null once its last installment went. */
  series: InstallmentSeriesDetail | null;
};

/** DELETE /api/installments/:id?from=n: the installments from n on; from 1, the whole purchase. */
export const deleteInstallments = ({ seriesId, from }: DeleteInstallmentsVariables) =>
  sendJson<DeleteInstallmentsResult>(
    "DELETE",
    withQuery(`/api/installments/${encodeURIComponent(seriesId)}`, { from }),
  );

export function useDeleteInstallments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInstallments,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InstallmentSeriesDetail } from "../../../contract/installments";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";
import { installmentsQueryKey } from "./get-installments";

/**
 * POST /api/installments/:id/pay-off: "Antecipar parcelas" (docs/product.md#installments). On a
 * card the installments in later bills move to the bill open today (their dates stay); paid
 * otherwise, those dated after today are dated today.
 */
export const payOffInstallments = (seriesId: string) =>
  sendJson<InstallmentSeriesDetail>(
    "POST",
    `/api/installments/${encodeURIComponent(seriesId)}/pay-off`,
  );

export function usePayOffInstallments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOffInstallments,
    onSuccess: (series) => {
      queryClient.setQueryData(installmentsQueryKey(series.id), series);
      return invalidateTopics(queryClient, ["expenses"]);
    },
  });
}

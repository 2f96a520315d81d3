import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  InstallmentSeriesDetail,
  UpdateInstallmentsInput,
} from "../../../contract/installments";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";
import { installmentsQueryKey } from "./get-installments";

type UpdateInstallmentsVariables = { seriesId: string; input: UpdateInstallmentsInput };

/**
 * PATCH /api/installments/:id: "Esta e as próximas" (`from` = this installment's number) or
 * "Todas as parcelas" (`from` = 1), with only the changed fields. One installment alone is changed
 * with PATCH /api/expenses/:id.
 */
export const updateInstallments = ({ seriesId, input }: UpdateInstallmentsVariables) =>
  sendJson<InstallmentSeriesDetail>(
    "PATCH",
    `/api/installments/${encodeURIComponent(seriesId)}`,
    input,
  );

export function useUpdateInstallments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstallments,
    onSuccess: (series) => {
      queryClient.setQueryData(installmentsQueryKey(series.id), series);
      return invalidateTopics(queryClient, ["expenses"]);
    },
  });
}

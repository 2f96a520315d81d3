import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSettlementInput, Settlement } from "../../../contract/balances";
import { sendJson } from "../../lib/api-client";
import { familyHistoryKey } from "../history/get-family-history";
import { balancesKey } from "./get-balances";

/**
 * POST /api/settlements: "Acertar contas", one member paid another back. A transfer between the
 * two (docs/product.md#who-owes-whom): no spending and no budget moves, so only who owes whom and
 * the history, which records it, are refreshed.
 */
export const postSettlement = (input: CreateSettlementInput) =>
  sendJson<Settlement>("POST", "/api/settlements", input);

export const refreshAfterSettlement = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: balancesKey }),
    queryClient.invalidateQueries({ queryKey: familyHistoryKey }),
  ]);

export function useCreateSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSettlement,
    onSuccess: () => refreshAfterSettlement(queryClient),
  });
}

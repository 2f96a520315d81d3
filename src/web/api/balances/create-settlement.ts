import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSettlementInput, Settlement } from "../../../contract/balances";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

/**
 * POST /api/settlements: "Acertar contas", one member paid another back. A transfer between the
 * two (docs/product.md#who-owes-whom): no spending and no budget moves, so only the balances
 * topic's reads (lib/query-keys.ts) are refreshed: who owes whom and the history, which records
 * it.
 */
export const postSettlement = (input: CreateSettlementInput) =>
  sendJson<Settlement>("POST", "/api/settlements", input);

export const refreshAfterSettlement = (queryClient: QueryClient) =>
  invalidateTopics(queryClient, ["balances"]);

export function useCreateSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSettlement,
    onSuccess: () => refreshAfterSettlement(queryClient),
  });
}

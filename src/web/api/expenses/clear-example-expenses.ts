import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { clearExamplesResponseSchema } from "../../../contract/expenses";
import { sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

type ClearExamplesResponse = z.infer<typeof clearExamplesResponseSchema>;

/** DELETE /api/expenses/examples/clear: removes a new family's example expenses. */
export const clearExampleExpenses = () =>
  sendJson<ClearExamplesResponse>("DELETE", "/api/expenses/examples/clear");

/** Resolves with how many went. */
export function useClearExampleExpenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearExampleExpenses,
    onSuccess: () => invalidateTopics(queryClient, ["expenses"]),
  });
}

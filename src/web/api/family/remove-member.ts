import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RemoveMemberResponse } from "../../../contract/family";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { invalidateTopics } from "../../lib/query-keys";

type RemoveMemberVariables = { userId: string; keepExpenses: boolean };

/** DELETE /api/family/members/:userId (owner only); their expenses go only when asked to. */
export const deleteMember = ({ userId, keepExpenses }: RemoveMemberVariables) =>
  sendJson<RemoveMemberResponse>("DELETE", `/api/family/members/${encodeURIComponent(userId)}`, {
    keepExpenses,
  });

/**
 * The screen's callback first (toast, close the dialog), then the refetch of the family topic's
 * reads (the members among them) and, since the member's expenses may have gone, of the expenses
 * topic's (lib/query-keys.ts).
 */
export function useRemoveMember(
  callbacks: MutationCallbacks<RemoveMemberResponse, RemoveMemberVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: async (result, variables) => {
      await callbacks.onSuccess?.(result, variables);
      await invalidateTopics(queryClient, ["family", "expenses"]);
    },
    onError: callbacks.onError,
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TransferOwnershipInput } from "../../../contract/account-actions";
import type { Family } from "../../../contract/family";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { familyQueryOptions } from "./get-family";
import { familyMembersQueryKey } from "./get-family-members";

/** POST /api/family/transfer: the owner hands the family to a member; answers it as seen now. */
export const postTransferOwnership = (input: TransferOwnershipInput) =>
  sendJson<Family>("POST", "/api/family/transfer", input);

/**
 * The answer is the caller's family with their new role (member), set at once so the owner's
 * controls go away; the member list is refetched for everyone's new role.
 */
export function useTransferOwnership(
  callbacks: MutationCallbacks<Family, TransferOwnershipInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTransferOwnership,
    onSuccess: async (family, input) => {
      await callbacks.onSuccess?.(family, input);
      queryClient.setQueryData(familyQueryOptions().queryKey, family);
      await queryClient.invalidateQueries({ queryKey: familyMembersQueryKey });
    },
    onError: callbacks.onError,
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RecoveryCodesResponse, TwoFactorConfirmInput } from "../../../contract/two-factor";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { currentUserQueryKey } from "../auth/get-current-user";

/** POST /api/profile/two-factor/confirm: turns it on; the answer's recovery codes show once. */
export const postTwoFactorConfirm = (input: TwoFactorConfirmInput) =>
  sendJson<RecoveryCodesResponse>("POST", "/api/profile/two-factor/confirm", input);

/** The user's twoFactorEnabled changed: the current user is asked for again. */
export function useConfirmTwoFactor(
  callbacks: MutationCallbacks<RecoveryCodesResponse, TwoFactorConfirmInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTwoFactorConfirm,
    onSuccess: (response, input) => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return callbacks.onSuccess?.(response, input);
    },
    onError: callbacks.onError,
  });
}

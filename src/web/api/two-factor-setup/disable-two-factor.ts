import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "../../../contract/auth";
import type { TwoFactorProofInput } from "../../../contract/two-factor";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { currentUserQueryKey } from "../auth/get-current-user";

/** POST /api/profile/two-factor/disable: the password and a code (either kind). */
export const postTwoFactorDisable = (input: TwoFactorProofInput) =>
  sendJson<MessageResponse>("POST", "/api/profile/two-factor/disable", input);

/** The user's twoFactorEnabled changed: the current user is asked for again. */
export function useDisableTwoFactor(
  callbacks: MutationCallbacks<MessageResponse, TwoFactorProofInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTwoFactorDisable,
    onSuccess: (response, input) => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return callbacks.onSuccess?.(response, input);
    },
    onError: callbacks.onError,
  });
}

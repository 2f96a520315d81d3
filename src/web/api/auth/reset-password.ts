import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, ResetPasswordInput } from "../../../contract/auth";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/** POST /api/auth/reset-password: the mailed token and the new password. */
export const postResetPassword = (input: ResetPasswordInput) =>
  sendJson<MessageResponse>("POST", "/api/auth/reset-password", input);

export function useResetPassword(
  callbacks: MutationCallbacks<MessageResponse, ResetPasswordInput> = {},
) {
  return useMutation({
    mutationFn: postResetPassword,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

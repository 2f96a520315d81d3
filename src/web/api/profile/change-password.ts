import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "../../../contract/account-actions";
import type { MessageResponse } from "../../../contract/auth";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/**
 * POST /api/profile/password: ends the account's other logins and keeps this one, so nothing
 * cached changes (the user object is the same).
 */
export const postChangePassword = (input: ChangePasswordInput) =>
  sendJson<MessageResponse>("POST", "/api/profile/password", input);

export function useChangePassword(
  callbacks: MutationCallbacks<MessageResponse, ChangePasswordInput> = {},
) {
  return useMutation({
    mutationFn: postChangePassword,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

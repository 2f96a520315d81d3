import { useMutation } from "@tanstack/react-query";
import type { ForgotPasswordInput, MessageResponse } from "../../../contract/auth";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/**
 * POST /api/auth/forgot-password: mails a reset link. The answer is the same whether or not the
 * account exists, so it can be shown as is.
 */
export const postForgotPassword = (input: ForgotPasswordInput) =>
  sendJson<MessageResponse>("POST", "/api/auth/forgot-password", input);

export function useForgotPassword(
  callbacks: MutationCallbacks<MessageResponse, ForgotPasswordInput> = {},
) {
  return useMutation({
    mutationFn: postForgotPassword,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

import { useMutation } from "@tanstack/react-query";
import type { RegisterInput, RegisterResponse } from "../../../contract/auth";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/** POST /api/auth/register: creates the account and mails the verification link. */
export const postRegister = (input: RegisterInput) =>
  sendJson<RegisterResponse>("POST", "/api/auth/register", input);

export function useRegister(callbacks: MutationCallbacks<RegisterResponse, RegisterInput> = {}) {
  return useMutation({
    mutationFn: postRegister,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

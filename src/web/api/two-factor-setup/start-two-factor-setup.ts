import { useMutation } from "@tanstack/react-query";
import type { TwoFactorSetupInput, TwoFactorSetupResponse } from "../../../contract/two-factor";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/**
 * POST /api/profile/two-factor/setup with the account's password: a new pending secret, its QR
 * code and its manual key.
 */
export const postTwoFactorSetup = (input: TwoFactorSetupInput) =>
  sendJson<TwoFactorSetupResponse>("POST", "/api/profile/two-factor/setup", input);

export function useStartTwoFactorSetup(
  callbacks: MutationCallbacks<TwoFactorSetupResponse, TwoFactorSetupInput> = {},
) {
  return useMutation({
    mutationFn: postTwoFactorSetup,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

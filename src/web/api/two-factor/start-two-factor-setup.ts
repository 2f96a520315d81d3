import { useMutation } from "@tanstack/react-query";
import type { TwoFactorSetupResponse } from "../../../contract/two-factor";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/** POST /api/profile/two-factor/setup: a new pending secret, its QR code and its manual key. */
export const postTwoFactorSetup = () =>
  sendJson<TwoFactorSetupResponse>("POST", "/api/profile/two-factor/setup");

export function useStartTwoFactorSetup(
  callbacks: MutationCallbacks<TwoFactorSetupResponse, void> = {},
) {
  return useMutation({
    mutationFn: postTwoFactorSetup,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

import { useMutation } from "@tanstack/react-query";
import type { RecoveryCodesResponse, TwoFactorProofInput } from "../../../contract/two-factor";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/** POST /api/profile/two-factor/recovery-codes: ten new codes; the earlier ones stop working. */
export const postRenewRecoveryCodes = (input: TwoFactorProofInput) =>
  sendJson<RecoveryCodesResponse>("POST", "/api/profile/two-factor/recovery-codes", input);

export function useRenewRecoveryCodes(
  callbacks: MutationCallbacks<RecoveryCodesResponse, TwoFactorProofInput> = {},
) {
  return useMutation({
    mutationFn: postRenewRecoveryCodes,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

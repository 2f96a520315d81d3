import { useMutation } from "@tanstack/react-query";
import type { Invite } from "../../../contract/family";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";

/** POST /api/family/invite: a new invite code and link; nothing cached changes. */
export const postInvite = () => sendJson<Invite>("POST", "/api/family/invite");

export function useCreateInvite(callbacks: MutationCallbacks<Invite, void> = {}) {
  return useMutation({
    mutationFn: postInvite,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EndSessionInput, EndSessionResponse } from "../../../contract/sessions";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { signedInDevicesQueryKey } from "./get-signed-in-devices";

type EndSession = EndSessionInput & { id: string };

/**
 * DELETE /api/profile/sessions/:id with the account's password: signs that login out (its cookie
 * and its bearer token).
 */
export const deleteSession = ({ id, ...input }: EndSession) =>
  sendJson<EndSessionResponse>("DELETE", `/api/profile/sessions/${encodeURIComponent(id)}`, input);

/** The screen's callback first (toast, close the dialog), then the list is asked for again. */
export function useEndSession(callbacks: MutationCallbacks<EndSessionResponse, EndSession> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: async (result, variables) => {
      await callbacks.onSuccess?.(result, variables);
      await queryClient.invalidateQueries({ queryKey: signedInDevicesQueryKey });
    },
    // Already ended elsewhere (404): the list is out of date either way.
    onError: async (error) => {
      await callbacks.onError?.(error);
      await queryClient.invalidateQueries({ queryKey: signedInDevicesQueryKey });
    },
  });
}

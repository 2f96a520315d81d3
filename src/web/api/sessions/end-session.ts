import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EndSessionResponse } from "../../../contract/sessions";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { signedInDevicesQueryKey } from "./get-signed-in-devices";

/** DELETE /api/profile/sessions/:id: signs that login out (its cookie and its bearer token). */
export const deleteSession = (id: string) =>
  sendJson<EndSessionResponse>("DELETE", `/api/profile/sessions/${encodeURIComponent(id)}`);

/** The screen's callback first (toast, close the dialog), then the list is asked for again. */
export function useEndSession(callbacks: MutationCallbacks<EndSessionResponse, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: async (result, id) => {
      await callbacks.onSuccess?.(result, id);
      await queryClient.invalidateQueries({ queryKey: signedInDevicesQueryKey });
    },
    // Already ended elsewhere (404): the list is out of date either way.
    onError: async (error) => {
      await callbacks.onError?.(error);
      await queryClient.invalidateQueries({ queryKey: signedInDevicesQueryKey });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EndOtherSessionsResponse } from "../../../contract/sessions";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { signedInDevicesQueryKey } from "./get-signed-in-devices";

/** POST /api/profile/sessions/end-others: every login of the account but this one ends. */
export const postEndOtherSessions = () =>
  sendJson<EndOtherSessionsResponse>("POST", "/api/profile/sessions/end-others");

export function useEndOtherSessions(
  callbacks: MutationCallbacks<EndOtherSessionsResponse, void> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postEndOtherSessions,
    onSuccess: async (result) => {
      await callbacks.onSuccess?.(result, undefined);
      await queryClient.invalidateQueries({ queryKey: signedInDevicesQueryKey });
    },
    onError: callbacks.onError,
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EndOtherSessionsResponse, EndSessionInput } from "../../../contract/sessions";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { signedInDevicesQueryKey } from "./get-signed-in-devices";

/**
 * POST /api/profile/sessions/end-others with the account's password: every login of the account
 * but this one ends.
 */
export const postEndOtherSessions = (input: EndSessionInput) =>
  sendJson<EndOtherSessionsResponse>("POST", "/api/profile/sessions/end-others", input);

export function useEndOtherSessions(
  callbacks: MutationCallbacks<EndOtherSessionsResponse, EndSessionInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postEndOtherSessions,
    onSuccess: async (result, input) => {
      await callbacks.onSuccess?.(result, input);
      await queryClient.invalidateQueries({ queryKey: signedInDevicesQueryKey });
    },
    onError: callbacks.onError,
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginSession } from "../../../contract/auth";
import type { TwoFactorLoginInput } from "../../../contract/two-factor";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { setCurrentUser } from "./get-current-user";

/**
 * POST /api/auth/login/two-factor: the login's second step, a code from the authenticator app or
 * a recovery code for the challenge the password step answered. Sets the session cookie.
 */
export const postLoginTwoFactor = (input: TwoFactorLoginInput) =>
  sendJson<LoginSession>("POST", "/api/auth/login/two-factor", input);

/** Signed in now: the same cache handling as a login without two-factor sign-in (login.ts). */
export function useLoginTwoFactor(
  callbacks: MutationCallbacks<LoginSession, TwoFactorLoginInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLoginTwoFactor,
    onSuccess: (response, input) => {
      queryClient.removeQueries();
      setCurrentUser(queryClient, response.user);
      return callbacks.onSuccess?.(response, input);
    },
    onError: callbacks.onError,
  });
}

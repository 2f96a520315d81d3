import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, LoginResponse } from "../../../contract/auth";
import { type MutationCallbacks, sendJson } from "../../lib/api-client";
import { setCurrentUser } from "./get-current-user";

/**
 * POST /api/auth/login: sets the session cookie; the token in the answer is for API clients. With
 * two-factor sign-in on it answers a challenge instead, and no cookie.
 */
export const postLogin = (input: LoginInput) =>
  sendJson<LoginResponse>("POST", "/api/auth/login", input);

/**
 * After a successful login the previous visitor's cached data goes, and the new user is known at
 * once (no extra round trip before the dashboard) and kept for the next visit's first paint.
 * Only the user is kept: the session cookie is HttpOnly and the token is never stored.
 */
export function useLogin(callbacks: MutationCallbacks<LoginResponse, LoginInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogin,
    onSuccess: (response, input) => {
      // Two-factor sign-in on: nobody is signed in yet, the code step follows (login-two-factor.ts).
      if ("user" in response) {
        queryClient.removeQueries();
        setCurrentUser(queryClient, response.user);
      }
      return callbacks.onSuccess?.(response, input);
    },
    onError: callbacks.onError,
  });
}

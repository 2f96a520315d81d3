import { useQuery } from "@tanstack/react-query";
import type { User } from "../../contract/user";
import { getQueryFn } from "./query-client";

export const currentUserQueryKey = ["/api/auth/user"] as const;

/**
 * The signed-in user, null when signed out (a 401 is an answer here, not a failure). Never
 * retried: a signed-out visitor should see the landing page at once.
 */
export function useCurrentUser() {
  const query = useQuery<User | null>({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<User | null>({ on401: "returnNull" }),
    retry: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
  };
}

/**
 * What the header calls the user: the first name, else the e-mail, else the translated word
 * "Profile".
 */
export function displayName(
  user: Pick<User, "firstName" | "email"> | null | undefined,
  profileLabel: string,
): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const email = user?.email?.trim();
  if (email) return email;
  return profileLabel;
}

/** A full browser navigation: the server ends the session and redirects, and every cache goes. */
export function logout() {
  window.location.href = "/api/logout";
}

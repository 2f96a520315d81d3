import { type QueryClient, type QueryFunction, useQuery } from "@tanstack/react-query";
import { type User, userSchema } from "../../contract/user";
import { getQueryFn } from "./query-client";

export const currentUserQueryKey = ["/api/auth/user"] as const;

/**
 * Where the last known user is kept between visits (DESIGN §5.2): only the user object, for a
 * fast first paint; the HttpOnly session cookie is what grants access, never this copy.
 */
export const storedUserKey = "user";

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // Storage can be blocked (privacy settings); the app then simply waits for the server.
    return undefined;
  }
}

/** The stored user, or null when there is none or it no longer has the user's shape. */
export function readStoredUser(): User | null {
  try {
    const raw = storage()?.getItem(storedUserKey);
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Only the user's own fields are written (the schema strips the rest), never a token. */
export function storeUser(user: User) {
  try {
    const parsed = userSchema.safeParse(user);
    if (parsed.success) storage()?.setItem(storedUserKey, JSON.stringify(parsed.data));
  } catch {
    // A full or blocked storage only costs the fast first paint.
  }
}

export function clearStoredUser() {
  try {
    storage()?.removeItem(storedUserKey);
  } catch {
    // Nothing stored that could be cleared.
  }
}

const fetchCurrentUser = getQueryFn<User | null>({ on401: "returnNull" });

/** The server's answer decides; the stored copy follows it (kept fresh, or dropped on a 401). */
export const currentUserQueryFn: QueryFunction<User | null> = async (context) => {
  const user = await fetchCurrentUser(context);
  if (user) storeUser(user);
  else clearStoredUser();
  return user;
};

/**
 * The signed-in user, null when signed out (a 401 is an answer here, not a failure). Never
 * retried: a signed-out visitor should see the landing page at once. The stored user is only a
 * placeholder while the server is asked, so a stale copy never outlives a 401.
 */
export function useCurrentUser() {
  const query = useQuery<User | null>({
    queryKey: currentUserQueryKey,
    queryFn: currentUserQueryFn,
    retry: false,
    // undefined, not null: a null placeholder would show the landing page instead of the spinner.
    placeholderData: () => readStoredUser() ?? undefined,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
  };
}

/**
 * After a successful login: the previous visitor's cached data goes, the new user is known at
 * once (no extra round trip before the dashboard) and kept for the next visit's first paint.
 */
export function rememberSignedInUser(queryClient: QueryClient, user: User) {
  queryClient.removeQueries();
  queryClient.setQueryData(currentUserQueryKey, user);
  storeUser(user);
}

/** After the profile changed: the header and every other reader of the user see it at once. */
export function updateCurrentUser(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(currentUserQueryKey, user);
  storeUser(user);
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
  clearStoredUser();
  window.location.href = "/api/logout";
}

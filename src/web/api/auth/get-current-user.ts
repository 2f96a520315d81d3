import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "../../../contract/user";
import { ApiRequestError, getJson } from "../../lib/api-client";
import { clearStoredUser, hasStoredUser, readStoredUser, storeUser } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { clearOfflineData } from "../../offline/offline-cache";

/** GET /api/auth/user: the signed-in user, or null when signed out (a 401 is an answer here). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await getJson<User>("/api/auth/user", { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryKey = queryKeys.currentUser;

/**
 * The server's answer decides; the stored copy follows it (kept fresh, or dropped on a 401).
 * Never retried: a signed-out visitor should see the landing page at once. The stored user is
 * only a placeholder while the server is asked, so a stale copy never outlives a 401.
 */
export const currentUserQueryOptions = () =>
  queryOptions<User | null, Error, User | null, typeof currentUserQueryKey>({
    queryKey: currentUserQueryKey,
    queryFn: async ({ signal }) => {
      const user = await fetchCurrentUser(signal);
      if (user) storeUser(user);
      else {
        // Signed out (a 401): the screens saved for offline use go with the stored user.
        if (hasStoredUser()) void clearOfflineData();
        clearStoredUser();
      }
      return user;
    },
    retry: false,
    // undefined, not null: a null placeholder would show the landing page instead of the spinner.
    placeholderData: () => readStoredUser() ?? undefined,
  });

/**
 * Passing the answer through `select` makes TanStack Query compare it with what the hook showed
 * before, the stored copy included: when the server's answer equals the stored user, the hook
 * keeps the same object and nothing re-renders (the whole signed-in frame would otherwise render
 * again, identical, while the screen's own data is on its way).
 */
const keepEqualUser = (user: User | null) => user;

export function useCurrentUser() {
  const query = useQuery({ ...currentUserQueryOptions(), select: keepEqualUser });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
  };
}

/** A user the server just sent (login, profile change): every reader sees it at once. */
export function setCurrentUser(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(currentUserQueryKey, user);
  storeUser(user);
}

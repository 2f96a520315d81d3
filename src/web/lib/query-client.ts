import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiFetch, HttpError, readBody } from "./api";

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The URL of a query key: its segments joined by "/", and a trailing object as the query string
 * (["/api/expenses", { month: 3, year: 2026 }] -> "/api/expenses?month=3&year=2026").
 */
export function urlOfQueryKey(queryKey: readonly unknown[]): string {
  const last = queryKey.at(-1);
  if (last !== null && typeof last === "object") {
    const params = new URLSearchParams(
      Object.entries(last as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
    );
    return `${queryKey.slice(0, -1).join("/")}?${params}`;
  }
  return queryKey.join("/");
}

/**
 * Reads GET <queryKey segments joined by "/">. "returnNull" turns a 401 into null, for the one
 * query (the current user) where signed out is an answer, not a failure.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = urlOfQueryKey(queryKey);
    try {
      const response = await apiFetch(url, { signal });
      return (await readBody(response)) as T;
    } catch (error) {
      if (options.on401 === "returnNull" && error instanceof HttpError && error.status === 401) {
        return null as T;
      }
      throw error;
    }
  };
}

/** Data changes only through this app's own mutations, which refetch what they touch. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: 5 * 60 * 1000,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

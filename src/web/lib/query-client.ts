import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { getJson } from "./api-client";

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
 * GETs the URL of a query key, for the queries that name no queryFn of their own. Every endpoint
 * file under src/web/api names its own; this stays only while lib/budget-hooks.ts and
 * lib/family-queries.ts (the expenses, dashboard and reports screens) still rely on it.
 */
const queryKeyFn: QueryFunction = ({ queryKey, signal }) =>
  getJson(urlOfQueryKey(queryKey), { signal });

/** Data changes only through this app's own mutations, which refetch what they touch. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: queryKeyFn,
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

import { QueryClient } from "@tanstack/react-query";

/**
 * By default nothing refetches on a timer or on focus: data changes through this app's own mutations, which
 * refetch what they touch, and through other members and processes, whose changes reach the open
 * screens as live events that refetch theirs (api/live-updates, docs/decisions/009). There is no
 * default query function: every query comes from an endpoint file under src/web/api, which names
 * its own fetcher.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
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

import { QueryClient } from "@tanstack/react-query";

/**
 * Data changes only through this app's own mutations, which refetch what they touch. There is no
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

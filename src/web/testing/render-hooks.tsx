import { type QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "../lib/query-client";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

function Probe<T>({ useHooks, onReady }: { useHooks: () => T; onReady: (hooks: T) => void }) {
  onReady(useHooks());
  return null;
}

/**
 * Renders `useHooks` (mutation hooks of src/web/api) against the app's query client, with one
 * cached answer under each of `cachedKeys`, so a test can see which caches a mutation refreshes
 * or replaces. Call under a jsdom environment with IS_REACT_ACT_ENVIRONMENT set.
 */
export function renderHooksWithCache<T>(
  useHooks: () => T,
  cachedKeys: readonly QueryKey[],
): { client: QueryClient; hooks: () => T; unmount: () => void } {
  const client = createQueryClient();
  for (const key of cachedKeys) client.setQueryData(key, { cached: true });
  let hooks: T | undefined;
  const root = createRoot(document.createElement("div"));
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Probe
          useHooks={useHooks}
          onReady={(ready) => {
            hooks = ready;
          }}
        />
      </QueryClientProvider>,
    ),
  );
  return {
    client,
    hooks: () => {
      if (hooks === undefined) throw new Error("not rendered");
      return hooks;
    },
    unmount: () => act(() => root.unmount()),
  };
}

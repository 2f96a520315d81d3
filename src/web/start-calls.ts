import { readStoredUser } from "./lib/auth";
import { syncOnlineState } from "./lib/connection";
import { startOfflineCache } from "./lib/offline-cache";
import { queryClient } from "./lib/query-client";
import { prefetchScreenData } from "./routes/screen-data";

/**
 * Sends the opened screen's calls (routes/screen-data.ts) as this module is evaluated. main.tsx
 * imports it right after zod's configuration and before React and the app, so the calls are on
 * their way while the browser still evaluates the rest of the bundle, not after it. It imports
 * only the data layer (TanStack Query's core, the endpoint files, the contract).
 */
syncOnlineState();
// The last loaded screens come back from IndexedDB while the calls are on their way (offline, the
// calls wait for the network and the saved screens show: docs/product.md#offline).
void startOfflineCache({
  queryClient,
  buildId: import.meta.env.VITE_BUILD_ID ?? "dev",
  storedUserId: () => readStoredUser()?.id,
});
prefetchScreenData(queryClient, window.location);

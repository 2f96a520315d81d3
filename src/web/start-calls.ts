import { currentUserQueryOptions } from "./api/auth/get-current-user";
import { currentLanguage } from "./i18n/current-language";
import { startI18n } from "./i18n/init";
import { probablySignedIn, readStoredUser } from "./lib/auth";
import { warmFormats } from "./lib/format";
import { queryClient } from "./lib/query-client";
import { syncOnlineState } from "./offline/connection";
import { prefetchScreenData, publicRouteOf } from "./routes/registry";

/**
 * Sends the opened screen's calls (routes/registry.tsx) as this module is evaluated. main.tsx
 * imports it before React and the app, so the calls are on their way while the browser still
 * evaluates the rest of the bundle (the app's screens and components), not after it. The user is
 * asked for at once, and when the visitor is most likely signed in (a stored user, or the
 * server's session mark: lib/auth.ts) the screen's own calls too. They are imported
 * statically: the landing page never runs the app (docs/decisions/006), and waiting for a chunk of
 * their own held them back until the whole bundle had been evaluated (~40 ms on this machine).
 */
/**
 * The visitor's language's texts (a chunk of their own, i18n/init.ts), asked for here too, before
 * React is evaluated; main.tsx renders once they are in.
 */
export const i18nReady = startI18n();

syncOnlineState();
// The last loaded screens come back from IndexedDB: online once the user's call below has answered
// (a 401 deletes them unseen), offline at once while the calls wait for the network
// (docs/product.md#offline). A chunk of its own (idb-keyval and the cache's code), asked for now
// but never part of the landing page's first download (docs/internals/web.md#what-the-landing-page-loads); it also starts saving,
// for a visitor who signs in on this page (the sign-in's answer is the user's answer then).
void import("./offline/offline-cache").then(({ startOfflineCache }) =>
  startOfflineCache({
    queryClient,
    buildId: import.meta.env.VITE_BUILD_ID ?? "dev",
    storedUserId: () => readStoredUser()?.id,
  }),
);

if (!publicRouteOf(window.location.pathname)) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
  if (probablySignedIn()) {
    prefetchScreenData(queryClient, window.location);
    // In a task of its own, after the calls have left and before their answers are rendered.
    setTimeout(() => warmFormats(currentLanguage()), 0);
  }
}

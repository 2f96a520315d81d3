import { currentUserQueryOptions } from "./api/auth/get-current-user";
import { startI18n } from "./i18n/init";
import { hasStoredUser } from "./lib/auth";
import { queryClient } from "./lib/query-client";
import { isPublicPath } from "./lib/routes";

/**
 * Sends the opened screen's calls (routes/screen-data.ts) as this module is evaluated. main.tsx
 * imports it before React and the app, so the calls are on their way while the browser still
 * evaluates the rest of the bundle, not after it. The user is asked for at once; the signed-in
 * screens' calls (their endpoint files, the month summary's domain code) come in a small chunk of
 * their own, asked for only with a stored user: the landing page never downloads them (issue 17's
 * landing budget, docs/architecture.md#what-the-landing-page-loads).
 */
/**
 * The visitor's language's texts (a chunk of their own, i18n/init.ts), asked for here too, before
 * React is evaluated; main.tsx renders once they are in.
 */
export const i18nReady = startI18n();

if (!isPublicPath(window.location.pathname)) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
  if (hasStoredUser()) {
    void import("./routes/screen-data").then(({ prefetchScreenData }) =>
      prefetchScreenData(queryClient, window.location),
    );
  }
}

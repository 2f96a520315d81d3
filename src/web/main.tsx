// Before React and the app are evaluated: the opened screen's calls and the language's texts are
// asked for now. (zod's jitless configuration travels in zod's own chunk, ahead of zod:
// vite.config.ts; the landing page loads neither.)
import "./start-calls";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, useLayoutEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { currentUserQueryOptions } from "./api/auth/get-current-user";
import { App, preloadScreen } from "./app";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { hasStoredUser } from "./lib/auth";
import { queryClient } from "./lib/query-client";
import { followTheme } from "./lib/theme";
import { i18nReady } from "./start-calls";

followTheme();

// The service worker's registration and update prompt (workbox-window) are a chunk of their own,
// asked for once the app renders: the landing page's first download stays within issue 17's
// budget (docs/architecture.md#what-the-landing-page-loads).
const UpdatePrompt = lazy(() =>
  import("./features/pwa/update-prompt").then((m) => ({ default: m.UpdatePrompt })),
);

// A signed-in visitor's screen chunk is asked for at once too, rather than when the app first
// renders it (a visitor without a stored user most likely gets the landing page: nothing to load).
const screenReady = preloadScreen(window.location.pathname, hasStoredUser());

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The server sent the landing page in #root (a visitor without a session at `/`,
// server/http/web-app.ts's landingPages): it stays on screen until the app renders, which waits
// for the user's answer however long it takes, so the loading screen never replaces it.
const prerendered = container.dataset.prerendered;

// The app mounts once the screen's chunk is there (it is small, and usually cached), so its first
// render shows the screen, or its skeleton while the calls are answered, without a spinner first.
// On a slow network it mounts after SCREEN_WAIT_MS anyway, with the spinner until the chunk comes.
const SCREEN_WAIT_MS = 300;
void Promise.all([
  i18nReady,
  prerendered
    ? Promise.all([screenReady, queryClient.prefetchQuery(currentUserQueryOptions())])
    : Promise.race([screenReady, new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))]),
]).then(([i18n]) => {
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <LazyToaster />
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
        {prerendered && <ServerPageTakenOver />}
      </QueryClientProvider>
    </StrictMode>
  );
  // The server's page in the page's language is the app's first render for a signed-out visitor,
  // markup for markup (features/landing/prerender.test.tsx): the app takes over its elements, and
  // nothing is drawn again (no new largest paint). In another language, or if the visitor turns
  // out signed in, the app draws its own in place of the server's elements: Preact's hydration
  // keeps elements it does not expect, and its render reuses what is in the container, so both
  // would leave the landing page's heading beside the screen's. Preact's render and hydration are
  // one short task (docs/decisions/005-preact-runtime.md): nothing to slice in a transition, and
  // the emptied container is never painted.
  const signedOut = queryClient.getQueryData(currentUserQueryOptions().queryKey) === null;
  if (prerendered && prerendered === i18n.resolvedLanguage && signedOut) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});

/**
 * Drops #root's data-prerendered once the app's first render is committed, before it is painted:
 * styles.css stops hiding a page in another language, and e2e tests know the buttons work.
 */
function ServerPageTakenOver() {
  useLayoutEffect(() => {
    delete container?.dataset.prerendered;
  }, []);
  return null;
}

// Before React and the app are evaluated: the opened screen's calls and the language's texts are
// asked for now. (zod's jitless configuration travels in zod's own chunk, ahead of zod:
// vite.config.ts; the landing page loads neither.)
import "./start-calls";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadScreen } from "./app";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { usePainted } from "./lib/after-paint";
import { probablySignedIn } from "./lib/auth";
import { queryClient } from "./lib/query-client";
import { followTheme } from "./lib/theme";
import { i18nReady } from "./start-calls";

followTheme();

// The service worker's registration and update prompt (workbox-window) are a chunk of their own,
// asked for once the app's first screen is painted (docs/internals/web.md#what-the-landing-page-loads).
const UpdatePrompt = lazy(() =>
  import("./offline/update-prompt").then((m) => ({ default: m.UpdatePrompt })),
);

// A signed-in visitor's screen chunk is asked for at once too, rather than when the app first
// renders it (a visitor with neither a stored user nor the server's session mark most likely gets
// the landing page: nothing to load).
const screenReady = preloadScreen(window.location.pathname, probablySignedIn());

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The app mounts once the screen's chunk is there (it is small, and usually cached), so its first
// render shows the screen, or its skeleton while the calls are answered, without a spinner first.
// On a slow network it mounts after SCREEN_WAIT_MS anyway, with the spinner until the chunk comes.
// (The server's static landing page never starts the app: boot.ts.)
const SCREEN_WAIT_MS = 300;
void Promise.all([
  i18nReady,
  Promise.race([screenReady, new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))]),
]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <LazyToaster />
        <UpdatePromptAfterPaint />
      </QueryClientProvider>
    </StrictMode>,
  );
});

function UpdatePromptAfterPaint() {
  const painted = usePainted();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

/// <reference types="vite-plugin-pwa/vanillajs" />
// The page's entry (index.html). The stylesheet is linked from index.html through it; the app
// (main.tsx: React, the first calls, the first render) is a chunk of its own. Without the server's
// landing page, the server names the app's files in index.html's Link header
// (server/http/web-app.ts), so they download alongside this one.
import "./styles.css";
import { runStaticLanding } from "./features/landing/static-landing";

const root = document.getElementById("root");

// The server's landing page (a visitor without a session at `/`) is static HTML rendered by
// react-dom/server at build time, and the app is not started under it: its links lead to the
// app's pages, and the few lines it runs are static-landing.ts's
// (docs/decisions/006-react-with-a-static-landing-page.md). Any other page is the app.
if (root?.dataset.prerendered !== undefined) {
  runStaticLanding(root);
  // Installable from its first page (the manifest is in index.html): the app's service worker,
  // registered once the page has loaded so it never competes with the first paint. The app's
  // update prompt (features/pwa/update-prompt.tsx) takes it over on the next page.
  window.addEventListener("load", () => {
    void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
  });
} else {
  void import("./main");
}

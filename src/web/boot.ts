/// <reference types="vite-plugin-pwa/vanillajs" />
// The page's entry (index.html). The stylesheet is linked from index.html through it; the app
// (main.tsx: React, the first calls, the first render) is a chunk of its own. Without the server's
// landing page, the server names the app's files in index.html's Link header
// (server/http/web-app.ts), so they download alongside this one.
import "./styles.css";
import { runStaticLanding } from "./features/landing/static-landing";

const root = document.getElementById("root");
const SERVICE_WORKER_DELAY_MS = 3_000;

// The server's landing page (a visitor without a session at `/`) is static HTML rendered by
// react-dom/server at build time, and the app is not started under it: its links lead to the
// app's pages, and the few lines it runs are static-landing.ts's
// (docs/decisions/006-react-with-a-static-landing-page.md). Any other page is the app.
if (root?.dataset.prerendered !== undefined) {
  runStaticLanding(root);
  // Installable from its first page (the manifest is in index.html): the app's service worker,
  // registered a few seconds after the page has loaded. Installing it downloads the whole app for
  // offline use (about 1.1 MB): started at `load`, it competed with the page's own paint on a
  // phone's connection (Lighthouse's LCP 1.9 s against 1.4 s without it,
  // docs/benchmarks.md#react-19-and-the-static-landing-page-2026-11-25). The app's update prompt
  // (offline/update-prompt.tsx) takes it over on the next page.
  window.addEventListener("load", () => {
    setTimeout(() => {
      void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
    }, SERVICE_WORKER_DELAY_MS);
  });
} else {
  void import("./main");
}

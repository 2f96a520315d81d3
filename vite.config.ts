import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/**
 * Names this build: the persisted screens' cache (src/web/lib/offline-cache.ts) is dropped when it
 * changes, so a new version never reads data saved in an older version's shapes.
 */
const buildId = `${process.env.npm_package_version ?? "0"}-${Date.now().toString(36)}`;

const themeColour = "#047857";

// The web app lives in src/web and is built into dist/web, which the server serves.
// In development (`npm run dev`) Vite serves it with hot reload and proxies /api to the server.
export default defineConfig({
  root: "src/web",
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId) },
  plugins: [
    react(),
    tailwindcss(),
    // Installable app and offline shell (issue 17, docs/architecture.md#the-service-worker): Workbox
    // generates sw.js from the build's file list.
    VitePWA({
      // A new version waits for the person's 'Atualizar' (src/web/features/pwa/update-prompt.tsx):
      // never a reload by itself, in the middle of a form.
      registerType: "prompt",
      // Registered from the bundle (virtual:pwa-register/react), not by an injected inline script,
      // which the CSP (script-src 'self') would refuse anyway.
      injectRegister: false,
      includeAssets: ["favicon.svg", "apple-touch-icon.png"],
      manifest: {
        id: "/",
        name: "Family Budget",
        short_name: "Budget",
        description:
          "Plan your family's budget week by week: categories with weekly and monthly goals, shared expenses and visual reports.",
        lang: "en",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: themeColour,
        background_color: "#ffffff",
        icons: [
          { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          {
            src: "/maskable-512x512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
      workbox: {
        // The app shell and every hashed asset (every screen's chunk, so any screen opens offline),
        // the icons and the favicon.
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
        navigateFallback: "/index.html",
        // /api navigations (the logout link, invite links, the CSV export) always reach the server.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // No runtimeCaching at all: no /api answer is ever kept by the service worker, where the
        // next person on the device could read it (offline data is the query cache, per user).
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // zod and src/web/lib/zod-config.ts in one chunk, the config first: a chunk of schemas
        // may be evaluated before main.tsx's own code, but never before the zod chunk it needs.
        manualChunks: (id) =>
          id.includes("/node_modules/zod/") || id.endsWith("/src/web/lib/zod-config.ts")
            ? "zod"
            : undefined,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
  },
});

import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// What the landing page needs and the lazy screens share: the libraries, lucide's icon builder and
// the landing's own shared modules (the bundler would make a small chunk of each). One chunk
// instead of a dozen: gzip packs it smaller, and the phone makes fewer requests before the first
// paint (issue 17's landing budget, docs/architecture.md#what-the-landing-page-loads).
const shellModules = [
  /\/node_modules\/(?:react|react-dom|scheduler|i18next|react-i18next|@tanstack\/query-core|@tanstack\/react-query|wouter|regexparam|use-sync-external-store|clsx|class-variance-authority|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\//,
  /\/node_modules\/lucide-react\/dist\/esm\/(?!icons\/)/,
  /\/node_modules\/lucide-react\/dist\/esm\/icons\/piggy-bank\.mjs$/,
  /\/src\/web\/(?:lib\/utils|i18n\/detect|i18n\/current-language)\.ts$/,
  /(?:vite\/preload-helper|rolldown\/runtime)/,
];

const zodWithConfig = fileURLToPath(new URL("src/web/lib/zod.ts", import.meta.url));

/**
 * Every web module's `import ... from "zod"` gets src/web/lib/zod.ts, which applies zod-config.ts
 * (jitless, for the CSP) before re-exporting zod; so the landing page, which imports no schema,
 * does not load zod (issue 17), and a chunk that builds schemas always has the configuration.
 */
function zodConfigFirst(): Plugin {
  return {
    name: "zod-config-first",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "zod" || !importer || importer === zodWithConfig) return null;
      if (importer.includes("/node_modules/")) return null;
      return zodWithConfig;
    },
  };
}

// The web app lives in src/web and is built into dist/web, which the server serves.
// In development (`npm run dev`) Vite serves it with hot reload and proxies /api to the server.
export default defineConfig({
  root: "src/web",
  plugins: [zodConfigFirst(), react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // What each chunk imports: scripts/bundle-budget.mjs reads it to measure the landing page.
    manifest: true,
    // Every browser the app supports has modulepreload: the polyfill would only weigh on the
    // landing page's budget (issue 17, docs/architecture.md#what-the-landing-page-loads).
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // zod and src/web/lib/zod-config.ts in one chunk, the config first: a chunk of schemas
        // may be evaluated before main.tsx's own code, but never before the zod chunk it needs.
        manualChunks: (id) => {
          if (
            id.includes("/node_modules/zod/") ||
            /\/src\/web\/lib\/zod(?:-config)?\.ts$/.test(id)
          ) {
            return "zod";
          }
          return shellModules.some((pattern) => pattern.test(id)) ? "shell" : undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
  },
});

import type { KnipConfig } from "knip";

/**
 * `npm run lint:unused` runs knip twice and fails on what either finds: unused files, exports,
 * types and dependencies.
 * - The default run reads everything, tests and test helpers included.
 * - The production run (`--production`, https://knip.dev/features/production-mode) starts only
 *   from the patterns marked `!`, what the product runs, and leaves test files out (the Vitest
 *   plugin names them) and the test helpers in src/server/testing and src/web/testing, so an
 *   export that only a test uses is reported there.
 * The Vite, Vitest, Playwright and Drizzle configs are found by knip's plugins, and so are entry
 * points in the package.json scripts.
 */
const config: KnipConfig = {
  entry: [
    "src/server/main.ts!",
    // `npm run backup` / `restore`: the default run finds it in the scripts (and hints that it is
    // redundant there); the production run reads only the start script, so it is named here.
    "src/server/cli.ts!",
    "scripts/*.mjs",
    "bench/*.mjs",
    "e2e/**/*.ts",
    "src/**/*.test.{ts,tsx}",
    "scripts/**/*.test.ts",
    // What `import ... from "zod"` resolves to in the web build (vite.config.ts's zodConfigFirst).
    "src/web/lib/zod.ts!",
    // Rendered at build time by scripts/prerender-landing.mjs (bundled with esbuild).
    "src/web/features/landing/prerender.tsx!",
    // Started by name in a worker thread (src/server/features/imports/preview-pool.ts).
    "src/server/features/imports/preview-worker.ts!",
    // Budget rollover's rule (docs/product.md#budget-rollover) lands before its callers: only its
    // tests and its SQL twin's test use it until the month summary and the category form do.
    // Remove this entry with the first product import of it, and knip checks it again.
    "src/domain/rollover.ts!",
  ],
  project: [
    "src/**/*.{ts,tsx}!",
    "!src/*/testing/**!",
    "scripts/**/*.{mjs,ts}",
    "bench/**/*.mjs",
    "e2e/**/*.ts",
  ],
  // An endpoint file exports its fetcher next to the hook that uses it (for prefetching and
  // tests); an export used in its own file is not dead code.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Imported from src/web/styles.css (`@import "tailwindcss"`); knip does not read CSS.
    "tailwindcss",
    // The types of smtp-server, which the mail tests import; tsc needs them, knip cannot tell.
    "@types/smtp-server",
    // Run as its command line by bench/lighthouse.mjs (node_modules/.bin/lighthouse).
    "lighthouse",
  ],
  // The embedded PostgreSQL creates its system user with the OS's own useradd when run as root.
  ignoreBinaries: ["useradd"],
};

export default config;

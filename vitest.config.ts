import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure code, web and server, no database) and `api` (the server built with
// buildApp() on a fresh migrated database per file, on the embedded PostgreSQL or on TEST_DATABASE_URL's).
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker (cores - 1), which leaves a core idle
    // while the crash test restarts its server.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          exclude: ["src/**/*.api.test.ts", "node_modules/**"],
          environment: "node",
          setupFiles: ["src/web/testing/load-catalogues.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["src/**/*.api.test.ts"],
          // *.postgres.api.test.ts are about an external PostgreSQL server (several app processes
          // on one): they run in the TEST_DATABASE_URL pass. *.embedded.api.test.ts are about the
          // embedded server alone (backups, the PGlite import): that pass skips them.
          exclude: process.env.TEST_DATABASE_URL
            ? ["src/**/*.embedded.api.test.ts"]
            : ["src/**/*.postgres.api.test.ts"],
          environment: "node",
          globalSetup: ["src/server/testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

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
          // A worker's test files share its loaded modules instead of each loading them again:
          // on this 2-core machine that loading was half of the project's time (35 s against 15 s).
          isolate: false,
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
          // Each file builds its own app on its own database, so the files of a worker can share
          // the server's loaded modules: 168 s against 129 s for the embedded pass. No file mocks a
          // module the app imports (docs/architecture.md#what-a-test-costs).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive the system Chromium; Playwright must never download a browser here.
// Debian's headless shell of it (package chromium-headless-shell, the build Playwright itself
// runs headless tests in): the same engine without the full browser's window, compositor and GPU
// processes, which on this 2-core machine took CPU from the app under test (four desktop specs:
// 94 s in /usr/bin/chromium, 66 s in the shell). `npm run bench` times screens in the full one.
const chromiumPath = "/usr/bin/chromium-headless-shell";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium's headless shell not found at ${chromiumPath}: install it with \`apt-get install -y chromium-headless-shell\``,
  );
}

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  // Per port, so two runs side by side never delete each other's traces.
  outputDir: `.tmp/test-results-${port}`,
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  // On this 2-core machine two Chromiums and the server share the CPU: the longest flows (sign up,
  // edit the profile, log out, with axe checks) take 25-30 s when both workers are busy, so 30 s
  // made them fail by chance. Generous limits keep a slow moment from failing a correct run.
  // A screen's first data can take over 10 s on a slow day: on 2026-11-24 the same specs ran about
  // 3 times slower than the day before at the same commit (account-actions: 11-27 s per test), and
  // the trend's first answer missed 10 s once. A longer wait still fails when the text never comes.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    browserName: "chromium",
    // A failed test keeps its trace: each action with the page's DOM snapshot, the network and
    // the console. Not its screencast: recording those frames for every test, failed or not,
    // was a third of the suite's CPU (22 desktop tests: 231 CPU-s with, 154 without).
    trace: { mode: "retain-on-failure", screenshots: false },
    // The service worker would answer requests before page.route() sees them: specs that are
    // about it opt in with test.use({ serviceWorkers: "allow" }) (e2e/pwa.spec.ts).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 } },
      // Rules that only hold at phone widths (the 44 px touch targets) run on the phone alone.
      grepInvert: /@phone-only/,
    },
    {
      name: "phone",
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      // At 375 px run the flows whose phone version differs: layout (the frame, the expense
      // cards, the narrow trend chart, the landing page), touch, dark mode, the offline queue and
      // cache, and the flows whose phone run is their run in a second language. The rest are
      // tagged @desktop-only (e2e/support.ts), and e2e/phone-pages.spec.ts visits every page they
      // visit at 375 px with axe. What the browser's language and time zone pick, and the headers
      // and CSP the server sends, do not depend on the width: those run once, on desktop.
      testIgnore: ["language-detection.spec.ts", "security.spec.ts"],
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A first run builds the app before the server starts.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets the script stop the server cleanly and delete its temporary database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});

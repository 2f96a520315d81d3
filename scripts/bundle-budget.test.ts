import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBuild } from "./build.mjs";
import {
  budgetFailures,
  checkBundleBudget,
  DASHBOARD_COLD_BUDGET_KB,
  LANDING_JS_BUDGET_KB,
  measureBundle,
  WHOLE_APP_BUDGET_KB,
} from "./bundle-budget.mjs";

const KB = 1024;

describe("the bundle budget's arithmetic", () => {
  let webDir: string;
  // Random bytes do not compress: a file's gzip size is about its size.
  const write = (file: string, kb: number) =>
    writeFileSync(join(webDir, file), randomBytes(Math.round(kb * KB)));

  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), "budget-fixture-"));
    mkdirSync(join(webDir, "assets"));
    mkdirSync(join(webDir, ".vite"));
    const sizes: Record<string, number> = {
      index: 2,
      "preload-helper": 1,
      landing: 1,
      "pwa-register": 1,
      "workbox-window": 2,
      main: 57,
      framework: 40,
      layout: 10,
      dashboard: 20,
      "tailwind-merge": 8,
      "offline-cache": 1,
      reports: 100,
      "frame-en": 1,
      "frame-pt": 3,
      "frame-es": 2,
      "app-en": 5,
      "app-pt": 9,
      "app-es": 7,
      "dashboard-texts-en": 1,
      "dashboard-texts-pt": 2,
      "dashboard-texts-es": 1.5,
      "reports-texts-en": 1,
      "reports-texts-pt": 1,
      "reports-texts-es": 1,
    };
    for (const [name, kb] of Object.entries(sizes)) write(`assets/${name}.js`, kb);
    writeFileSync(join(webDir, "assets/index.css"), "body{color:red}");
    const chunk = (name: string, more: Record<string, unknown> = {}) => ({
      file: `assets/${name}.js`,
      ...more,
    });
    const manifest = {
      "index.html": chunk("index", {
        isEntry: true,
        imports: ["_preload-helper.js", "_landing.js"],
        dynamicImports: ["main.tsx", "../../@vite-plugin-pwa/virtual:pwa-register"],
        css: ["assets/index.css"],
      }),
      "_preload-helper.js": chunk("preload-helper"),
      "_landing.js": chunk("landing"),
      // The service worker's registration, which the landing page asks for once loaded.
      "../../@vite-plugin-pwa/virtual:pwa-register": chunk("pwa-register", {
        isDynamicEntry: true,
        dynamicImports: ["../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs"],
      }),
      "../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs": chunk(
        "workbox-window",
        { isDynamicEntry: true },
      ),
      // The app's start, which the entry imports (src/web/boot.ts) on any page but the landing.
      "main.tsx": chunk("main", {
        isDynamicEntry: true,
        imports: ["_framework.js", "_preload-helper.js"],
        dynamicImports: ["features/reports.tsx", "routes/dashboard-route.tsx"],
      }),
      "_framework.js": chunk("framework"),
      "routes/authenticated-layout.tsx": chunk("layout", {
        isDynamicEntry: true,
        imports: ["_framework.js"],
      }),
      "routes/dashboard-route.tsx": chunk("dashboard", {
        isDynamicEntry: true,
        imports: ["_framework.js"],
        // Its feature's texts, one chunk per language (features/<area>/texts.ts).
        dynamicImports: ["en", "pt", "es"].map((l) => `features/dashboard/locales/${l}.json`),
      }),
      "../../node_modules/tailwind-merge/dist/bundle-mjs.mjs": chunk("tailwind-merge", {
        isDynamicEntry: true,
      }),
      "_offline-cache.js": chunk("offline-cache"),
      "features/reports.tsx": chunk("reports", {
        isDynamicEntry: true,
        dynamicImports: ["en", "pt", "es"].map((l) => `features/reports/locales/${l}.json`),
      }),
      ...Object.fromEntries(
        ["dashboard", "reports"].flatMap((feature) =>
          ["en", "pt", "es"].map((l) => [
            `features/${feature}/locales/${l}.json`,
            chunk(`${feature}-texts-${l}`, { isDynamicEntry: true }),
          ]),
        ),
      ),
      "i18n/locales/en.json": chunk("frame-en", { isDynamicEntry: true }),
      "i18n/locales/pt.json": chunk("frame-pt", { isDynamicEntry: true }),
      "i18n/locales/es.json": chunk("frame-es", { isDynamicEntry: true }),
      "i18n/catalogues/en.ts": chunk("app-en", { isDynamicEntry: true }),
      "i18n/catalogues/pt.ts": chunk("app-pt", { isDynamicEntry: true }),
      "i18n/catalogues/es.ts": chunk("app-es", { isDynamicEntry: true }),
    };
    writeFileSync(join(webDir, ".vite/manifest.json"), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  it("counts for the landing page its entry and the service worker's registration, never the app", () => {
    const sizes = measureBundle(webDir);
    expect(sizes.landing.files.sort()).toEqual([
      "assets/index.js",
      "assets/landing.js",
      "assets/preload-helper.js",
      "assets/pwa-register.js",
      "assets/workbox-window.js",
    ]);
    expect(sizes.landing.js / KB).toBeGreaterThan(7);
    expect(sizes.landing.js / KB).toBeLessThan(7.2);
    expect(sizes.landing.css).toBeGreaterThan(0);
  });

  it("counts for a cold dashboard the app's start, the frame, the screen and the largest language's texts (the dashboard's own included), not other screens", () => {
    const sizes = measureBundle(webDir);
    expect(sizes.dashboard.language).toBe("pt");
    expect(sizes.dashboard.files.sort()).toEqual([
      "assets/app-pt.js",
      "assets/dashboard-texts-pt.js",
      "assets/dashboard.js",
      "assets/frame-pt.js",
      "assets/framework.js",
      "assets/index.js",
      "assets/landing.js",
      "assets/layout.js",
      "assets/main.js",
      "assets/offline-cache.js",
      "assets/preload-helper.js",
      "assets/tailwind-merge.js",
    ]);
    expect(sizes.dashboard.js / KB).toBeGreaterThan(154);
    expect(sizes.dashboard.js / KB).toBeLessThan(154.35);
    // The whole app in one language: the other two languages' texts (their features' too) are not
    // counted.
    expect(sizes.wholeApp.language).toBe("pt");
    expect(sizes.wholeApp.js / KB).toBeGreaterThan(258);
    expect(sizes.wholeApp.js / KB).toBeLessThan(258.45);
    expect(budgetFailures(sizes)).toEqual([]);
  });

  it("fails over the landing budget, naming the files", () => {
    write("assets/workbox-window.js", 12);
    try {
      const failures = budgetFailures(measureBundle(webDir));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/landing page loads 1\d\.\d KB .* over its 10 KB budget/);
      expect(failures[0]).toContain("assets/workbox-window.js");
      expect(() => checkBundleBudget(webDir)).toThrow(/Bundle budget exceeded/);
    } finally {
      write("assets/workbox-window.js", 2);
    }
  });

  it("fails over the cold dashboard's budget, naming the files", () => {
    write("assets/framework.js", 60);
    try {
      const failures = budgetFailures(measureBundle(webDir));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(
        /cold visit to the dashboard downloads 17\d\.\d KB .* in pt\) before its numbers paint, over its 170 KB budget/,
      );
      expect(failures[0]).toContain("assets/framework.js");
    } finally {
      write("assets/framework.js", 40);
    }
  });

  it("refuses a build whose app's start is not a chunk of its own", () => {
    const manifestFile = join(webDir, ".vite/manifest.json");
    const manifest = readFileSync(manifestFile, "utf8");
    try {
      writeFileSync(manifestFile, manifest.replaceAll('"main.tsx"', '"start.tsx"'));
      expect(() => measureBundle(webDir)).toThrow(/main.tsx is not a chunk of its own/);
    } finally {
      writeFileSync(manifestFile, manifest);
    }
  });

  it("fails when the whole app grows over its ceiling", () => {
    write("assets/reports.js", 400);
    try {
      expect(budgetFailures(measureBundle(webDir))).toEqual([
        expect.stringMatching(
          new RegExp(`whole app is 5\\d\\d\\.\\d KB .* over its ${WHOLE_APP_BUDGET_KB} KB ceiling`),
        ),
      ]);
    } finally {
      write("assets/reports.js", 100);
    }
  });
});

// The real build: the budgets hold; the landing page runs no React
// (docs/decisions/006-react-with-a-static-landing-page.md), and a cold dashboard waits for no
// form, dialog, menu or chart library. It is the build the e2e server then serves
// (scripts/build.mjs's testBuild): `npm test` builds the app once for both.
describe("the built landing page", () => {
  let webDir: string;
  beforeAll(async () => {
    webDir = join(await testBuild(), "web");
  }, 180_000);

  const codeOf = (files: string[]) =>
    files.map((file) => readFileSync(join(webDir, file), "utf8")).join("\n");
  // Strings each library keeps through minification (checked against their own chunks below).
  const heavyMarkers = {
    zod: "invalid_type",
    charts: "visx-tooltip",
    radixDialog: "DialogContent",
    reactHookForm: "shouldUnregister",
    // The account menu's own (components/ui/dropdown-menu.tsx), since Radix's went.
    menu: "menu.itemSelect",
  };
  const markers = { react: "react.dev/errors", ...heavyMarkers };

  it(`loads at most ${LANDING_JS_BUDGET_KB} KB of JavaScript on the landing page, and no React, no library and no texts`, () => {
    const sizes = checkBundleBudget(webDir);
    expect(sizes.landing.js).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB * KB);
    const landingCode = codeOf(sizes.landing.files);
    for (const [library, marker] of Object.entries({ react: markers.react, ...heavyMarkers })) {
      expect(landingCode.includes(marker), library).toBe(false);
    }
    // The texts are in the server's HTML: no catalogue is downloaded.
    for (const text of ["Loading...", "Carregando...", "Cargando..."]) {
      expect(landingCode.includes(text), text).toBe(false);
    }
  });

  it(`downloads at most ${DASHBOARD_COLD_BUDGET_KB} KB before a cold dashboard's numbers paint: React, no form, no dialog, no menu, no chart, one language`, () => {
    const sizes = checkBundleBudget(webDir);
    expect(sizes.dashboard.js + sizes.dashboard.css).toBeLessThanOrEqual(
      DASHBOARD_COLD_BUDGET_KB * KB,
    );
    const dashboardCode = codeOf(sizes.dashboard.files);
    expect(dashboardCode.includes(markers.react), "react").toBe(true);
    for (const [library, marker] of Object.entries(heavyMarkers)) {
      expect(dashboardCode.includes(marker), library).toBe(false);
    }
    const languagesInDashboard = ["Loading...", "Carregando...", "Cargando..."].filter((text) =>
      dashboardCode.includes(text),
    );
    expect(languagesInDashboard).toHaveLength(1);
  });

  it("finds every marker in the app's other chunks (so the checks above can fail)", () => {
    const everything = readdirSync(join(webDir, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(join(webDir, "assets", file), "utf8"))
      .join("\n");
    for (const marker of Object.values(markers)) expect(everything).toContain(marker);
  });
});

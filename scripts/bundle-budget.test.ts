import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  budgetFailures,
  checkBundleBudget,
  LANDING_JS_BUDGET_KB,
  measureBundle,
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
    write("assets/index.js", 2);
    write("assets/preload-helper.js", 1);
    write("assets/main.js", 57);
    write("assets/framework.js", 40);
    write("assets/reports.js", 100);
    write("assets/en.js", 1);
    write("assets/pt.js", 3);
    write("assets/es.js", 2);
    writeFileSync(join(webDir, "assets/index.css"), "body{color:red}");
    const manifest = {
      "index.html": {
        file: "assets/index.js",
        isEntry: true,
        imports: ["_preload-helper.js"],
        dynamicImports: ["main.tsx"],
        css: ["assets/index.css"],
      },
      "_preload-helper.js": { file: "assets/preload-helper.js" },
      // The app's start, which the entry imports (src/web/boot.ts).
      "main.tsx": {
        file: "assets/main.js",
        isDynamicEntry: true,
        imports: ["_framework.js", "_preload-helper.js"],
        dynamicImports: ["features/reports.tsx", "i18n/locales/en.json"],
      },
      "_framework.js": { file: "assets/framework.js" },
      "features/reports.tsx": { file: "assets/reports.js", isDynamicEntry: true },
      "i18n/locales/en.json": { file: "assets/en.js", isDynamicEntry: true },
      "i18n/locales/pt.json": { file: "assets/pt.js", isDynamicEntry: true },
      "i18n/locales/es.json": { file: "assets/es.js", isDynamicEntry: true },
    };
    writeFileSync(join(webDir, ".vite/manifest.json"), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  it("counts the entry, the app's start, their static imports and the largest language's texts, not lazy screens; the whole app in that language", () => {
    const sizes = measureBundle(webDir);
    expect(sizes.landing.files.sort()).toEqual([
      "assets/framework.js",
      "assets/index.js",
      "assets/main.js",
      "assets/preload-helper.js",
      "assets/pt.js",
    ]);
    expect(sizes.landing.js / KB).toBeGreaterThan(103);
    expect(sizes.landing.js / KB).toBeLessThan(104);
    expect(sizes.landing.css).toBeGreaterThan(0);
    // The whole app in one language: the other two languages' texts are not counted.
    expect(sizes.wholeApp.language).toBe("pt");
    expect(sizes.wholeApp.js / KB).toBeGreaterThan(203);
    expect(sizes.wholeApp.js / KB).toBeLessThan(204);
    expect(budgetFailures(sizes)).toEqual([]);
  });

  it("fails over the landing budget, naming the files", () => {
    write("assets/framework.js", 58);
    const failures = budgetFailures(measureBundle(webDir));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/landing page loads 12\d\.\d KB .* over its 120 KB budget/);
    expect(failures[0]).toContain("assets/framework.js");
    expect(() => checkBundleBudget(webDir)).toThrow(/Bundle budget exceeded/);
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
    write("assets/framework.js", 40);
    write("assets/reports.js", 400);
    expect(budgetFailures(measureBundle(webDir))).toEqual([
      expect.stringMatching(/whole app is 5\d\d\.\d KB .* over its \d+ KB ceiling/),
    ]);
  });
});

// The real build (about 5 s): the budget holds, and what the landing page loads is what issue 17
// allows: no zod, no Radix dialog, no chart library, no form library, one language.
describe("the built landing page", () => {
  let webDir: string;
  beforeAll(async () => {
    const outDir = mkdtempSync(join(tmpdir(), "budget-build-"));
    webDir = join(outDir, "web");
    // Vitest runs under NODE_ENV=test, which would build React's development code.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({
        configFile: join(import.meta.dirname, "..", "vite.config.ts"),
        mode: "production",
        logLevel: "silent",
        build: { outDir: webDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }, 120_000);
  afterAll(() => rmSync(join(webDir, ".."), { recursive: true, force: true }));

  it(`loads at most ${LANDING_JS_BUDGET_KB} KB of JavaScript, and none of the heavy libraries`, () => {
    const sizes = checkBundleBudget(webDir);
    expect(sizes.landing.js).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB * KB);
    const landingCode = sizes.landing.files
      .map((file) => readFileSync(join(webDir, file), "utf8"))
      .join("\n");
    // Strings each library keeps through minification (checked against their own chunks below).
    const markers = {
      zod: "invalid_type",
      charts: "visx-tooltip",
      radixDialog: "DialogContent",
      reactHookForm: "shouldUnregister",
    };
    for (const [library, marker] of Object.entries(markers)) {
      expect(landingCode.includes(marker), library).toBe(false);
    }
    // One language's texts: the largest catalogue was counted, and no other is in the entry.
    const languagesInLanding = ["Loading...", "Carregando...", "Cargando..."].filter((text) =>
      landingCode.includes(text),
    );
    expect(languagesInLanding).toHaveLength(1);
  });

  it("finds every marker in the app's other chunks (so the check above can fail)", () => {
    const everything = readdirSync(join(webDir, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(join(webDir, "assets", file), "utf8"))
      .join("\n");
    for (const marker of ["invalid_type", "visx-tooltip", "DialogContent", "shouldUnregister"]) {
      expect(everything).toContain(marker);
    }
  });
});

// Issue 17's bundle budget, checked on every build (scripts/build.mjs, which the e2e server runs in
// `npm test`): the gzip size of the JavaScript the landing page loads before the app's first render,
// and of the whole app. What the landing page loads (docs/architecture.md#what-the-landing-page-loads):
// index.html's module (boot.ts) and everything it imports statically (Vite writes those as
// modulepreload links), the app's start it imports (main.tsx) with everything that imports
// statically, plus the visitor's language's frame texts (i18n/locales/<lang>.json, which main.tsx
// awaits before the first render; the largest of the three counts). The signed-out landing page
// preloads nothing else (app.tsx's preloadScreen). Sizes are gzip at level 9, what the server
// sends (scripts/precompress.mjs); 1 KB = 1024 bytes.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const LANDING_JS_BUDGET_KB = 120;
/**
 * The issue's 300 KB for the whole app: every JS and CSS file one person can download, in their
 * one language (the other languages' texts are chunks nobody else loads). The charts moved from
 * Recharts to visx (docs/decisions/004-charts-with-visx.md) and React's runtime to Preact's
 * (docs/decisions/005-preact-runtime.md): about 270 KB (docs/benchmarks.md#issue-17-the-phone).
 */
export const WHOLE_APP_BUDGET_KB = 300;
export const languages = ["en", "pt", "es"];

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every chunk key `key` pulls in statically (itself included), from Vite's manifest. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle budget: ${key} is not in Vite's manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The built app's sizes in bytes (gzip): { landing: { js, css, files }, wholeApp: { js, css } }. */
export function measureBundle(webDir) {
  const manifest = JSON.parse(readFileSync(join(webDir, ".vite", "manifest.json"), "utf8"));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("bundle budget: Vite's manifest has no entry");
  const entryKeys = staticClosure(manifest, entry);
  if (!manifest["main.tsx"]?.isDynamicEntry) {
    throw new Error("bundle budget: main.tsx is not a chunk of its own (boot.ts imports it)");
  }
  staticClosure(manifest, "main.tsx", entryKeys);
  // The frame texts of each language, beyond what the entry already holds.
  const catalogues = languages.map((language) => {
    const key = `i18n/locales/${language}.json`;
    if (!manifest[key]?.isDynamicEntry) {
      throw new Error(`bundle budget: ${key} is not a chunk of its own (i18n/init.ts loads it)`);
    }
    return [...staticClosure(manifest, key)].filter((k) => !entryKeys.has(k));
  });
  const sizeOf = (keys) =>
    keys.reduce((sum, key) => sum + gzipBytes(join(webDir, manifest[key].file)), 0);
  const largestCatalogue = catalogues.reduce((a, b) => (sizeOf(b) > sizeOf(a) ? b : a));
  const landingKeys = [...entryKeys, ...largestCatalogue];
  const css = new Set(landingKeys.flatMap((key) => manifest[key].css ?? []));

  // The whole app in one language: every asset but the other languages' own texts (their frame
  // and app catalogues), for the language whose files weigh most.
  const textsOf = (language) =>
    new Set(
      [`i18n/locales/${language}.json`, `i18n/catalogues/${language}.ts`]
        .filter((key) => manifest[key])
        .flatMap((key) => [...staticClosure(manifest, key)])
        .map((key) => join(webDir, manifest[key].file)),
    );
  const assets = readdirSync(join(webDir, "assets")).map((file) => join(webDir, "assets", file));
  const wholeAppIn = (language) => {
    const othersTexts = languages
      .filter((other) => other !== language)
      .flatMap((other) => [...textsOf(other)])
      .filter((file) => !textsOf(language).has(file));
    const mine = assets.filter((file) => !othersTexts.includes(file));
    const total = (pattern) =>
      mine.filter((file) => pattern.test(file)).reduce((sum, file) => sum + gzipBytes(file), 0);
    return { language, js: total(/\.js$/), css: total(/\.css$/) };
  };
  const wholeApp = languages
    .map(wholeAppIn)
    .reduce((a, b) => (b.js + b.css > a.js + a.css ? b : a));
  return {
    landing: {
      js: sizeOf(landingKeys),
      css: [...css].reduce((sum, file) => sum + gzipBytes(join(webDir, file)), 0),
      files: landingKeys.map((key) => manifest[key].file),
    },
    wholeApp,
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The budget's failures (an empty list when it holds). */
export function budgetFailures(sizes) {
  const failures = [];
  if (sizes.landing.js > LANDING_JS_BUDGET_KB * 1024) {
    failures.push(
      `the landing page loads ${kb(sizes.landing.js)} KB of JavaScript (gzip), over its ${LANDING_JS_BUDGET_KB} KB budget: ${sizes.landing.files.join(", ")}`,
    );
  }
  const whole = sizes.wholeApp.js + sizes.wholeApp.css;
  if (whole > WHOLE_APP_BUDGET_KB * 1024) {
    failures.push(
      `the whole app is ${kb(whole)} KB (JS and CSS, gzip, in ${sizes.wholeApp.language}), over its ${WHOLE_APP_BUDGET_KB} KB ceiling`,
    );
  }
  return failures;
}

export function describeSizes(sizes) {
  return `landing page ${kb(sizes.landing.js)} KB JS + ${kb(sizes.landing.css)} KB CSS (budget ${LANDING_JS_BUDGET_KB} KB JS); whole app in ${sizes.wholeApp.language} ${kb(sizes.wholeApp.js)} KB JS + ${kb(sizes.wholeApp.css)} KB CSS (gzip, budget ${WHOLE_APP_BUDGET_KB} KB)`;
}

/** Throws, listing what is over, when the built app at `webDir` breaks the budget. */
export function checkBundleBudget(webDir) {
  const sizes = measureBundle(webDir);
  const failures = budgetFailures(sizes);
  if (failures.length > 0) throw new Error(`Bundle budget exceeded:\n- ${failures.join("\n- ")}`);
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = measureBundle(process.argv[2] ?? "dist/web");
  console.log(describeSizes(sizes));
  const failures = budgetFailures(sizes);
  for (const failure of failures) console.error(`over budget: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}

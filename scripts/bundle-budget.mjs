// The bundle budgets, checked on every build (scripts/build.mjs, which the e2e server runs in
// `npm test`), as gzip sizes at level 9 (what the server sends, scripts/precompress.mjs; 1 KB =
// 1024 bytes), read from Vite's manifest (docs/internals/web.md#what-the-landing-page-loads):
// - the landing page's JavaScript: index.html's module (boot.ts) and everything it imports
//   statically, plus the service worker's registration it asks for after loading. It never loads
//   the app (docs/decisions/006-react-with-a-static-landing-page.md);
// - a cold visit to the dashboard, everything downloaded before its numbers paint: the entry, the
//   app's start (main.tsx, with the screens' early calls), the offline cache, the signed-in frame, the dashboard's chunk, tailwind-merge, and the language's frame and app texts
//   and those of the features the frame and the dashboard show (the largest language counts), each
//   with everything it imports statically, and the stylesheet;
// - the whole app in one language: every JS and CSS file one person can download.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The static landing page (docs/decisions/006-react-with-a-static-landing-page.md) runs 4.7 KB of
 * JavaScript; 70 KB was its budget while it was a React page, 10 KB since a phone's first visit is
 * held to it.
 */
export const LANDING_JS_BUDGET_KB = 10;
export const DASHBOARD_COLD_BUDGET_KB = 170;
/**
 * Every JS and CSS file one person can download, in their one language (the other languages'
 * texts are chunks nobody else loads). On React 19 with the charts on visx
 * (docs/decisions/004-charts-with-visx.md): about 330 KB (docs/benchmarks.md). 345 -> 355 KB
 * with decision 012's screens (for whom, the default split, Acertos and its dashboard card,
 * private expenses, the views as a member), lazy chunks a person may open: the cold dashboard
 * keeps its own budget above. 355 -> 365 KB with decision 013's screens (Receitas and its form,
 * recurring income and business days, refunds, the month's net and the forecast, income by member,
 * the import's credits), lazy as well; the month's net on the dashboard is a chunk loaded only for
 * a month with income. 365 -> 372 KB with each feature's texts a chunk per language that loads with
 * its screens (src/web/i18n/init.ts): fifteen small files compress ~6 KB worse than the one
 * catalogue they were, which a cold dashboard no longer waits for (6 KB less there). Built as two
 * groups per language (vite.config.ts, textsChunk) they take 0.9 KB of that back: the whole app in
 * es measured 372.0 KB, at the ceiling, and over it in one build in two (the build id's hash
 * moves a few bytes), and 371.1-371.2 KB grouped. 372 -> 374 KB with the accounts' balances and
 * transfers (docs/product.md#account-balances, #transfers): 'Contas e cartões' with its opening
 * balance, its balances, 'Transferir' and the transfers' list, and the dashboard's 'Saldo em
 * contas', +2.3 KB in es, of which the dashboard's conditional cards built as one chunk
 * (vite.config.ts, "dashboard-cards") took 1.0 KB back: 373.1 KB measured. 374 -> 372 KB with the
 * features' texts as two modules per language (i18n/catalogues/frame-<lang>.ts, screens-<lang>.ts)
 * instead of a ~100-byte chunk per feature and language in front of the two groups, and the forms'
 * library kept whole in one chunk (vite.config.ts, "forms"): 371.6 KB measured in es with the
 * reconciliation's screen (docs/product.md#reconciliation, 2.3 KB of it). The net worth on Reports
 * (docs/product.md#net-worth, +1.1 KB) was paid for by Label, Progress and Avatar on the platform's
 * own elements instead of Radix's (-1.5 KB, the cold dashboard -2.0 KB): 371.2 KB measured.
 * Private accounts (docs/product.md#private-accounts, +0.7 KB) and bank files
 * (docs/product.md#ofx-import, +0.8 KB) were paid for by Checkbox on the platform's own element
 * instead of Radix's (-1.15 KB): 371.8 KB measured.
 * The category rules (docs/product.md#category-rules) and what came with them (+6.5 KB) were paid
 * for by zod's JSON Schema writers left out of the web build (-4.2 KB), the signed-out screens in
 * one chunk (-2.4 KB), the components with Radix and zod with the shared calls (-1.2 KB), the
 * AlertDialog on Radix's Dialog (-0.35 KB), and the account menu (-11.0 KB) and the tabs (-1.7
 * KB) on the platform's own elements instead of Radix's: 357.8 KB measured.
 */
export const WHOLE_APP_BUDGET_KB = 372;
export const languages = ["en", "pt", "es"];

/** What a cold dashboard visit asks for besides the entry, by their manifest keys. */
const dashboardChunks = [
  "main.tsx",
  "routes/authenticated-layout.tsx",
  "routes/dashboard-route.tsx",
];

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

/** The manifest key whose file path includes `fragment` (library chunks are named by path). */
function keyIncluding(manifest, fragment) {
  const key = Object.keys(manifest).find((k) => k.includes(fragment));
  if (!key) throw new Error(`bundle budget: no chunk of ${fragment} in Vite's manifest`);
  return key;
}

/**
 * The built app's sizes in bytes (gzip): { landing: { js, css, files }, dashboard: { js, css,
 * language, files }, wholeApp: { language, js, css } }.
 */
export function measureBundle(webDir) {
  const manifest = JSON.parse(readFileSync(join(webDir, ".vite", "manifest.json"), "utf8"));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("bundle budget: Vite's manifest has no entry");
  if (!manifest["main.tsx"]?.isDynamicEntry) {
    throw new Error("bundle budget: main.tsx is not a chunk of its own (boot.ts imports it)");
  }
  const closure = (keys) => {
    const seen = new Set();
    for (const key of keys) staticClosure(manifest, key, seen);
    return seen;
  };
  const sizeOf = (keys) =>
    [...keys].reduce((sum, key) => sum + gzipBytes(join(webDir, manifest[key].file)), 0);
  const cssOf = (keys) =>
    [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))].reduce(
      (sum, file) => sum + gzipBytes(join(webDir, file)),
      0,
    );
  const filesOf = (keys) => [...keys].map((key) => manifest[key].file);

  // The service worker's registration (virtual:pwa-register) and workbox-window, which it loads.
  const registration = ["virtual:pwa-register", "workbox-window"]
    .map((fragment) => Object.keys(manifest).find((k) => k.includes(fragment)))
    .filter((key) => key !== undefined);
  const landingKeys = closure([entry, ...registration]);

  const textsOf = (language, parts = ["locales", "catalogues"]) =>
    [`i18n/locales/${language}.json`, `i18n/catalogues/${language}.ts`].filter(
      (key, index) => parts.includes(["locales", "catalogues"][index]) && manifest[key],
    );
  // The features' texts in one language: the frame's group and the other screens' group
  // (i18n/catalogues/frame-<lang>.ts, screens-<lang>.ts), and a feature's own file where one loads
  // alone (the sign-in screens').
  const featureTextsOf = (language) =>
    Object.keys(manifest).filter(
      (key) =>
        (/^features\/[^/]+\/locales\/[^/]+\.json$/.test(key) &&
          key.endsWith(`/${language}.json`)) ||
        key === `i18n/catalogues/frame-${language}.ts` ||
        key === `i18n/catalogues/screens-${language}.ts`,
    );
  for (const language of languages) {
    if (!manifest[`i18n/locales/${language}.json`]?.isDynamicEntry) {
      throw new Error(
        `bundle budget: i18n/locales/${language}.json is not a chunk of its own (i18n/init.ts loads it)`,
      );
    }
  }
  const dashboardIn = (language) => {
    const chunks = closure([
      entry,
      ...dashboardChunks,
      keyIncluding(manifest, "tailwind-merge"),
      // The offline cache, when it is a chunk of its own (vite.config.ts may put it in the shell).
      ...Object.keys(manifest).filter((key) => key.includes("offline-cache")),
      ...textsOf(language),
    ]);
    // With the texts of the features the frame and the dashboard show, which the start asks for
    // beside the frame (i18n/init.ts, loadAppTexts); the other screens' group comes with the
    // first of them a person opens.
    const features = [...chunks]
      .flatMap((key) => manifest[key].dynamicImports ?? [])
      .filter(
        (key) =>
          featureTextsOf(language).includes(key) &&
          key !== `i18n/catalogues/screens-${language}.ts`,
      );
    const keys = closure([...chunks, ...features]);
    return { language, js: sizeOf(keys), css: cssOf(keys), files: filesOf(keys) };
  };
  const dashboard = languages.map(dashboardIn).reduce((a, b) => (b.js > a.js ? b : a));

  // The whole app in one language: every asset but the other languages' own texts (their frame
  // and app catalogues and their features' texts), for the language whose files weigh most.
  const textFilesOf = (language) =>
    new Set(
      [...closure([...textsOf(language), ...featureTextsOf(language)])].map((key) =>
        join(webDir, manifest[key].file),
      ),
    );
  const assets = readdirSync(join(webDir, "assets")).map((file) => join(webDir, "assets", file));
  const wholeAppIn = (language) => {
    const mineTexts = textFilesOf(language);
    const othersTexts = languages
      .filter((other) => other !== language)
      .flatMap((other) => [...textFilesOf(other)])
      .filter((file) => !mineTexts.has(file));
    const mine = assets.filter((file) => !othersTexts.includes(file));
    const total = (pattern) =>
      mine.filter((file) => pattern.test(file)).reduce((sum, file) => sum + gzipBytes(file), 0);
    return { language, js: total(/\.js$/), css: total(/\.css$/) };
  };
  const wholeApp = languages
    .map(wholeAppIn)
    .reduce((a, b) => (b.js + b.css > a.js + a.css ? b : a));
  return {
    landing: { js: sizeOf(landingKeys), css: cssOf(landingKeys), files: filesOf(landingKeys) },
    dashboard,
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
  const dashboard = sizes.dashboard.js + sizes.dashboard.css;
  if (dashboard > DASHBOARD_COLD_BUDGET_KB * 1024) {
    failures.push(
      `a cold visit to the dashboard downloads ${kb(dashboard)} KB (JS and CSS, gzip, in ${sizes.dashboard.language}) before its numbers paint, over its ${DASHBOARD_COLD_BUDGET_KB} KB budget: ${sizes.dashboard.files.join(", ")}`,
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
  return [
    `landing page ${kb(sizes.landing.js)} KB JS + ${kb(sizes.landing.css)} KB CSS (budget ${LANDING_JS_BUDGET_KB} KB JS)`,
    `cold dashboard in ${sizes.dashboard.language} ${kb(sizes.dashboard.js)} KB JS + ${kb(sizes.dashboard.css)} KB CSS (budget ${DASHBOARD_COLD_BUDGET_KB} KB)`,
    `whole app in ${sizes.wholeApp.language} ${kb(sizes.wholeApp.js)} KB JS + ${kb(sizes.wholeApp.css)} KB CSS (budget ${WHOLE_APP_BUDGET_KB} KB); gzip`,
  ].join("; ");
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

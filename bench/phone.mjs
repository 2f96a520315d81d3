// The phone figures the app is held to, signed in as the family with ten years of expenses
// (bench/seed.mjs), each the median of BENCH_PHONE_RUNS runs (5):
// - Lighthouse mobile (its defaults: a Moto G-class phone at 412x823, simulated slow 4G, 4x CPU
//   slowdown), cold (a fresh Chromium profile each run), on the dashboard `/` and on Expenses
//   `/expenses`: performance score >= 95, LCP <= 1.8 s, TBT <= 100 ms, accessibility 100 and
//   best practices 100. The session cookie goes with Lighthouse's --extra-headers; a run whose
//   report shows no signed-in page (the current user's call not answered 200, a 401 on any /api
//   call, or another page than the one asked for, as the sign-in screen would be) throws;
// - the installed app reopened: Chromium (playwright-core) with a profile of its own at 412x823,
//   signed in, the dashboard opened once until the service worker controls it and the offline
//   copy of the screens (src/web/offline/offline-cache.ts) is in IndexedDB; then a new page at a
//   time, its CPU 4x slower (DevTools' Emulation.setCPUThrottlingRate, set before navigating), from
//   navigation start to the month's total readable (Gasto Total, month-totals.tsx): <= 300 ms.
// `npm run bench` measures them on its embedded PostgreSQL (bench/run.mjs). Standalone, about
// five minutes with 2 runs (BENCH_PHONE_RUNS=2): `node --import tsx bench/phone.mjs` builds the
// app into .tmp/phone-build, creates a database on the local PostgreSQL (BENCH_PHONE_ADMIN_URL,
// postgres://postgres@127.0.0.1:5432/postgres), migrates and seeds the ten-year family alone,
// serves it with the built server on port 3260 (BENCH_PHONE_PORT) and drops the database after.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { projectRoot } from "../scripts/source-stamp.mjs";
import { MONEY_PATTERN } from "./browser.mjs";

const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Lighthouse's mobile screen (its moto g power emulation), for the reopened app too. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };
const PHONE_TARGETS = {
  score: 95,
  lcpMs: 1_800,
  tbtMs: 100,
  accessibility: 100,
  bestPractices: 100,
  reopenMs: 300,
};
const PAGES = ["/", "/expenses"];
/** Gasto Total's amount on the dashboard (src/web/features/dashboard/month-totals.tsx). */
const MONTH_TOTAL_SELECTOR = "[data-testid='total-spent'] dd > span";
/** The offline copy's IndexedDB database and store (src/web/offline/offline-cache.ts). */
const OFFLINE_DB = { name: "family-budget-offline", store: "query-cache" };
const SETUP_TIMEOUT_MS = 60_000;
const REOPEN_TIMEOUT_MS = 30_000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    const stdout = [];
    let stderr = "";
    child.stdout.on("data", (data) => stdout.push(data));
    child.stderr.on("data", (data) => {
      stderr += data;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(Buffer.concat(stdout).toString("utf8"))
        : reject(new Error(`${command} exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/** The rows of a Lighthouse table or list detail, flattened (its LCP element is a list of tables). */
const detailRows = (details) =>
  (details?.items ?? []).flatMap((item) => (item?.type === "table" ? item.items : [item]));

/**
 * Throws unless the report shows the signed-in page asked for: GET /api/auth/user answered 200,
 * no /api call answered 401, and the page shown is still `path` (signed out, the app leaves
 * /expenses for the sign-in screen, and `/` is the landing page, which asks for no current user).
 */
function checkSignedIn(report, path) {
  const requests = report.audits["network-requests"]?.details?.items ?? [];
  const apiPath = (r) => {
    try {
      return new URL(r.url).pathname;
    } catch {
      return "";
    }
  };
  const user = requests.filter((r) => apiPath(r) === "/api/auth/user");
  const unauthorized = requests.filter(
    (r) => apiPath(r).startsWith("/api/") && r.statusCode === 401,
  );
  const shown = new URL(report.finalDisplayedUrl ?? report.finalUrl).pathname;
  const problems = [];
  if (!user.some((r) => r.statusCode === 200))
    problems.push(
      `GET /api/auth/user: ${user.map((r) => r.statusCode).join(", ") || "not called"}`,
    );
  if (unauthorized.length) problems.push(`401 on ${unauthorized.map(apiPath).join(", ")}`);
  if (shown !== path) problems.push(`the page shown is ${shown}`);
  if (report.runtimeError) problems.push(`runtime error ${report.runtimeError.code}`);
  if (problems.length) throw new Error(`Lighthouse ${path}: not signed in: ${problems.join("; ")}`);
}

/** One cold Lighthouse mobile run (its own fresh profile) of `url`, the session in `headersFile`. */
async function lighthouseOnce(url, headersFile, shotFile) {
  const json = await run(
    join(projectRoot, "node_modules/.bin/lighthouse"),
    [
      url,
      "--only-categories=performance,accessibility,best-practices",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--extra-headers=${headersFile}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { CHROME_PATH: CHROME },
  );
  const report = JSON.parse(json);
  // Kept for a look at what the run showed (.tmp/ is not committed).
  const shot = report.audits["final-screenshot"]?.details?.data;
  if (shot) await writeFile(shotFile, Buffer.from(shot.split(",")[1], "base64"));
  checkSignedIn(report, new URL(url).pathname);
  const audit = (id) => report.audits[id]?.numericValue;
  const category = (id) => Math.round((report.categories[id]?.score ?? Number.NaN) * 100);
  const lcpNode = detailRows(report.audits["largest-contentful-paint-element"]?.details).find(
    (row) => row?.node,
  )?.node;
  const below = ["accessibility", "best-practices"].flatMap((id) =>
    (report.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null)
      .filter((ref) => (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    version: report.lighthouseVersion,
    score: category("performance"),
    accessibility: category("accessibility"),
    bestPractices: category("best-practices"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    fcpMs: audit("first-contentful-paint"),
    lcpElement: lcpNode ? `${lcpNode.selector ?? ""} ${lcpNode.snippet ?? ""}`.trim() : "none",
    // Lighthouse lists them longest first: the report keeps the five longest of each run.
    longTasks: (report.audits["long-tasks"]?.details?.items ?? []).slice(0, 5).map((t) => ({
      url: t.url,
      ms: t.duration,
    })),
    below,
  };
}

/**
 * A run Lighthouse itself gives up on ("Something went wrong with recording the trace... Please
 * run Lighthouse again", NO_NAVSTART: one run in three or four on this busy 2-CPU machine) is run
 * again, at most twice; a run that is not signed in is not.
 */
async function lighthouseRetried(url, headersFile, shotFile) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, headersFile, shotFile);
    } catch (error) {
      const message = String(error.message);
      if (attempt === 3 || !/Runtime error encountered|Please run Lighthouse again/.test(message)) {
        throw error;
      }
      console.log(`phone: Lighthouse ${url} again: ${message.split("\n")[0].slice(-120)}`);
    }
  }
}

async function measureLighthouse(base, cookie, dir) {
  const headersFile = join(dir, "headers.json");
  await writeFile(headersFile, JSON.stringify({ Cookie: cookie }));
  const shotsDir = join(projectRoot, ".tmp", "phone-screenshots");
  await mkdir(shotsDir, { recursive: true });
  const pages = {};
  for (const path of PAGES) {
    try {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const shot = join(shotsDir, `${path === "/" ? "dashboard" : path.slice(1)}-${i + 1}.jpg`);
        runs.push(await lighthouseRetried(`${base}${path}`, headersFile, shot));
      }
      const of = (key) => median(runs.map((r) => r[key]));
      pages[path] = {
        runs,
        score: of("score"),
        lcpMs: of("lcpMs"),
        tbtMs: of("tbtMs"),
        fcpMs: of("fcpMs"),
        accessibility: of("accessibility"),
        bestPractices: of("bestPractices"),
      };
    } catch (error) {
      pages[path] = { error: String(error.message ?? error).split("\n")[0] };
    }
  }
  return pages;
}

/**
 * Runs in every document before the app: when the month's total first shows money, in ms since
 * navigation start (performance.now()): in the DOM (`domMs`) and the frame after it (`paintMs`, a
 * requestAnimationFrame then a task: the frame that shows it has been produced). Checked on every
 * DOM mutation and every animation frame.
 */
function watchMonthTotal({ selector, money }) {
  const moneyRe = new RegExp(money);
  const readable = () => {
    const el = document.querySelector(selector);
    if (!el || !moneyRe.test(el.textContent ?? "")) return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  let observer;
  const check = () => {
    if (window.__phoneTotal || !readable()) return;
    const seen = { domMs: performance.now() };
    window.__phoneTotal = seen;
    observer?.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        seen.paintMs = performance.now();
      }, 0),
    );
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  const frame = () => {
    check();
    if (!window.__phoneTotal) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The saved screens' query hashes per stored user, without creating the database if absent. */
function offlineCopy({ name, store }) {
  return new Promise((resolve) => {
    void indexedDB.databases().then((databases) => {
      if (!databases.some((db) => db.name === name)) return resolve([]);
      const open = indexedDB.open(name);
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(store)) {
          db.close();
          return resolve([]);
        }
        const all = db.transaction(store, "readonly").objectStore(store).getAll();
        all.onerror = () => {
          db.close();
          resolve([]);
        };
        all.onsuccess = () => {
          db.close();
          resolve(
            all.result
              .flatMap((entry) => entry?.clientState?.queries ?? [])
              .map((q) => q.queryHash),
          );
        };
      };
    });
  });
}

const totalReadable = (page, timeout) =>
  page.waitForFunction(() => window.__phoneTotal?.paintMs !== undefined, null, {
    timeout,
    polling: 50,
  });

/** The installed app reopened: see the header. */
async function measureReopen(base, email, password) {
  const userDataDir = await mkdtemp(join(tmpdir(), "phone-profile-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME,
    headless: true,
    args: ["--no-sandbox"],
    ...PHONE,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(watchMonthTotal, {
      selector: MONTH_TOTAL_SELECTOR,
      money: MONEY_PATTERN,
    });
    const login = await context.request.post(`${base}/api/auth/login`, {
      data: { email, password },
    });
    if (login.status() !== 200) throw new Error(`${email} cannot sign in: ${login.status()}`);
    const first = context.pages()[0] ?? (await context.newPage());
    await first.goto(`${base}/`);
    await totalReadable(first, SETUP_TIMEOUT_MS);
    // The worker registers at the app's load (offline/update-prompt.tsx) and, without clientsClaim
    // (vite.config.ts), controls the pages opened after it is active: the reload is one of those.
    const ready = await first.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 30_000)),
      ]),
    );
    if (!ready) throw new Error("the service worker was not active after 30 s");
    if (!(await first.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await first.reload();
      await totalReadable(first, SETUP_TIMEOUT_MS);
      if (!(await first.evaluate(() => Boolean(navigator.serviceWorker.controller))))
        throw new Error("the service worker does not control the page after a reload");
    }
    // The offline copy is written 500 ms after the screen's reads answer (SAVE_DELAY_MS): wait
    // until it holds the current user and a month's summary.
    const deadline = Date.now() + SETUP_TIMEOUT_MS;
    let saved = [];
    for (;;) {
      saved = await first.evaluate(offlineCopy, OFFLINE_DB);
      const has = (prefix) => saved.some((hash) => hash.startsWith(prefix));
      if (has('["/api/auth/user"]') && has('["/api/summary",{')) break;
      if (Date.now() > deadline)
        throw new Error(`the offline copy was not saved: ${JSON.stringify(saved)}`);
      await sleep(250);
    }
    await first.close();

    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await page.goto(`${base}/`, { waitUntil: "commit" });
        await totalReadable(page, REOPEN_TIMEOUT_MS);
        runs.push(
          await page.evaluate(() => ({
            ...window.__phoneTotal,
            controlled: Boolean(navigator.serviceWorker.controller),
            // The document came from the service worker's precache (workerStart is set).
            fromWorker: (performance.getEntriesByType("navigation")[0]?.workerStart ?? 0) > 0,
            // Where the time goes: when the current user's and the month's calls were answered.
            userMs: performance
              .getEntriesByType("resource")
              .find((e) => new URL(e.name).pathname === "/api/auth/user")?.responseEnd,
            summaryMs: performance
              .getEntriesByType("resource")
              .find((e) => new URL(e.name).pathname === "/api/summary")?.responseEnd,
            scriptsMs: Math.max(
              0,
              ...performance
                .getEntriesByType("resource")
                .filter((e) => e.initiatorType === "script")
                .map((e) => e.responseEnd),
            ),
          })),
        );
      } finally {
        await page.close();
      }
    }
    return {
      version: context.browser()?.version() ?? "",
      saved: saved.length,
      runs,
      paintMs: median(runs.map((r) => r.paintMs)),
      domMs: median(runs.map((r) => r.domMs)),
    };
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

/**
 * The phone figures against the server at `base`, `cookie` the session of `email` (who also signs
 * in again in the reopened app's own profile). A part that fails is returned with its error.
 */
export async function measurePhone({ base, cookie, email, password }) {
  const dir = await mkdtemp(join(tmpdir(), "phone-"));
  try {
    const lighthouse = await measureLighthouse(base, cookie, dir);
    let reopen;
    try {
      reopen = await measureReopen(base, email, password);
    } catch (error) {
      reopen = { error: String(error.message ?? error).split("\n")[0] };
    }
    return { runs: RUNS, email, lighthouse, reopen };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether every figure was measured (the standalone run's exit code). */
const phoneMeasured = (result) =>
  !result.reopen.error && Object.values(result.lighthouse).every((page) => !page.error);

export function phoneReport(result) {
  const pass = (ok) => (ok ? "PASS" : "**FAIL**");
  const fmt = (n, digits = 0) => n.toFixed(digits);
  const s = (ms) => `${fmt(ms / 1000, 2)} s`;
  const t = PHONE_TARGETS;
  const lines = [`\n### Phone figures, signed in as ${result.email}, median of ${result.runs}\n`];
  for (const [path, page] of Object.entries(result.lighthouse)) {
    if (page.error) {
      lines.push(`Lighthouse mobile ${path}: NOT MEASURED (${page.error})`);
      continue;
    }
    lines.push(
      `Lighthouse ${page.runs[0].version} mobile (slow 4G, 4x CPU, 412x823), cold, ${path}:`,
      `  performance ${page.score} (>= ${t.score}) ${pass(page.score >= t.score)}; LCP ${s(page.lcpMs)} (<= ${s(t.lcpMs)}) ${pass(page.lcpMs <= t.lcpMs)}; TBT ${fmt(page.tbtMs)} ms (<= ${t.tbtMs} ms) ${pass(page.tbtMs <= t.tbtMs)}; FCP ${s(page.fcpMs)}`,
      `  accessibility ${page.accessibility} (${t.accessibility}) ${pass(page.accessibility >= t.accessibility)}; best practices ${page.bestPractices} (${t.bestPractices}) ${pass(page.bestPractices >= t.bestPractices)}`,
      `  runs (score/LCP/TBT/FCP): ${page.runs.map((r) => `${r.score}/${fmt(r.lcpMs)}/${fmt(r.tbtMs)}/${fmt(r.fcpMs)} ms`).join(", ")}`,
      `  LCP element: ${[...new Set(page.runs.map((r) => r.lcpElement))].join(" | ")}`,
      `  long tasks (Lighthouse's list, per run): ${page.runs.map((r) => r.longTasks.map((lt) => `${lt.url.replace(/^https?:\/\/[^/]+/, "")} ${fmt(lt.ms)} ms`).join(", ") || "none").join(" | ")}`,
    );
    const below = [...new Set(page.runs.flatMap((r) => r.below))];
    if (below.length) lines.push(`  audits not passed: ${below.join(", ")}`);
  }
  const r = result.reopen;
  if (r.error) {
    lines.push(`The installed app reopened: NOT MEASURED (${r.error})`);
  } else {
    const workers = r.runs.filter((x) => x.fromWorker && x.controlled).length;
    lines.push(
      `The installed app reopened (Chromium ${r.version}, 412x823, 4x CPU, service worker and offline copy in place), navigation start to the month's total painted:`,
      `  ${fmt(r.paintMs)} ms (<= ${t.reopenMs} ms) ${pass(r.paintMs <= t.reopenMs)}; runs ${r.runs.map((x) => fmt(x.paintMs)).join(", ")} ms; in the DOM ${fmt(r.domMs)} ms; served by the service worker ${workers} of ${r.runs.length}`,
      `  per run, ms since navigation start: last script loaded / GET /api/auth/user answered / GET /api/summary answered / total in the DOM: ${r.runs.map((x) => [x.scriptsMs, x.userMs, x.summaryMs, x.domMs].map((v) => (v === undefined ? "-" : fmt(v))).join("/")).join(", ")}`,
    );
  }
  console.log(lines.join("\n"));
}

/** Standalone: see the header. */
async function standalone() {
  const { buildAll } = await import("../scripts/build.mjs");
  const { buildIsCurrent } = await import("../scripts/source-stamp.mjs");
  const { openPostgres } = await import("../src/server/db/client.ts");
  const { passwordHasher } = await import("../src/server/passwords.ts");
  const { BIG_FAMILY_EMAIL, PASSWORD, seed, signInBigFamily } = await import("./seed.mjs");
  const port = Number(process.env.BENCH_PHONE_PORT ?? 3260);
  const adminUrl =
    process.env.BENCH_PHONE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const outDir = join(projectRoot, ".tmp", "phone-build");
  const started = Date.now();
  const elapsed = () => `${fmtSeconds(Date.now() - started)}`;
  if (!(await buildIsCurrent(outDir))) {
    console.log("phone: building the app...");
    await buildAll({ quiet: true, outDir });
  }
  const database = `phone_bench_${process.pid}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const admin = (action) =>
    run(process.execPath, [join(projectRoot, "scripts/pg-admin.mjs"), adminUrl, action, database]);
  const dataDir = await mkdtemp(join(tmpdir(), "phone-data-"));
  let server;
  let exitCode = 1;
  const stopServer = async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exit = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exit;
  };
  const onSignal = async () => {
    await stopServer();
    await admin("drop").catch(() => undefined);
    process.exit(1);
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  await admin("create");
  try {
    // As bench/run.mjs does: migrated and seeded through the app's own layer, then served.
    const db = openPostgres(databaseUrl.toString());
    try {
      await db.migrate();
      await seed(db.pool, await passwordHasher("owasp").hash(PASSWORD), { families: 1 });
    } finally {
      await db.close();
    }
    console.log(`phone: built, migrated and seeded the ten-year family at ${elapsed()}`);
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [join(outDir, "server/main.js")], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        SESSION_SECRET: "phone-secret-phone-secret-phone-secret",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        APP_URL: base,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null) throw new Error(`the server exited ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error("the server did not start");
      await sleep(250);
    }
    const cookie = await signInBigFamily(base);
    const result = await measurePhone({
      base,
      cookie,
      email: BIG_FAMILY_EMAIL,
      password: PASSWORD,
    });
    phoneReport(result);
    console.log(`\nphone: done in ${elapsed()}`);
    exitCode = phoneMeasured(result) ? 0 : 1;
  } finally {
    await stopServer();
    await admin("drop");
    await rm(dataDir, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

const fmtSeconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await standalone();

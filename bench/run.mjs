// `npm run bench`: seeds 100 families (one with 50,000 expenses over ten years), starts the built
// server on it and measures the main calls with autocannon, against GET /api/health as the
// baseline of the same run; on the embedded PostgreSQL (the default: a server the app starts in
// DATA_DIR) and, when one answers, on the PostgreSQL at BENCH_DATABASE_URL. Also: time to the
// first 200 after start (cold on an empty DATA_DIR or database: initdb and migrations; warm: a
// restart on the seeded data), the memory of the app and of the embedded PostgreSQL's processes,
// its targets against PGlite, and the built JS sizes. On the embedded PostgreSQL, also the app as
// `npm start` leaves it after a first start that built it (bench/first-start.mjs): its RSS idle and
// after a load.
// The figures of ten years of expenses, for the family with 50,000 (the user bench0@example.org,
// who signs in): the Expenses page and the dashboard in Chromium (bench/browser.mjs), a search over
// ten years, GET /api/summary and the month list against /api/health, each with its target.
// Also eight hostile CSV previews at once against /api/health's p99 and the app's RSS
// (bench/hostile-preview.mjs), 100 event streams that never read (bench/stalled-streams.mjs), and
// six members of the big family running heavy reads in parallel (bench/heavy-reads.mjs).
// On the embedded PostgreSQL, also the phone figures, signed in as the big family: Lighthouse mobile
// on the dashboard and Expenses, and the installed app reopened (bench/phone.mjs).
// On the PostgreSQL at BENCH_DATABASE_URL only, last: 1,000 households with ten years each (~5
// million expenses) on one app process and on two, with 1,000 open event streams
// (bench/households.mjs; BENCH_HOUSEHOLDS=0 leaves it out).
// The accounts screen (GET /api/payment-methods) and the dashboard's balances (GET
// /api/accounts/balances) of the same family, against the summary's ratio to health.
// `BENCH_ONLY=accounts` runs only what those rows need: the seed, one start per database, the
// summary's and the accounts' rows with their health baseline, and each computed again after a
// change; no start times, Chromium, side scenarios or households.
// The import's suggested categories (bench/categorise.mjs): a family of its own learns from three
// months of a labelled statement and previews the fourth; top-1 accuracy against >= 85%.
// `BENCH_ONLY=categorise` runs only that, on one server over an empty DATA_DIR: no seed.
// The category rules' rows (the quick add's suggestion, a rule's test) on the same family:
// `BENCH_ONLY=rules` runs those and their health baselines, as `BENCH_ONLY=accounts` does its own.
// Not part of `npm test`: figures depend on the machine; read them as medians and ratios.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildAll } from "../scripts/build.mjs";
import { buildIsCurrent, projectRoot } from "../scripts/source-stamp.mjs";
import { HEAVY_READS_PER_USER } from "../src/server/http/heavy-reads.ts";
import { measureAlerts } from "./alerts.mjs";
import { measureBalances } from "./balances.mjs";
import { EXPENSE_PAGE_API, measureBrowser, SUMMARY_API, VIEWPORT } from "./browser.mjs";
import { measureCategorise } from "./categorise.mjs";
import { measureExport } from "./export.mjs";
import { FIRST_START_TARGET_MB, firstStartReport, measureFirstStart } from "./first-start.mjs";
import { HEAVY_READS_ENV, measureHeavyReads } from "./heavy-reads.mjs";
import { measureHistoryPages, measureHistoryWrites } from "./history.mjs";
import { measureHostilePreview } from "./hostile-preview.mjs";
import { measureHouseholds } from "./households.mjs";
import { measureImports } from "./imports.mjs";
import { npmStartFlags } from "./npm-start-flags.mjs";
import { measurePhone, phoneReport } from "./phone.mjs";
import { BIG_FAMILY_EMAIL, PASSWORD, seed, signInBigFamily } from "./seed.mjs";
import { measureStalledStreams, STALLED_STREAMS_ENV } from "./stalled-streams.mjs";
import { measureTrend } from "./trend.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Starts are short and noisy: each kind is timed this many times and the median reported.
const START_REPEATS = Number(process.env.BENCH_START_REPEATS ?? 3);
const SESSION_SECRET = "bench-secret-bench-secret-bench-secret";
const outDir = join(projectRoot, ".tmp", "bench-build");

// The embedded PostgreSQL's targets, against PGlite (the embedded default before it, which the app
// no longer runs). PGlite's figures: the bench of commit 12dc375, the last PGlite version, run on
// this machine right before this bench's run of 2026-11-23 (docs/benchmarks.md). Override them with
// BENCH_PGLITE_HEALTH / BENCH_PGLITE_USER after measuring that commit again.
const PGLITE_RUN = {
  health: Number(process.env.BENCH_PGLITE_HEALTH ?? 1782),
  user: Number(process.env.BENCH_PGLITE_USER ?? 630),
};
const TARGETS = { warmMs: 1000, coldMs: 3000, speedup: 3, appRssMb: 150 };

// Ten years of expenses. The calls and words are constants so they are easy to fix once the server
// and the screens land; the browser's selectors are at the top of browser.mjs.
/** A full month of the big family (~420 expenses): the summary, the month list and the dashboard. */
const MONTH = { month: 11, year: 2026 };
const MONTH_LIST_PATH = `/api/expenses?month=${MONTH.month}&year=${MONTH.year}`;
const SUMMARY_PATH = `${SUMMARY_API}?month=${MONTH.month}&year=${MONTH.year}`;
/** The accounts screen's call, and the dashboard's balances card for the month above. */
const METHODS_PATH = "/api/payment-methods";
const ACCOUNT_BALANCES_PATH = `/api/accounts/balances?month=${MONTH.month}&year=${MONTH.year}`;
/** `BENCH_ONLY=accounts`: the accounts' rows and the summary's they are held to (above). */
const ONLY_ACCOUNTS = process.env.BENCH_ONLY === "accounts";
/** `BENCH_ONLY=rules`: the category rules' rows (below) and their health baselines. */
const ONLY_RULES = process.env.BENCH_ONLY === "rules";
/** A selection of the ten-year family's rows: no start times, Chromium or side scenarios. */
const ONLY_ROWS = ONLY_ACCOUNTS || ONLY_RULES;
/** `BENCH_ONLY=categorise`: the suggested categories' row alone (bench/categorise.mjs). */
const ONLY_CATEGORISE = process.env.BENCH_ONLY === "categorise";
if (process.env.BENCH_ONLY && !ONLY_ROWS && !ONLY_CATEGORISE) {
  throw new Error(
    `BENCH_ONLY=${process.env.BENCH_ONLY}: the selections are "accounts", "rules" and "categorise"`,
  );
}
/**
 * In 95 of the 50,000 descriptions ('Gasto 777', 'Gasto 1777', ... 'Gasto 49777'), spread over the
 * ten years: the first page needs rows from all of them, and its totals count every match.
 */
/**
 * A different three-digit word for every request ("700", "701", ...: 95-150 of the 50,000
 * descriptions each, spread over the ten years): the server keeps a first page it has answered
 * (src/server/http/family-json-cache.ts), and a repeated word would time that instead of a search.
 */
const searchTerm = (i) => String(700 + i);
const searchPath = (term) => `${EXPENSE_PAGE_API}?search=${encodeURIComponent(term)}`;
/** For the report: the words searched. */
const SEARCH_PATH = `${searchPath(searchTerm(0))}, ${searchTerm(1)}, ${searchTerm(2)}... (a new word each time)`;
const SEARCH_REQUESTS = 20;
/** GET /api/summary and its /api/health baseline are measured at this many connections. */
const SUMMARY_CONNECTIONS = 50;
const TEN_YEARS_TARGETS = {
  // The two screens' figures, as multiples of their script-free floor (bench/browser.mjs): the
  // absolute 300 ms and 150 ms they replace sat inside this machine's own noise for a page with
  // no script at all (docs/benchmarks.md, "the floor under the browser figures").
  firstRowVsFloor: 1.5,
  firstPageBytes: 60_000, // 60 KB, decimal
  domRows: 300,
  searchP50Ms: 50,
  summaryP99Ms: 50,
  summaryVsHealth: 0.3,
  dashboardVsFloor: 1.5,
  monthListVsHealth: 0.19,
  // The accounts screen and the balances card are kept like the summary
  // (src/server/http/family-json-cache.ts): their req/s against health within 10% of the
  // summary's (at least 0.9 of its ratio), measured the same way in the same run.
  accountsVsSummary: 0.9,
};

if (!(await buildIsCurrent(outDir))) {
  console.log("bench: building the app...");
  await buildAll({ quiet: true, outDir });
}
// The server's own database layer and password hash (run under tsx: see package.json).
const { openEmbedded, openPostgres } = await import("../src/server/db/client.ts");
const { startEmbeddedPostgres } = await import("../src/server/db/embedded-postgres.ts");
const { passwordHasher } = await import("../src/server/passwords.ts");
const hashPassword = passwordHasher("owasp").hash;
const { postmasterPid, postmastersOn } = await import("../src/server/testing/server-process.ts");

const quietLog = {
  info() {},
  warn: (object, message) => console.log(`bench: postgres: ${message}`, object),
  error: (object, message) => console.log(`bench: postgres: ${message}`, object),
};

const running = new Set();

function startServer(env) {
  const started = Date.now();
  const child = spawn(process.execPath, [...npmStartFlags, join(outDir, "server/main.js")], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const exit = new Promise((resolve) => child.once("exit", resolve));
  let output = "";
  child.stdout.on("data", (c) => {
    output += c;
  });
  child.stderr.on("data", (c) => {
    output += c;
  });
  return { child, started, exit, output: () => output };
}

async function firstOk(server, port) {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return Date.now() - server.started;
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function run(port, env) {
  const server = startServer({ ...env, PORT: String(port) });
  const ms = await firstOk(server, port);
  return { server, ms };
}

/**
 * SIGTERM, as a service manager stops the app: it finishes its requests and stops its embedded
 * PostgreSQL. Never SIGKILL first, which would leave that PostgreSQL running as an orphan.
 */
async function stop(server) {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    const timeout = new Promise((resolve) => setTimeout(() => resolve("timeout"), 90_000));
    if ((await Promise.race([server.exit, timeout])) === "timeout") {
      console.log(`bench: server ${child.pid} ignored SIGTERM for 90 s; killing it`);
      child.kill("SIGKILL");
      await server.exit;
    }
  }
  running.delete(child);
  const code = child.exitCode;
  if (code !== 0 && code !== null)
    console.log(`bench: server exited with ${code}:\n${server.output()}`);
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

/** Stops (fast shutdown) any postmaster still running on `dataDir`; returns how many there were. */
async function stopLeftoverPostmasters(dataDir) {
  const pids = await postmastersOn(dataDir);
  for (const pid of pids) {
    console.log(`bench: PostgreSQL ${pid} still runs on ${dataDir}: stopping it`);
    process.kill(pid, "SIGINT");
    for (let waited = 0; alive(pid) && waited < 30_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return pids.length;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const procStatus = async (pid) => readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
const statusKb = (status, field) =>
  Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);

/** VmRSS and the peak (VmHWM) of one process, in MB. */
const processMemory = async (pid) => {
  const status = await procStatus(pid);
  return { rss: statusKb(status, "VmRSS") / 1024, peak: statusKb(status, "VmHWM") / 1024 };
};

/**
 * The embedded PostgreSQL's processes: the postmaster named in DATA_DIR/postgres/postmaster.pid
 * and its children (found by PPid). Summed VmRSS counts the shared buffers once per process that
 * touched them; summed PSS shares them out, so it is what the server really takes.
 */
async function postgresMemory(dataDir) {
  const postmaster = await postmasterPid(dataDir);
  if (!postmaster) return undefined;
  const pids = [postmaster];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    if (statusKb(await procStatus(entry), "PPid") === postmaster) pids.push(Number(entry));
  }
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += statusKb(await procStatus(pid), "VmRSS");
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, "utf8").catch(() => "");
    pss += statusKb(rollup, "Pss");
  }
  return { processes: pids.length, rss: rss / 1024, pss: pss / 1024 };
}

function cannon(url, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, duration: DURATION, connections: CONNECTIONS, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * The search over ten years: SEARCH_REQUESTS sequential GETs (after 3 not counted), each for a
 * word not searched before and timed from the request to the whole body read, as the page's
 * fetch sees it.
 */
async function measureSearch(base, cookie) {
  const times = [];
  let status = 0;
  const matches = [];
  let items = 0;
  for (let i = 0; i < SEARCH_REQUESTS + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${searchPath(searchTerm(i))}`, { headers: { cookie } });
    const body = await res.text();
    const ms = performance.now() - started;
    status = res.status;
    if (status !== 200) return { status, times: [] };
    if (i >= 3) times.push(ms);
    const json = JSON.parse(body);
    matches.push(json.totals.count);
    items = Math.min(items || json.items.length, json.items.length);
  }
  const p50 = percentile(times, 50);
  return { status, times, p50, max: Math.max(...times), matches, items };
}

/**
 * The figures of ten years of expenses that are not autocannon rows: Chromium on the Expenses page
 * and the dashboard, the search, and the size of the month list. Taken before the calls, since
 * POST /api/expenses adds thousands of expenses to the family.
 */
async function measureTenYears(base, cookie, categoryId) {
  const load = loadavg()[0];
  const monthList = await fetch(`${base}${MONTH_LIST_PATH}`, { headers: { cookie } });
  const monthRows = monthList.ok ? (await monthList.json()).length : null;
  const search = await measureSearch(base, cookie);
  const browser = await measureBrowser({ base, cookie, month: MONTH });
  const afterChange = await measureAfterChange(base, cookie, categoryId);
  return { monthRows, search, browser, afterChange, load: [load, loadavg()[0]] };
}

/**
 * The summary and the month list as a family member gets them right after any change to the
 * family (the body the server kept is then stale and is computed again): AFTER_CHANGE_ROUNDS
 * rounds (after 3 not counted) of one new expense in 2016, outside the month, then each call
 * timed as the page's fetch sees it. The autocannon rows repeat one URL and time the kept body.
 */
const AFTER_CHANGE_ROUNDS = 20;
async function measureAfterChange(base, cookie, categoryId) {
  const times = { summary: [], monthList: [], methods: [], accountBalances: [] };
  for (let i = 0; i < AFTER_CHANGE_ROUNDS + 3; i++) {
    const change = await fetch(`${base}/api/expenses`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        description: "bench change",
        amount: "1.00",
        date: `2016-01-${String(1 + (i % 28)).padStart(2, "0")}`,
        categoryId,
      }),
    });
    if (change.status !== 201) return { status: change.status };
    for (const [name, path] of [
      ["summary", SUMMARY_PATH],
      ["monthList", MONTH_LIST_PATH],
      ["methods", METHODS_PATH],
      ["accountBalances", ACCOUNT_BALANCES_PATH],
    ]) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      await res.text();
      if (res.status !== 200) return { status: res.status };
      if (i >= 3) times[name].push(performance.now() - started);
    }
  }
  return {
    status: 200,
    summaryP50: percentile(times.summary, 50),
    monthListP50: percentile(times.monthList, 50),
    methodsP50: percentile(times.methods, 50),
    accountBalancesP50: percentile(times.accountBalances, 50),
  };
}

/** The accounts' rows and the ones they are held to: what `BENCH_ONLY=accounts` calls. */
const ACCOUNT_ROWS = [
  `GET /api/health (baseline, ${SUMMARY_CONNECTIONS} connections)`,
  `GET ${SUMMARY_PATH}`,
  `GET ${METHODS_PATH}`,
  `GET ${ACCOUNT_BALANCES_PATH}`,
];

/**
 * The category rules' rows (docs/product.md#category-rules), on the ten-year family's 50,000
 * expenses of 50,000 descriptions ('Gasto N', the worst case: every description its own payee):
 * the quick add's suggestion while typing, and a rule's test, which reads every description
 * holding its first word ('gasto': all of them), one person at a time.
 */
const SUGGESTION_PATH = "/api/category-rules/suggestion?description=Gasto%2012345";
const RULE_ROWS = [
  "GET /api/health (baseline)",
  "GET /api/category-rules/suggestion",
  "GET /api/health (baseline, 1 connection)",
  "POST /api/category-rules/test",
];

/** The autocannon rows, each against the health row of its number of connections. */
async function measureCalls(base, cookie, categories) {
  // Each row's "vs health" is against the health row of its number of connections.
  const calls = [
    ["GET /api/health (baseline)", { url: `${base}/api/health` }],
    [
      "POST /api/auth/login",
      {
        url: `${base}/api/auth/login`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "bench1@example.org", password: PASSWORD }),
      },
    ],
    ["GET /api/auth/user", { url: `${base}/api/auth/user`, headers: { cookie } }],
    // The unpaged month list is a heavy read: one person runs at most HEAVY_READS_PER_USER at
    // once and the next is a 429 (src/server/http/heavy-reads.ts), so it is called with that
    // many connections, against health with as many.
    [
      `GET /api/health (baseline, ${HEAVY_READS_PER_USER} connections)`,
      { url: `${base}/api/health`, connections: HEAVY_READS_PER_USER },
    ],
    [
      `GET ${MONTH_LIST_PATH} (50k-row family)`,
      {
        url: `${base}${MONTH_LIST_PATH}`,
        headers: { cookie },
        connections: HEAVY_READS_PER_USER,
      },
    ],
    [
      `GET /api/health (baseline, ${SUMMARY_CONNECTIONS} connections)`,
      { url: `${base}/api/health`, connections: SUMMARY_CONNECTIONS },
    ],
    [
      `GET ${SUMMARY_PATH} (${SUMMARY_CONNECTIONS} connections)`,
      { url: `${base}${SUMMARY_PATH}`, headers: { cookie }, connections: SUMMARY_CONNECTIONS },
    ],
    // The accounts screen and the dashboard's balances card, as the summary is called.
    [
      `GET ${METHODS_PATH} (${SUMMARY_CONNECTIONS} connections)`,
      { url: `${base}${METHODS_PATH}`, headers: { cookie }, connections: SUMMARY_CONNECTIONS },
    ],
    [
      `GET ${ACCOUNT_BALANCES_PATH} (${SUMMARY_CONNECTIONS} connections)`,
      {
        url: `${base}${ACCOUNT_BALANCES_PATH}`,
        headers: { cookie },
        connections: SUMMARY_CONNECTIONS,
      },
    ],
    [
      "GET /api/category-rules/suggestion (50k-row family)",
      { url: `${base}${SUGGESTION_PATH}`, headers: { cookie } },
    ],
    ["GET /api/health (baseline, 1 connection)", { url: `${base}/api/health`, connections: 1 }],
    [
      "POST /api/category-rules/test (50k-row family, 1 connection)",
      {
        url: `${base}/api/category-rules/test`,
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({
          matchKind: "contains",
          pattern: "gasto 1",
          categoryId: categories[0].id,
        }),
        connections: 1,
      },
    ],
    [
      "POST /api/expenses",
      {
        url: `${base}/api/expenses`,
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({
          description: "bench",
          amount: "12.34",
          date: "2026-11-20",
          categoryId: categories[0].id,
        }),
      },
    ],
  ];
  const rows = [];
  const baselines = new Map();
  const only = ONLY_ACCOUNTS ? ACCOUNT_ROWS : ONLY_RULES ? RULE_ROWS : null;
  const selected = only
    ? calls.filter(([name]) => only.some((prefix) => name.startsWith(prefix)))
    : calls;
  for (const [name, options] of selected) {
    const result = await cannon(options.url, options);
    const rps = result.requests.average;
    const connections = options.connections ?? CONNECTIONS;
    if (!baselines.has(connections)) baselines.set(connections, rps);
    const errors = result.non2xx + result.errors;
    rows.push({
      name,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ratio: rps / baselines.get(connections),
      errors,
      connections,
    });
  }
  return rows;
}

/** Time to the first 200 of servers started on what `prepare` returns, each stopped with SIGTERM. */
async function timeStarts(port, prepare, cleanup = async () => {}) {
  const times = [];
  for (let i = 0; i < START_REPEATS; i++) {
    const target = await prepare(i);
    try {
      const { server, ms } = await run(port, target.env);
      times.push(ms);
      await stop(server);
    } finally {
      await cleanup(target);
    }
  }
  return times;
}

/**
 * One database: cold starts on empty targets, then the seeded one: its first start, warm
 * restarts, memory after one login, the calls, memory after the calls.
 */
async function measure({
  label,
  port,
  coldTarget,
  coldCleanup,
  env,
  embeddedDataDir,
  historyWrites,
}) {
  console.log(`bench: ${label}: starts`);
  const coldTimes = ONLY_ROWS ? [] : await timeStarts(port, coldTarget, coldCleanup);
  const first = ONLY_ROWS ? { ms: null } : await run(port, env);
  if (first.server) await stop(first.server);
  const warmTimes = [];
  for (let i = 0; i < (ONLY_ROWS ? 0 : START_REPEATS - 1); i++) {
    const warm = await run(port, env);
    warmTimes.push(warm.ms);
    await stop(warm.server);
  }
  // The server measured: its stalled-streams scenario opens 101 streams from this one address.
  const { server, ms: lastWarmMs } = await run(port, {
    ...env,
    ...STALLED_STREAMS_ENV,
    ...HEAVY_READS_ENV,
  });
  warmTimes.push(lastWarmMs);
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signInBigFamily(base);
    const categories = await (
      await fetch(`${base}/api/categories`, { headers: { cookie } })
    ).json();
    const memoryAfterLogin = {
      app: await processMemory(server.child.pid),
      postgres: embeddedDataDir ? await postgresMemory(embeddedDataDir) : undefined,
    };
    if (ONLY_ROWS) {
      const load = loadavg()[0];
      const afterChange = await measureAfterChange(base, cookie, categories[0].id);
      const tenYears = { afterChange, load: [load, loadavg()[0]] };
      const rows = await measureCalls(base, cookie, categories);
      return { label, coldTimes, firstMs: first.ms, warmTimes, memoryAfterLogin, rows, tenYears };
    }
    console.log(`bench: ${label}: the search and Chromium`);
    const tenYears = await measureTenYears(base, cookie, categories[0].id);
    // The phone figures (bench/phone.mjs prints its own lines), on the embedded PostgreSQL only.
    if (embeddedDataDir) {
      phoneReport(
        await measurePhone({ base, cookie, email: BIG_FAMILY_EMAIL, password: PASSWORD }),
      );
    }
    await measureAlerts(base, cookie, label);
    await measureTrend(base, cookie, categories[0].id, label);
    await measureBalances(base, cookie, categories[0].id, label);
    // The CSV export: the big family's 50,000 expenses (bench/export.mjs prints its own table).
    await measureExport(base, cookie, server.child.pid, label);
    await measureHistoryPages(base, cookie, label, historyWrites);
    console.log(`bench: ${label}: the calls`);
    const rows = await measureCalls(base, cookie, categories);
    const memoryAfterCalls = {
      app: await processMemory(server.child.pid),
      postgres: embeddedDataDir ? await postgresMemory(embeddedDataDir) : undefined,
    };
    // Eight seeded users (bench1..bench8, a family each) send heavy files to the CSV preview at
    // once, against health's p99 and the app's RSS (bench/hostile-preview.mjs prints its table).
    const hostile = Array.from({ length: 8 }, (_, i) => ({
      email: `bench${i + 1}@example.org`,
      password: PASSWORD,
    }));
    await measureHostilePreview(base, server.child.pid, label, hostile);
    // 100 event streams on sockets that never read while a family's category is renamed over and
    // over, against health's p99 and the app's RSS (bench/stalled-streams.mjs prints its table).
    await measureStalledStreams(base, server.child.pid, label);
    // Six members of the big family (five join it here) keep heavy reads running in parallel,
    // against health's p99 and the app's RSS (bench/heavy-reads.mjs prints its table).
    await measureHeavyReads(base, server.child.pid, label, BIG_FAMILY_EMAIL);
    // A family of its own learns categories from three months and previews the fourth.
    await measureCategorise(base, label);
    // Last: the import adds 30,000 expenses (years 2190-2192) that no call above should see.
    await measureImports(base, cookie, label);
    return {
      label,
      coldTimes,
      firstMs: first.ms,
      warmTimes,
      memoryAfterLogin,
      memoryAfterCalls,
      rows,
      tenYears,
    };
  } finally {
    await stop(server);
  }
}

async function jsSizes() {
  const webDir = join(outDir, "web");
  const html = await readFile(join(webDir, "index.html"), "utf8");
  const landing = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]),
  );
  const gz = async (file) => gzipSync(await readFile(join(webDir, file))).length;
  let landingBytes = 0;
  for (const file of landing) landingBytes += await gz(file);
  let allBytes = 0;
  for (const file of await readdir(join(webDir, "assets"))) {
    if (/\.(js|css)$/.test(file)) allBytes += await gz(`assets/${file}`);
  }
  return { landingKb: landingBytes / 1024, allKb: allBytes / 1024 };
}

const results = [];
const passwordHash = await hashPassword(PASSWORD);
// Under os.tmpdir(): run as root, PostgreSQL runs as the user postgres, which must reach it.
const newDataDir = () => mkdtemp(join(tmpdir(), "budget-bench-"));
const embeddedDirs = [];
/** Further clean-ups for stopEverything (the databases created on BENCH_DATABASE_URL). */
const onStop = [];
let stopping;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    console.log(`bench: ${signal}: stopping every server and PostgreSQL it started`);
    await stopEverything();
    process.exit(1);
  });
}

// The suggested categories alone: the server on an empty DATA_DIR (its own embedded PostgreSQL),
// a family of its own, no seed (bench/categorise.mjs prints its table).
if (ONLY_CATEGORISE) {
  try {
    const dataDir = await newDataDir();
    embeddedDirs.push(dataDir);
    const { server } = await run(3200, { DATA_DIR: dataDir });
    try {
      await measureCategorise("http://127.0.0.1:3200", "Embedded PostgreSQL");
    } finally {
      await stop(server);
    }
  } finally {
    await stopEverything();
  }
  process.exit(0);
}

// What the family history costs: creating an expense without and with it, on each seeded database.
let embeddedHistoryWrites;
/** bench/households.mjs's figures, on the PostgreSQL at BENCH_DATABASE_URL. */
let households;
let postgresHistoryWrites;
try {
  // Embedded PostgreSQL: seeded through the app's own layer, stopped, then served by the build.
  {
    const dataDir = await newDataDir();
    embeddedDirs.push(dataDir);
    const seeding = Date.now();
    const database = openEmbedded(await startEmbeddedPostgres({ dataDir, log: quietLog }));
    try {
      await database.migrate();
      await seed(database.pool, passwordHash);
      if (!ONLY_ROWS) {
        embeddedHistoryWrites = await measureHistoryWrites(database.db, BIG_FAMILY_EMAIL);
      }
    } finally {
      await database.close(); // stops that PostgreSQL (fast shutdown)
    }
    console.log(
      `bench: initdb, migrated and seeded the embedded PostgreSQL in ${Date.now() - seeding} ms`,
    );
    const embeddedResult = await measure({
      label: "Embedded PostgreSQL",
      port: 3200,
      coldTarget: async () => {
        const empty = await newDataDir();
        embeddedDirs.push(empty);
        return { env: { DATA_DIR: empty }, dataDir: empty };
      },
      coldCleanup: async ({ dataDir: empty }) => {
        await stopLeftoverPostmasters(empty);
        await rm(empty, { recursive: true, force: true });
      },
      env: { DATA_DIR: dataDir },
      embeddedDataDir: dataDir,
      historyWrites: embeddedHistoryWrites,
    });
    // The app as a new user's `npm start` leaves it: built by its first start (in a process of
    // its own, README.md#run-it), on the same seeded DATA_DIR, under the month's calls.
    if (!ONLY_ROWS) {
      console.log("bench: Embedded PostgreSQL: npm start's first start (builds the app again)");
      embeddedResult.firstStart = await measureFirstStart({
        port: 3200,
        env: { DATA_DIR: dataDir },
        email: BIG_FAMILY_EMAIL,
        password: PASSWORD,
        paths: [MONTH_LIST_PATH, SUMMARY_PATH],
        duration: DURATION,
        connections: CONNECTIONS,
        running,
      });
    }
    results.push(embeddedResult);
  }

  // PostgreSQL at BENCH_DATABASE_URL, when one answers
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  const name = `bench_${Date.now()}`;
  const databaseUrl = (database) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  if (
    await admin.connect().then(
      () => true,
      () => false,
    )
  ) {
    const created = [];
    const dropCreated = async () => {
      while (created.length) {
        await admin.query(`drop database if exists ${created.pop()} with (force)`);
      }
    };
    const appDataDir = await newDataDir();
    onStop.push(dropCreated, () => rm(appDataDir, { recursive: true, force: true }));
    try {
      await admin.query(`create database ${name}`);
      created.push(name);
      const database = openPostgres(databaseUrl(name));
      try {
        await database.migrate();
        await seed(database.pool, passwordHash);
        if (!ONLY_ROWS) {
          postgresHistoryWrites = await measureHistoryWrites(database.db, BIG_FAMILY_EMAIL);
        }
      } finally {
        await database.close();
      }
      const env = { SESSION_SECRET, DATA_DIR: appDataDir };
      results.push(
        await measure({
          label: "PostgreSQL",
          port: 3201,
          coldTarget: async (i) => {
            const empty = `${name}_empty_${i}`;
            await admin.query(`create database ${empty}`);
            created.push(empty);
            return { env: { ...env, DATABASE_URL: databaseUrl(empty) }, database: empty };
          },
          coldCleanup: async ({ database: empty }) => {
            await admin.query(`drop database if exists ${empty} with (force)`);
          },
          env: { ...env, DATABASE_URL: databaseUrl(name) },
          historyWrites: postgresHistoryWrites,
        }),
      );
    } finally {
      await dropCreated();
      await admin.end();
      await rm(appDataDir, { recursive: true, force: true });
    }
    // Many households on a database of its own (bench/households.mjs prints its own table).
    if (process.env.BENCH_HOUSEHOLDS !== "0" && !ONLY_ROWS) {
      console.log("bench: PostgreSQL: many households");
      households = await measureHouseholds({ adminUrl, outDir, projectRoot, running, onStop });
    }
  } else {
    console.log("bench: no PostgreSQL answers at BENCH_DATABASE_URL; embedded PostgreSQL only");
  }
} finally {
  await stopEverything();
}

/**
 * No server, embedded PostgreSQL or bench database outlives the bench, even when it failed
 * half-way or was stopped (`timeout` sends SIGTERM; npm passes it on). Runs once.
 */
async function stopEverything() {
  stopping ??= stopAll();
  return stopping;
}

async function stopAll() {
  for (const child of running) {
    await stop({
      child,
      exit: new Promise((resolve) => child.once("exit", resolve)),
      output: () => "",
    });
  }
  let leftovers = 0;
  for (const dataDir of embeddedDirs) {
    leftovers += await stopLeftoverPostmasters(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  }
  if (leftovers) console.log(`bench: ${leftovers} embedded PostgreSQL server(s) had to be stopped`);
  for (const cleanup of onStop) await cleanup();
}

const sizes = await jsSizes();
const fmt = (n, d = 0) => n.toFixed(d);
const times = (values) =>
  `${fmt(median(values))} ms${values.length > 1 ? ` (${values.join(", ")})` : ""}`;
const memoryLine = ({ app, postgres }) =>
  `app ${fmt(app.rss)} MB` +
  (postgres
    ? `; PostgreSQL (${postgres.processes} processes) ${fmt(postgres.rss)} MB summed RSS, ${fmt(postgres.pss)} MB summed PSS`
    : "");
let report = "";
for (const r of results) {
  report += `\n### ${r.label} (${DURATION} s per call, ${CONNECTIONS} connections)\n\n`;
  if (!ONLY_ROWS) {
    report += `First 200 after start, median of ${START_REPEATS}: cold on an empty ${r.memoryAfterLogin.postgres ? "DATA_DIR (initdb + migrations)" : "database (migrations)"} ${times(r.coldTimes)}; `;
    report += `first start on the seeded data ${r.firstMs} ms; warm (restart) ${times(r.warmTimes)}.\n\n`;
    report += `Memory after seeding and one login: ${memoryLine(r.memoryAfterLogin)}. `;
    report += `After the calls: ${memoryLine(r.memoryAfterCalls)} (app peak ${fmt(r.memoryAfterCalls.app.peak)} MB).\n\n`;
  }
  report +=
    "| call | req/s | p50 ms | p99 ms | vs health | non-2xx/errors |\n|---|---:|---:|---:|---:|---:|\n";
  for (const row of r.rows) {
    report += `| ${row.name} | ${fmt(row.rps)} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${fmt(row.ratio, 2)} | ${row.errors} |\n`;
  }
}

const embedded = results.find((r) => r.label === "Embedded PostgreSQL");
if (embedded && !ONLY_ROWS) {
  const rps = (r, prefix) => r.rows.find((row) => row.name.startsWith(prefix)).rps;
  const health = rps(embedded, "GET /api/health");
  const user = rps(embedded, "GET /api/auth/user");
  const speedup = (now, then) => `x${fmt(now / then, 2)}`;
  const coldMs = median(embedded.coldTimes);
  const warmMs = median(embedded.warmTimes);
  // Where PGlite's figure was taken: after seeding and one login (the calls' load then grows V8's
  // heap alike on both databases; reported beside it).
  const appRss = embedded.memoryAfterLogin.app.rss;
  const met = (ok) => (ok ? "met" : "**missed**");
  report += "\n### Embedded PostgreSQL against its targets\n\n";
  report += `PGlite (the previous version's bench on this machine): health ${PGLITE_RUN.health} req/s, current user ${PGLITE_RUN.user} req/s.\n\n`;
  report += "| target | this run | |\n|---|---|---|\n";
  report += `| warm start to first 200 <= ${TARGETS.warmMs} ms | ${fmt(warmMs)} ms | ${met(warmMs <= TARGETS.warmMs)} |\n`;
  report += `| cold first start (initdb) <= ${TARGETS.coldMs} ms | ${fmt(coldMs)} ms | ${met(coldMs <= TARGETS.coldMs)} |\n`;
  report += `| GET /api/health >= x${TARGETS.speedup} PGlite | ${fmt(health)} req/s, ${speedup(health, PGLITE_RUN.health)} | ${met(health >= TARGETS.speedup * PGLITE_RUN.health)} |\n`;
  report += `| GET /api/auth/user >= x${TARGETS.speedup} PGlite | ${fmt(user)} req/s, ${speedup(user, PGLITE_RUN.user)} | ${met(user >= TARGETS.speedup * PGLITE_RUN.user)} |\n`;
  report += `| app RSS <= ${TARGETS.appRssMb} MB, 50,000 expenses seeded | ${fmt(appRss)} MB after seeding and login (after the calls ${fmt(embedded.memoryAfterCalls.app.rss)} MB, peak ${fmt(embedded.memoryAfterCalls.app.peak)} MB) | ${met(appRss <= TARGETS.appRssMb)} |\n`;
  const first = embedded.firstStart;
  report += `| app RSS <= ${FIRST_START_TARGET_MB} MB idle after a first \`npm start\` (which built) | ${fmt(first.idle.rss)} MB idle (after its load ${fmt(first.afterLoad.rss)} MB, peak ${fmt(first.afterLoad.peak)} MB) | ${met(first.built && first.idle.rss <= FIRST_START_TARGET_MB)} |\n`;
  report += firstStartReport(first);
}

/** The table of ten years of expenses for one database: each figure, its target and PASS/FAIL. */
function tenYearsReport(r) {
  const { monthRows, search, browser } = r.tenYears;
  const row = (prefix) => r.rows.find((x) => x.name.startsWith(prefix));
  const verdict = (value, ok) =>
    value === null || value === undefined || Number.isNaN(value)
      ? "NOT MEASURED"
      : ok
        ? "PASS"
        : "**FAIL**";
  const list = (values) => values.map((v) => (v === null ? "none" : fmt(v))).join(", ");
  const lines = [];
  const add = (figure, target, thisRun, result) =>
    lines.push(`| ${figure} | ${target} | ${thisRun} | ${result} |`);

  const ex = browser.expenses;
  if (ex) {
    const first = median(ex.firstRowMs.filter((v) => v !== null));
    const seen = ex.firstRowMs.every((v) => v !== null);
    const floor = floorMedian(browser.expensesFloor);
    add(
      `Expenses page: navigation start to the first expense row painted, median of ${browser.navigations}`,
      `<= ${TEN_YEARS_TARGETS.firstRowVsFloor}x its floor (below)`,
      seen
        ? `${fmt(first)} ms (${list(ex.firstRowMs)}; in the DOM ${fmt(median(ex.firstRowDomMs))} ms)${floor ? `: ${fmt(first / floor, 2)}x` : ""}`
        : `row not seen in ${list(ex.firstRowMs)}`,
      seen && floor
        ? verdict(first / floor, first / floor <= TEN_YEARS_TARGETS.firstRowVsFloor)
        : "NOT MEASURED",
    );
    floorRow(add, list, browser.expensesFloor, "Expenses page", seen ? first : null);
    const bytes = ex.firstPageBytes.length ? Math.max(...ex.firstPageBytes) : null;
    add(
      "Expenses page: JSON of the first page's response",
      `<= ${TEN_YEARS_TARGETS.firstPageBytes / 1000} KB`,
      bytes === null
        ? `no ${EXPENSE_PAGE_API} call seen`
        : `${bytes} bytes, ${fmt(bytes / 1000, 1)} KB (${ex.firstPageItems} expenses, ${ex.firstPageEncoding}; ${new URL(ex.firstPageUrl).search || "no query"})`,
      verdict(bytes, bytes <= TEN_YEARS_TARGETS.firstPageBytes),
    );
    const s = ex.scroll;
    const ended = s.reachedEnd
      ? s.oldestVisible
        ? "the oldest expense visible"
        : "the last page loaded"
      : `**not the end**: ${s.endReason}`;
    add(
      "Expenses page: rows in the DOM after scrolling to the bottom of ten years",
      `<= ${TEN_YEARS_TARGETS.domRows}`,
      `${s.finalRows} at the end, at most ${s.maxRows} during the scroll; ${s.pages} pages, ${s.items} expenses loaded in ${fmt(s.seconds)} s (${ended}${s.failedCalls ? `; ${s.failedCalls} failed calls` : ""})`,
      s.pages === 0
        ? "NOT MEASURED"
        : `${verdict(s.maxRows, s.maxRows <= TEN_YEARS_TARGETS.domRows)}${s.reachedEnd ? "" : " (end not reached)"}`,
    );
  } else {
    add("Expenses page in Chromium", "", browser.expensesError, "NOT MEASURED");
  }
  add(
    `Search over ten years: GET ${SEARCH_PATH}, p50 of ${SEARCH_REQUESTS} sequential`,
    `<= ${TEN_YEARS_TARGETS.searchP50Ms} ms`,
    search.status === 200
      ? `${fmt(search.p50, 1)} ms (max ${fmt(search.max, 1)} ms; ${Math.min(...search.matches)}-${Math.max(...search.matches)} matches a word, at least ${search.items} on the first page)`
      : `status ${search.status}`,
    search.status === 200
      ? verdict(search.p50, search.p50 <= TEN_YEARS_TARGETS.searchP50Ms)
      : "NOT MEASURED",
  );
  const summary = row(`GET ${SUMMARY_PATH}`);
  const health50 = row(`GET /api/health (baseline, ${SUMMARY_CONNECTIONS}`);
  const summaryOk = summary && summary.errors === 0;
  add(
    `GET ${SUMMARY_PATH}: p99 at ${SUMMARY_CONNECTIONS} connections`,
    `<= ${TEN_YEARS_TARGETS.summaryP99Ms} ms`,
    summaryOk ? `${fmt(summary.p99)} ms` : `${summary?.errors} non-2xx/errors`,
    summaryOk
      ? verdict(summary.p99, summary.p99 <= TEN_YEARS_TARGETS.summaryP99Ms)
      : "NOT MEASURED",
  );
  add(
    `GET ${SUMMARY_PATH}: req/s against /api/health, both at ${SUMMARY_CONNECTIONS} connections`,
    `>= ${TEN_YEARS_TARGETS.summaryVsHealth}`,
    summaryOk
      ? `${fmt(summary.ratio, 2)} (${fmt(summary.rps)} against ${fmt(health50.rps)} req/s)`
      : "-",
    summaryOk
      ? verdict(summary.ratio, summary.ratio >= TEN_YEARS_TARGETS.summaryVsHealth)
      : "NOT MEASURED",
  );
  const db = browser.dashboard;
  if (db) {
    const seen = db.paintedMs.every((v) => v !== null);
    const painted = median(db.paintedMs.filter((v) => v !== null));
    const floor = floorMedian(browser.dashboardFloor);
    add(
      `Dashboard (${dashboardNote(db)}): totals and week cards showing money after navigation start, median of ${browser.navigations}`,
      `<= ${TEN_YEARS_TARGETS.dashboardVsFloor}x its floor (below)`,
      seen
        ? `${fmt(painted)} ms (${list(db.paintedMs)}; in the DOM ${fmt(median(db.domMs))} ms)${floor ? `: ${fmt(painted / floor, 2)}x` : ""}`
        : `not seen in ${list(db.paintedMs)}`,
      seen && floor
        ? verdict(painted / floor, painted / floor <= TEN_YEARS_TARGETS.dashboardVsFloor)
        : "NOT MEASURED",
    );
    floorRow(add, list, browser.dashboardFloor, "Dashboard", seen ? painted : null);
  } else {
    add("Dashboard in Chromium", "", browser.dashboardError, "NOT MEASURED");
  }
  const monthList = row(`GET ${MONTH_LIST_PATH}`);
  const health = r.rows.find((x) => x.connections === monthList.connections);
  add(
    `GET ${MONTH_LIST_PATH} (${monthRows ?? "?"} expenses): req/s against /api/health at ${monthList.connections} connections (one person's heavy reads at once)`,
    `>= ${TEN_YEARS_TARGETS.monthListVsHealth}`,
    `${fmt(monthList.ratio, 3)} (${fmt(monthList.rps)} against ${fmt(health.rps)} req/s)`,
    monthList.errors === 0
      ? verdict(monthList.ratio, monthList.ratio >= TEN_YEARS_TARGETS.monthListVsHealth)
      : "NOT MEASURED",
  );
  const { afterChange } = r.tenYears;
  add(
    `Right after a change to the family (a new expense), computed again: GET ${SUMMARY_PATH} and GET ${MONTH_LIST_PATH}, p50 of ${AFTER_CHANGE_ROUNDS} sequential`,
    "(no target; the rows above time the body the server keeps)",
    afterChange.status === 200
      ? `summary ${fmt(afterChange.summaryP50, 1)} ms, month list ${fmt(afterChange.monthListP50, 1)} ms`
      : `status ${afterChange.status}`,
    afterChange.status === 200 ? "-" : "NOT MEASURED",
  );
  let out = `\n### Ten years of expenses: ${r.label}, the family with 50,000 expenses\n\n`;
  out += `Chromium ${browser.version ?? ""} headless, ${VIEWPORT.width}x${VIEWPORT.height}, signed in as ${BIG_FAMILY_EMAIL}; one navigation not counted before each series. `;
  out += `The machine's load average (1 min, ${availableParallelism()} CPUs): ${r.tenYears.load.map((l) => fmt(l, 1)).join(" before the search and Chromium, ")} after. `;
  out += `The Expenses page ${ex?.usesPageCall ? `loads its pages from ${EXPENSE_PAGE_API}` : `made **no** ${EXPENSE_PAGE_API} call`}.\n\n`;
  out += "| figure | target | this run | |\n|---|---|---|---|\n";
  return `${out}${lines.join("\n")}\n`;
}

/**
 * The accounts screen and the dashboard's balances card for one database: each call's req/s
 * against health at the summary's connections, held to the summary's ratio of the same run; and
 * each computed again right after a change (no target).
 */
function accountsReport(r) {
  const row = (prefix) => r.rows.find((x) => x.name.startsWith(prefix));
  const summary = row(`GET ${SUMMARY_PATH}`);
  const health = row(`GET /api/health (baseline, ${SUMMARY_CONNECTIONS}`);
  const lines = [];
  for (const [screen, path] of [
    ["The accounts screen", METHODS_PATH],
    ["The dashboard's balances card", ACCOUNT_BALANCES_PATH],
  ]) {
    const call = row(`GET ${path}`);
    const ok = call && summary && call.errors === 0 && summary.errors === 0;
    const ofSummary = ok ? call.ratio / summary.ratio : null;
    lines.push(
      `| ${screen}: GET ${path}, req/s against /api/health, both at ${SUMMARY_CONNECTIONS} connections | within 10% of the summary's ratio (>= ${TEN_YEARS_TARGETS.accountsVsSummary}x ${ok ? fmt(summary.ratio, 2) : "it"}) | ${
        ok
          ? `${fmt(call.ratio, 2)} (${fmt(call.rps)} against ${fmt(health.rps)} req/s; p50 ${fmt(call.p50)} ms, p99 ${fmt(call.p99)} ms): ${fmt(ofSummary, 2)}x the summary's ${fmt(summary.ratio, 2)}`
          : `${call?.errors ?? "no"} non-2xx/errors`
      } | ${ok ? (ofSummary >= TEN_YEARS_TARGETS.accountsVsSummary ? "PASS" : "**FAIL**") : "NOT MEASURED"} |`,
    );
  }
  const { afterChange } = r.tenYears;
  lines.push(
    `| Right after a change to the family (a new expense), computed again: GET ${METHODS_PATH} and GET ${ACCOUNT_BALANCES_PATH}, p50 of ${AFTER_CHANGE_ROUNDS} sequential | (no target; the rows above time the body the server keeps) | ${
      afterChange.status === 200
        ? `accounts screen ${fmt(afterChange.methodsP50, 1)} ms, balances card ${fmt(afterChange.accountBalancesP50, 1)} ms (summary ${fmt(afterChange.summaryP50, 1)} ms)`
        : `status ${afterChange.status}`
    } | ${afterChange.status === 200 ? "-" : "NOT MEASURED"} |`,
  );
  let out = `\n### Accounts on ten years: ${r.label}, the family with 50,000 expenses\n\n`;
  out += `Three accounts and a card over the ten years (bench/seed.mjs, seedAccounts). The machine's load average (1 min, ${availableParallelism()} CPUs) around the ten years' figures: ${r.tenYears.load.map((l) => fmt(l, 1)).join(" and ")}.\n\n`;
  out += "| figure | target | this run | |\n|---|---|---|---|\n";
  return `${out}${lines.join("\n")}\n`;
}

/** The script-free copy's median (bench/browser.mjs scriptFreeCopy), or null when not measured. */
function floorMedian(floor) {
  if (!floor || floor.error || !floor.paintedMs.length || floor.paintedMs.some((v) => v === null)) {
    return null;
  }
  return median(floor.paintedMs);
}

/** The script-free copy's row (bench/browser.mjs scriptFreeCopy): the floor under a screen's figure. */
function floorRow(add, list, floor, screen, appMs) {
  if (!floor || floor.error || !floor.paintedMs.length || floor.paintedMs.some((v) => v === null)) {
    add(`${screen} as plain HTML, no script`, "(no target)", floor?.error ?? "not measured", "-");
    return;
  }
  const painted = median(floor.paintedMs);
  add(
    `${screen}, the same painted screen served as plain HTML with its stylesheet and no script (${fmt(floor.htmlBytes / 1000, 1)} KB): the floor of this machine's Chromium, median of ${floor.paintedMs.length}`,
    "(no target: what the figure above cannot go below here)",
    `${fmt(painted)} ms (${list(floor.paintedMs)}; in the DOM ${fmt(median(floor.domMs))} ms)${appMs ? `; the app takes ${fmt(appMs / painted, 2)}x this` : ""}`,
    "-",
  );
}

function dashboardNote(db) {
  return db.readsSummary ? `reads ${SUMMARY_API}` : `made **no** ${SUMMARY_API} call`;
}

for (const r of results) {
  if (!ONLY_ROWS) report += tenYearsReport(r);
  report += accountsReport(r);
}
if (households) report += households.report;
report += `\nBuilt JS+CSS, gzip: landing page ${fmt(sizes.landingKb, 1)} KiB; whole app ${fmt(sizes.allKb, 1)} KiB.\n`;
console.log(report);
// Every figure, for a closer look than the tables: .tmp/ is not committed.
await writeFile(join(projectRoot, ".tmp", "bench-last.json"), JSON.stringify(results, null, 2));
// Recurring expenses after 90 days of downtime (bench/recurring.mjs prints its own table).
if (!ONLY_ROWS) await (await import("./recurring.mjs")).benchRecurring();

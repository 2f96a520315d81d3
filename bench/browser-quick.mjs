// The browser figures against their script-free floors (bench/browser.mjs's measureBrowser), quickly:
// on a fresh embedded PostgreSQL, one new family with its starter data, the app as built at
// BENCH_QUICK_BUILD (default .tmp/quick-build: `node scripts/build.mjs --out-dir .tmp/quick-build`).
// Not the 50,000-expense family of `npm run bench`: what it shows is the web's own cost on a cold
// navigation, which does not grow with the family's data (docs/benchmarks.md). About a minute:
// `node bench/browser-quick.mjs`.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { projectRoot } from "../scripts/source-stamp.mjs";

process.env.BENCH_SCROLL_SECONDS ??= "5";
const { measureBrowser } = await import("./browser.mjs");
const build = process.env.BENCH_QUICK_BUILD ?? join(projectRoot, ".tmp", "quick-build");
const port = Number(process.env.BENCH_QUICK_PORT ?? 3330);
const base = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(join(tmpdir(), "budget-browser-quick-"));
const server = spawn(process.execPath, [join(build, "server/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: base,
    LOG_LEVEL: "warn",
  },
  stdio: "ignore",
});
const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
try {
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error("the server did not start");
    await sleep(250);
  }
  const post = (path, body, cookie) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const email = `quick${Date.now()}@example.org`;
  const registered = await post("/api/auth/register", {
    email,
    password: "senha-secreta",
    name: "Ana Souza",
    preferredLanguage: "pt",
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const login = await post("/api/auth/login", { email, password: "senha-secreta" });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`login answered ${login.status} without a cookie`);
  await post("/api/family", { name: "Família Souza" }, cookie);
  const now = new Date();
  const result = await measureBrowser({
    base,
    cookie,
    month: { month: now.getMonth() + 1, year: now.getFullYear() },
  });
  const rows = [
    ["Expenses page, first row", result.expenses?.firstRowMs, result.expensesFloor?.paintedMs],
    ["Dashboard, totals and weeks", result.dashboard?.paintedMs, result.dashboardFloor?.paintedMs],
  ];
  for (const [screen, app, floor] of rows) {
    const a = median(app ?? []);
    const f = median(floor ?? []);
    const list = (values) => (values ?? []).map((v) => (v === null ? "none" : Math.round(v)));
    console.log(
      `${screen}: ${a === null ? "not seen" : `${Math.round(a)} ms`} (${list(app)}); floor ${f === null ? "not measured" : `${Math.round(f)} ms`} (${list(floor)})${a !== null && f ? `: ${(a / f).toFixed(2)}x (target <= 1.5x)` : ""}`,
    );
  }
  for (const error of [result.expensesError, result.dashboardError]) {
    if (error) console.log(`error: ${error}`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}

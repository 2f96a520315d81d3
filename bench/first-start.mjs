// The app's process as `npm start` leaves it after a first start, the build run in a process of
// its own (README.md#run-it): its RSS idle and right after a load of calls, against the 150 MB
// target for the idle figure. `node scripts/start.mjs --out-dir .tmp/bench-start-build` on a
// folder removed first, so the start builds as on a fresh clone; the RSS is VmRSS (and the peak,
// VmHWM) in /proc/<pid>/status of that process, which is the server (start.mjs imports it).
// Part of `npm run bench` (bench/run.mjs, on its seeded embedded DATA_DIR, signed in as the big
// family); alone, on a fresh DATA_DIR with one account it signs up:
// `node --import tsx bench/first-start.mjs`.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { projectRoot } from "../scripts/source-stamp.mjs";
import { npmStartFlags } from "./npm-start-flags.mjs";

export const FIRST_START_TARGET_MB = 150;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const outDir = join(projectRoot, ".tmp", "bench-start-build");

/** VmRSS and its peak (VmHWM) of one process, in MB. */
async function processMemory(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Starts the app with `npm start`'s script on a build it makes (env: the app's, DATA_DIR or
 * DATABASE_URL), waits for /api/health, lets it idle IDLE_SECONDS, runs `beforeLoad(base)`, signs
 * in as `email`, runs the calls (GET /api/health, the login, GET /api/auth/user, then each of
 * `paths` with the session) for `duration` s each, and stops it with SIGTERM (it stops its
 * PostgreSQL). `running` holds the process while it runs, for the caller's clean-up on a signal.
 */
export async function measureFirstStart({
  port,
  env,
  email,
  password,
  paths = [],
  duration = 5,
  connections = 10,
  running = new Set(),
  beforeLoad = async () => {},
}) {
  await rm(outDir, { recursive: true, force: true });
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [...npmStartFlags, join(projectRoot, "scripts/start.mjs"), "--out-dir", outDir],
    {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  running.add(child);
  const exit = new Promise((resolve) => child.once("exit", resolve));
  let output = "";
  child.stdout.on("data", (c) => {
    output += c;
  });
  child.stderr.on("data", (c) => {
    output += c;
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    // The build takes a few seconds to a minute; at most 10 minutes.
    for (;;) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null || Date.now() - started > 600_000) {
        throw new Error(`npm start's first start did not answer:\n${output}`);
      }
      await sleep(50);
    }
    const firstMs = Date.now() - started;
    const built =
      output.includes("Building the app") &&
      (await stat(join(outDir, ".source-stamp")).then(
        () => true,
        () => false,
      ));
    await sleep(IDLE_SECONDS * 1000);
    const idle = await processMemory(child.pid);
    await beforeLoad(base);

    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`${email} cannot sign in: ${login.status}`);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const calls = [
      ["GET /api/health", { url: `${base}/api/health` }],
      [
        "POST /api/auth/login",
        {
          url: `${base}/api/auth/login`,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password }),
        },
      ],
      ["GET /api/auth/user", { url: `${base}/api/auth/user`, headers: { cookie } }],
      ...paths.map((path) => [`GET ${path}`, { url: `${base}${path}`, headers: { cookie } }]),
    ];
    const rows = [];
    for (const [name, options] of calls) {
      const result = await cannon({ duration, connections, ...options });
      rows.push({ name, rps: result.requests.average, errors: result.non2xx + result.errors });
    }
    const afterLoad = await processMemory(child.pid);
    return { firstMs, built, idleSeconds: IDLE_SECONDS, idle, afterLoad, rows };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timeout = sleep(90_000).then(() => "timeout");
      if ((await Promise.race([exit, timeout])) === "timeout") {
        console.log(`bench: npm start's server ${child.pid} ignored SIGTERM for 90 s; killing it`);
        child.kill("SIGKILL");
        await exit;
      }
    }
    running.delete(child);
    await rm(outDir, { recursive: true, force: true });
  }
}

const fmt = (n) => n.toFixed(0);

/** The report's lines: the figures, then the calls of the load. */
export function firstStartReport(r) {
  const verdict = r.idle.rss <= FIRST_START_TARGET_MB ? "met" : "**missed**";
  let report = `\n### \`npm start\` after a first start (the build in its own process)\n\n`;
  report += `${r.built ? "Built, then served" : "**Did not build** (the build was current?)"}: first 200 after ${r.firstMs} ms, build included. `;
  report += `App RSS idle (${r.idleSeconds} s after the first 200) ${fmt(r.idle.rss)} MB (target <= ${FIRST_START_TARGET_MB} MB: ${verdict}); `;
  report += `right after the load ${fmt(r.afterLoad.rss)} MB (peak ${fmt(r.afterLoad.peak)} MB).\n\n`;
  report += "| call (the load) | req/s | non-2xx/errors |\n|---|---:|---:|\n";
  for (const row of r.rows) report += `| ${row.name} | ${fmt(row.rps)} | ${row.errors} |\n`;
  return report;
}

/** Alone: a fresh DATA_DIR (initdb on the first start) and one account signed up through the API. */
async function alone() {
  const port = Number(process.env.BENCH_FIRST_START_PORT ?? 3250);
  const dataDir = await mkdtemp(join(tmpdir(), "budget-bench-first-start-"));
  const email = "first-start@example.org";
  const password = "bench-first-start-password-71";
  const running = new Set();
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      for (const child of running) child.kill("SIGTERM");
    });
  }
  try {
    const result = await measureFirstStart({
      port,
      env: { DATA_DIR: dataDir },
      email,
      password,
      duration: Number(process.env.BENCH_SECONDS ?? 5),
      running,
      // After the idle figure, so that it is the app as started.
      beforeLoad: async (base) => {
        const res = await fetch(`${base}/api/auth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password, name: "First Start" }),
        });
        if (res.status !== 201) throw new Error(`sign-up: ${res.status}`);
      },
    });
    console.log(firstStartReport(result));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await alone();

// The landing page's figures: Lighthouse's mobile performance score (target >= 95), its Largest
// Contentful Paint (target <= 1.5 s) and its Total Blocking Time (target <= 200 ms) for '/' signed
// out, in this machine's Chromium (/usr/bin/chromium, CHROME_PATH), each the median of 3 runs
// (BENCH_LIGHTHOUSE_RUNS; the figures in docs/benchmarks.md are medians of 5). Lighthouse's
// defaults for mobile: a Moto G-class phone, simulated slow 4G and 4x CPU slowdown. The app is
// built into .tmp/lighthouse-build (scripts/build.mjs: the landing budget and the precompressed
// files included) and served by the built server on its own port (BENCH_LIGHTHOUSE_PORT, 3240)
// with a fresh embedded PostgreSQL. Not part of `npm test` nor of `npm run bench` (it takes about a
// minute): `node bench/lighthouse.mjs`.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildAll } from "../scripts/build.mjs";
import { projectRoot } from "../scripts/source-stamp.mjs";

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3240);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGETS = { score: 95, lcpMs: 1_500, tbtMs: 200 };
const url = `http://127.0.0.1:${PORT}/`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data) => {
      stdout += data;
    });
    child.stderr.on("data", (data) => {
      stderr += data;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${command} exited ${code}: ${stderr}`)),
    );
  });
}

async function lighthouseOnce() {
  const json = await run(
    join(projectRoot, "node_modules/.bin/lighthouse"),
    [
      url,
      "--only-categories=performance",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { CHROME_PATH: CHROME },
  );
  const report = JSON.parse(json);
  const audit = (id) => report.audits[id]?.numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: audit("largest-contentful-paint"),
    fcpMs: audit("first-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    transferKb: audit("total-byte-weight") / 1024,
  };
}

const outDir = join(projectRoot, ".tmp", "lighthouse-build");
await buildAll({ quiet: true, outDir });
const dataDir = await mkdtemp(join(tmpdir(), "budget-lighthouse-"));
const server = spawn(process.execPath, [join(outDir, "server/main.js")], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${PORT}`,
  },
  stdio: "ignore",
});
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the server did not start");
    await sleep(250);
  }
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseOnce());
  const result = {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    transferKb: median(runs.map((r) => r.transferKb)),
  };
  const pass = (ok) => (ok ? "PASS" : "FAIL");
  console.log(`Lighthouse mobile, ${url}, median of ${RUNS} (${CHROME}):`);
  console.log(
    `  runs (score/LCP/TBT): ${runs.map((r) => `${r.score}/${Math.round(r.lcpMs)} ms/${Math.round(r.tbtMs)} ms`).join(", ")}`,
  );
  console.log(
    `  performance score ${result.score} (>= ${TARGETS.score}) ${pass(result.score >= TARGETS.score)}`,
  );
  console.log(
    `  LCP ${(result.lcpMs / 1000).toFixed(2)} s (<= 1.5 s) ${pass(result.lcpMs <= TARGETS.lcpMs)}`,
  );
  console.log(
    `  TBT ${Math.round(result.tbtMs)} ms (<= 200 ms) ${pass(result.tbtMs <= TARGETS.tbtMs)}`,
  );
  console.log(
    `  FCP ${(result.fcpMs / 1000).toFixed(2)} s; transferred ${result.transferKb.toFixed(1)} KB`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}

// Hostile CSV previews against the server's event loop and memory: eight people each send a
// heavy file to POST /api/imports/preview at the same moment, while GET /api/health is called
// one request after another; the targets are health's p99 under 200 ms and the server's RSS
// (/proc/<pid>/status VmRSS, worker thread included, sampled every few ms) under 400 MB
// (docs/product.md#csv-import). Two files: the one a review sent (20,000 lines of 130
// one-character cells, 5 MB), which the column cap now refuses at its first line, and the
// heaviest the caps accept (20,000 lines of 50 one-character cells), which is read in full.
// Part of `npm run bench` (bench/run.mjs, with eight of its seeded users); alone, on an embedded
// PostgreSQL seeded with eight users: `node --import tsx bench/hostile-preview.mjs`.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { percentile, rssMb, untilHealthy } from "./process-figures.mjs";

const PARALLEL = 8;
const SAMPLE_MS = 5;
const HEALTH_GAP_MS = 10;
const TARGETS = { healthP99Ms: 200, rssMb: 400 };

/** `lines` lines of `cells` one-character cells; with `dated`, the first two a date and an amount. */
function wideFile(lines, cells, dated) {
  const rest = Array.from({ length: dated ? cells - 2 : cells }, () => "x").join(";");
  const text = Array.from({ length: lines }, (_, i) =>
    dated ? `10/03/2026;-${i + 1},00;${rest}` : rest,
  );
  return Buffer.from(text.join("\n")).toString("base64");
}

const FILES = [
  ["the review's file: 20,000 lines x 130 cells, 5 MB", () => wideFile(20_000, 130, false)],
  ["the widest the caps accept: 20,000 lines x 50 cells", () => wideFile(20_000, 50, true)],
];

async function signIn(base, account) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`${account.email} cannot sign in: ${res.status}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/** Eight previews of `body` at once; health and RSS measured until the last one is answered. */
async function hostileRound(base, pid, cookies, body) {
  let running = true;
  let peak = await rssMb(pid);
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid));
      await sleep(SAMPLE_MS);
    }
  })();
  const health = [];
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((res) => res.arrayBuffer());
      health.push(performance.now() - started);
      await sleep(HEALTH_GAP_MS);
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    cookies.map(async (cookie) => {
      const res = await fetch(`${base}/api/imports/preview`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body,
      });
      const text = await res.text();
      return { status: res.status, bytes: Buffer.byteLength(text) };
    }),
  );
  const ms = performance.now() - started;
  running = false;
  await Promise.all([sampler, prober]);
  peak = Math.max(peak, await rssMb(pid));
  return { answers, ms, health, peak };
}

/**
 * The figures for one running server (`pid`); `accounts` are eight users of their own family
 * ({ email, password }), so no one's two-previews limit is what keeps the load down.
 */
export async function measureHostilePreview(base, pid, label, accounts) {
  const load = loadavg()[0];
  const cookies = [];
  for (const account of accounts.slice(0, PARALLEL)) cookies.push(await signIn(base, account));
  const before = await rssMb(pid);
  const rounds = [];
  for (const [name, file] of FILES) {
    const body = JSON.stringify({ contentBase64: file() });
    rounds.push({ name, ...(await hostileRound(base, pid, cookies, body)) });
  }
  const fmt = (n, digits = 0) => n.toFixed(digits);
  const met = (ok) => (ok ? "met" : "**not met**");
  let report =
    `\n### ${label}: ${PARALLEL} hostile CSV previews at once\n\n` +
    `Load average before: ${fmt(load, 2)} on ${availableParallelism()} cores. RSS before: ${fmt(before)} MB.\n\n` +
    "| file | answers | all answered in | health calls | health p50 / p99 | p99 target | RSS peak | RSS target |\n" +
    "|---|---|---|---|---|---|---|---|\n";
  for (const round of rounds) {
    const p99 = percentile(round.health, 99);
    const statuses = [...new Set(round.answers.map((a) => a.status))].join(", ");
    const largest = Math.max(...round.answers.map((a) => a.bytes)) / 1024 / 1024;
    report +=
      `| ${round.name} | ${statuses} (largest ${fmt(largest, 1)} MB) | ${fmt(round.ms)} ms | ${round.health.length} | ` +
      `${fmt(percentile(round.health, 50), 1)} / ${fmt(p99, 1)} ms | < ${TARGETS.healthP99Ms} ms ${met(p99 < TARGETS.healthP99Ms)} | ` +
      `${fmt(round.peak)} MB | < ${TARGETS.rssMb} MB ${met(round.peak < TARGETS.rssMb)} |\n`;
  }
  console.log(report);
  return rounds;
}

// Alone: seeds eight users with a family each, starts the built server, measures, stops it.

const PASSWORD = "bench-password";
const accountsAlone = Array.from({ length: PARALLEL }, (_, i) => ({
  email: `hostile${i}@example.org`,
  password: PASSWORD,
}));

async function seed(pool, passwordHash) {
  for (const { email } of accountsAlone) {
    await pool.query(
      `insert into users (email, password_hash, name, preferred_language) values ($1, $2, 'Bench', 'pt')`,
      [email, passwordHash],
    );
  }
  await pool.query(`
    insert into families (name, owner_id) select 'Família ' || email, id from users;
    insert into family_members (family_id, user_id, role) select id, owner_id, 'owner' from families;`);
}

async function alone() {
  const { buildAll } = await import("../scripts/build.mjs");
  const { buildIsCurrent, projectRoot } = await import("../scripts/source-stamp.mjs");
  const { openEmbedded } = await import("../src/server/db/client.ts");
  const { startEmbeddedPostgres } = await import("../src/server/db/embedded-postgres.ts");
  const { passwordHasher } = await import("../src/server/passwords.ts");
  const hashPassword = passwordHasher("owasp").hash;
  const outDir = join(projectRoot, ".tmp", "bench-build");
  if (!(await buildIsCurrent(outDir))) {
    console.log("bench hostile preview: building the app...");
    await buildAll({ quiet: true, outDir });
  }
  const quietLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => quietLog };
  const port = Number(process.env.BENCH_HOSTILE_PORT ?? 3250);
  const dataDir = await mkdtemp(join(tmpdir(), "budget-bench-hostile-"));
  try {
    const database = openEmbedded(await startEmbeddedPostgres({ dataDir, log: quietLog }));
    try {
      await database.migrate();
      await seed(database.pool, await hashPassword(PASSWORD));
    } finally {
      await database.close();
    }
    const child = spawn(process.execPath, [join(outDir, "server/main.js")], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: "warn", DATA_DIR: dataDir },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      await untilHealthy(base, child);
      await measureHostilePreview(base, child.pid, "Embedded PostgreSQL", accountsAlone);
    } finally {
      child.kill("SIGTERM"); // stops its embedded PostgreSQL too
      await exited;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await alone();

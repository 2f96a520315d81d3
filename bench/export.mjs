// The figure for the CSV export (docs/product.md#exporting-to-csv): the 50,000 expenses of the
// bench's big family exported in <= 2 s, the server's RSS growing by <= 30 MB while it streams.
// Times GET /api/expenses/export.csv from the request to the last byte read (read as it comes,
// never kept here), while /proc/<pid>/status VmRSS of the server's process is sampled every few ms;
// growth is the highest sample during the stream minus the sample right before the request.
// Part of `npm run bench` (bench/run.mjs, on its seeded family); alone, on an embedded PostgreSQL
// and, when one answers at BENCH_DATABASE_URL, a PostgreSQL database of its own, each seeded with
// one family of 50,000 expenses: `node --import tsx bench/export.mjs`.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { rssMb, untilHealthy } from "./process-figures.mjs";

const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 5);
const WARMUP = 1;
const SAMPLE_MS = 5;
const TARGETS = { ms: 2_000, rssGrowthMb: 30 };
const EXPORT_PATH = "/api/expenses/export.csv?language=pt";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One export, read to the end chunk by chunk; the rows counted, RSS sampled meanwhile. */
async function exportOnce(base, cookie, pid) {
  const before = await rssMb(pid);
  let peak = before;
  let streaming = true;
  const sampler = (async () => {
    while (streaming) {
      peak = Math.max(peak, await rssMb(pid));
      await sleep(SAMPLE_MS);
    }
  })();
  const started = performance.now();
  const res = await fetch(`${base}${EXPORT_PATH}`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  const ms = performance.now() - started;
  streaming = false;
  await sampler;
  peak = Math.max(peak, await rssMb(pid));
  return { status: res.status, ms, bytes, rows: lines - 1, growthMb: peak - before, before, peak };
}

/** The figures for one running server (`pid`) signed in as the family's member (`cookie`). */
export async function measureExport(base, cookie, pid, label) {
  const load = loadavg()[0];
  const runs = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const run = await exportOnce(base, cookie, pid);
    if (run.status !== 200) throw new Error(`${EXPORT_PATH}: ${run.status}`);
    if (i >= WARMUP) runs.push(run);
  }
  const ms = median(runs.map((r) => r.ms));
  const growth = Math.max(...runs.map((r) => r.growthMb));
  const fmt = (n, digits = 0) => n.toFixed(digits);
  const met = (ok) => (ok ? "met" : "**missed**");
  console.log(
    `\n### ${label}: CSV export\n\n` +
      `GET ${EXPORT_PATH}: ${runs[0].rows} rows, ${fmt(runs[0].bytes / 1e6, 2)} MB, ${ROUNDS} sequential after ${WARMUP} not counted; ` +
      `VmRSS of the server's process sampled every ${SAMPLE_MS} ms. ` +
      `Load average (1 min, ${availableParallelism()} CPUs): ${fmt(load, 1)} before, ${fmt(loadavg()[0], 1)} after.\n\n` +
      "| figure | this run | target | |\n|---|---|---|---|\n" +
      `| request to last byte, median | ${fmt(ms)} ms (${runs.map((r) => fmt(r.ms)).join(", ")}) | <= ${TARGETS.ms} ms | ${met(ms <= TARGETS.ms)} |\n` +
      `| RSS growth while streaming, largest | ${fmt(growth, 1)} MB (${runs.map((r) => fmt(r.growthMb, 1)).join(", ")}; RSS ${fmt(runs[0].before)} -> ${fmt(runs[0].peak)} MB in the first) | <= ${TARGETS.rssGrowthMb} MB | ${met(growth <= TARGETS.rssGrowthMb)} |\n`,
  );
  return { ms, growthMb: growth, rows: runs[0].rows, bytes: runs[0].bytes, runs };
}

// Alone: seeds, starts the built server, measures, stops everything.

const EXPENSES = 50_000;
const PASSWORD = "bench-password";
const EMAIL = "export0@example.org";

async function seed(pool, passwordHash) {
  await pool.query(
    `insert into users (email, password_hash, name, preferred_language) values ($1, $2, 'Bench Export', 'pt')`,
    [EMAIL, passwordHash],
  );
  await pool.query(`
    insert into families (name, owner_id) select 'Família Export', id from users where email = '${EMAIL}';
    insert into family_members (family_id, user_id, role) select id, owner_id, 'owner' from families;
    insert into categories (family_id, name, weekly_budget, monthly_budget)
    select f.id, c.name, c.budget / 4, c.budget
    from families f cross join (values ('Mercado', 800.00), ('Transporte', 400.00), ('Casa', 1200.00),
      ('Lazer', 300.00), ('Saúde', 200.00)) as c(name, budget);
    insert into expenses (family_id, description, amount, category_id, added_by_user_id, paid_by_user_id, date)
    select f.id, 'Gasto ' || g, ((g * 7919) % 50000 + 100) / 100.0,
      (select id from categories c where c.family_id = f.id order by name offset (g % 5) limit 1),
      f.owner_id, f.owner_id, date '2026-12-31' - (g % 3650)
    from families f, generate_series(1, ${EXPENSES}) as g;
    analyze;`);
}

async function alone() {
  const { buildAll } = await import("../scripts/build.mjs");
  const { buildIsCurrent, projectRoot } = await import("../scripts/source-stamp.mjs");
  const { openEmbedded, openPostgres } = await import("../src/server/db/client.ts");
  const { startEmbeddedPostgres } = await import("../src/server/db/embedded-postgres.ts");
  const { passwordHasher } = await import("../src/server/passwords.ts");
  const hashPassword = passwordHasher("owasp").hash;
  const outDir = join(projectRoot, ".tmp", "bench-build");
  if (!(await buildIsCurrent(outDir))) {
    console.log("bench export: building the app...");
    await buildAll({ quiet: true, outDir });
  }
  const passwordHash = await hashPassword(PASSWORD);
  const quietLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => quietLog };
  const port = Number(process.env.BENCH_EXPORT_PORT ?? 3240);

  async function withServer(env, label) {
    const child = spawn(process.execPath, [join(outDir, "server/main.js")], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      await untilHealthy(base, child);
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`login: ${login.status}`);
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
      return await measureExport(base, cookie, child.pid, label);
    } finally {
      child.kill("SIGTERM"); // stops its embedded PostgreSQL too
      await exited;
    }
  }

  const dataDir = await mkdtemp(join(tmpdir(), "budget-bench-export-"));
  try {
    const database = openEmbedded(await startEmbeddedPostgres({ dataDir, log: quietLog }));
    try {
      await database.migrate();
      await seed(database.pool, passwordHash);
    } finally {
      await database.close();
    }
    await withServer({ DATA_DIR: dataDir }, "Embedded PostgreSQL");
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  if (
    !(await admin.connect().then(
      () => true,
      () => false,
    ))
  ) {
    console.log("bench export: no PostgreSQL answers at BENCH_DATABASE_URL; embedded only");
    return;
  }
  const name = `bench_export_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const appDir = await mkdtemp(join(tmpdir(), "budget-bench-export-app-"));
  try {
    await admin.query(`create database ${name}`);
    const database = openPostgres(url.toString());
    try {
      await database.migrate();
      await seed(database.pool, passwordHash);
    } finally {
      await database.close();
    }
    await withServer(
      {
        DATABASE_URL: url.toString(),
        DATA_DIR: appDir,
        SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
      },
      "PostgreSQL",
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(appDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await alone();

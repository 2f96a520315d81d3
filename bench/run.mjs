// `npm run bench`: seeds 100 families (one with 50,000 expenses over ten years), starts the built
// server on it and measures the main calls with autocannon, against GET /api/health as the
// baseline of the same run; on PGlite and, when one answers, on PostgreSQL. Also: server memory
// after seeding, time to the first 200 after start (cold and warm), and the built JS sizes.
// Not part of `npm test`: figures depend on the machine; read them as medians and ratios.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildAll } from "../scripts/build.mjs";
import { buildIsCurrent, projectRoot } from "../scripts/source-stamp.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FAMILIES = 100;
const BIG_FAMILY_EXPENSES = 50_000;
const PASSWORD = "bench-password";
const outDir = join(projectRoot, ".tmp", "bench-build");

if (!(await buildIsCurrent(outDir))) {
  console.log("bench: building the app...");
  await buildAll({ quiet: true, outDir });
}
// The server's own database layer and password hash (run under tsx: see package.json).
const { openPglite, openPostgres } = await import("../src/server/db/client.ts");
const { hashPassword } = await import("../src/server/features/auth/passwords.ts");

async function seed(database, passwordHash) {
  // One statement per call: PGlite's query() takes a single statement.
  const sql = async (text) => {
    for (const statement of text
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)) {
      await database.execute(statement);
    }
  };
  await sql(`
    insert into users (email, password_hash, name, first_name, preferred_language)
    select 'bench' || i || '@example.org', '${passwordHash}', 'Bench ' || i, 'Bench', 'pt'
    from generate_series(0, ${FAMILIES - 1}) as i;
    insert into families (name, owner_id)
    select 'Família ' || substr(email, 6, position('@' in email) - 6), id from users where email like 'bench%';
    insert into family_members (family_id, user_id, role) select id, owner_id, 'owner' from families;
    insert into categories (family_id, name, weekly_budget, monthly_budget)
    select f.id, c.name, c.budget / 4, c.budget
    from families f cross join (values ('Mercado', 800.00), ('Transporte', 400.00), ('Casa', 1200.00),
      ('Lazer', 300.00), ('Saúde', 200.00)) as c(name, budget);`);
  // The big family: 50,000 expenses spread over the ten years before 2026-12-31.
  await sql(`
    insert into expenses (family_id, description, amount, category_id, added_by_user_id, date)
    select f.id, 'Gasto ' || g, ((g * 7919) % 50000 + 100) / 100.0,
      (select id from categories c where c.family_id = f.id order by name offset (g % 5) limit 1),
      f.owner_id, date '2026-12-31' - (g % 3650)
    from families f join users u on u.id = f.owner_id and u.email = 'bench0@example.org',
      generate_series(1, ${BIG_FAMILY_EXPENSES}) as g;`);
  await sql(`
    insert into expenses (family_id, description, amount, category_id, added_by_user_id, date)
    select f.id, 'Gasto ' || g, 10.00 + g, (select id from categories c where c.family_id = f.id limit 1),
      f.owner_id, date '2026-11-01' + (g % 28)
    from families f join users u on u.id = f.owner_id and u.email <> 'bench0@example.org',
      generate_series(1, 100) as g;`);
}

function startServer(env) {
  const started = Date.now();
  const child = spawn(process.execPath, [join(outDir, "server/main.js")], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => {
    output += c;
  });
  child.stderr.on("data", (c) => {
    output += c;
  });
  return { child, started, output: () => output };
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

const stop = (server) =>
  new Promise((resolve) => {
    server.child.once("exit", resolve);
    server.child.kill("SIGTERM");
  });

const rssMb = async (pid) => {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
};

function cannon(url, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, duration: DURATION, connections: CONNECTIONS, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measure(label, env, port) {
  const cold = await run(port, env);
  await stop(cold.server);
  const { server, ms: warmMs } = await run(port, env);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench0@example.org", password: PASSWORD }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const categories = await (await fetch(`${base}/api/categories`, { headers: { cookie } })).json();
  const rss = await rssMb(server.child.pid);
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
    [
      "GET /api/expenses?month=11&year=2026 (50k-row family)",
      { url: `${base}/api/expenses?month=11&year=2026`, headers: { cookie } },
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
  let baseline = 0;
  for (const [name, options] of calls) {
    const result = await cannon(options.url, options);
    const rps = result.requests.average;
    if (!baseline) baseline = rps;
    const errors = result.non2xx + result.errors;
    rows.push({
      name,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ratio: rps / baseline,
      errors,
    });
  }
  await stop(server);
  return { label, coldMs: cold.ms, warmMs, rss, rows };
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

// PGlite
{
  const dataDir = await mkdtemp(join(tmpdir(), "budget-bench-"));
  const database = await openPglite({ dataDir });
  await database.migrate();
  const seeding = Date.now();
  await seed(database.db, passwordHash);
  console.log(`bench: seeded PGlite in ${Date.now() - seeding} ms`);
  await database.close();
  results.push(await measure("PGlite", { DATA_DIR: dataDir }, 3200));
  await rm(dataDir, { recursive: true, force: true });
}

// PostgreSQL, when one answers
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const pg = (await import("pg")).default;
const admin = new pg.Client({ connectionString: adminUrl });
const name = `bench_${Date.now()}`;
if (
  await admin.connect().then(
    () => true,
    () => false,
  )
) {
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    await database.migrate();
    await seed(database.db, passwordHash);
    await database.close();
    results.push(
      await measure(
        "PostgreSQL",
        {
          DATABASE_URL: url.toString(),
          SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
          DATA_DIR: await mkdtemp(join(tmpdir(), "budget-bench-")),
        },
        3201,
      ),
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log("bench: no PostgreSQL answers; PGlite only");
}

const sizes = await jsSizes();
const fmt = (n, d = 0) => n.toFixed(d);
let report = "";
for (const r of results) {
  report += `\n### ${r.label} (${DURATION} s per call, ${CONNECTIONS} connections)\n\n`;
  report += `First 200 after start: cold ${r.coldMs} ms, warm ${r.warmMs} ms. Server RSS after seeding and login: ${fmt(r.rss)} MB.\n\n`;
  report +=
    "| call | req/s | p50 ms | p99 ms | vs health | non-2xx/errors |\n|---|---:|---:|---:|---:|---:|\n";
  for (const row of r.rows) {
    report += `| ${row.name} | ${fmt(row.rps)} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${fmt(row.ratio, 2)} | ${row.errors} |\n`;
  }
}
report += `\nBuilt JS+CSS, gzip: landing page ${fmt(sizes.landingKb, 1)} KiB; whole app ${fmt(sizes.allKb, 1)} KiB.\n`;
console.log(report);

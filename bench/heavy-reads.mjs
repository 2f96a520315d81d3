// Parallel heavy reads against the server's event loop and memory: six members of a family with
// ~40,000 expenses over ten years and 60,000 incomes (5,000 a month of 2026, as twelve imports of
// credits left a family in a review) each keep five heavy reads running, one more than their cap
// (src/server/http/heavy-reads.ts), while GET /api/health is called one request after another.
// The reads: the unpaged expense list (refused past 10,000 rows, after reading them), a month of
// incomes (5,000 rows, ~2 MB), the balances and the lines behind one, and a search of the
// Expenses screen, each with a month or word of its own so no answer comes from the family's kept
// bodies. Targets: health's p99 under 200 ms and the server's RSS (/proc/<pid>/status VmRSS,
// sampled every few ms) under 400 MB (docs/benchmarks.md#parallel-heavy-reads).
// Part of `npm run bench` (bench/run.mjs, on its family of 50,000 expenses); alone, on an
// embedded PostgreSQL of its own seeded with 40,000: `node --import tsx bench/heavy-reads.mjs`
// (BENCH_HEAVY_SECONDS, default 20; BENCH_HEAVY_PORT, default 3322).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { percentile, rssMb, untilHealthy } from "./process-figures.mjs";
import { FIVE_CATEGORIES, seedTenYears } from "./seed.mjs";

const ACCOUNTS = Number(process.env.BENCH_HEAVY_ACCOUNTS ?? 6);
/** Reads each account keeps running: one more than the cap of four, so the 429 is exercised. */
const LOOPS = Number(process.env.BENCH_HEAVY_LOOPS ?? 5);
const SECONDS = Number(process.env.BENCH_HEAVY_SECONDS ?? 20);
const INCOMES_PER_MONTH = 5_000;
const SAMPLE_MS = 5;
const HEALTH_GAP_MS = 10;
const TARGETS = { healthP99Ms: 200, rssMb: 400 };
const PASSWORD = "bench-password";

/** What the server must allow for this scenario: its members sign up from one address. */
export const HEAVY_READS_ENV = {
  RATE_LIMIT_REGISTER_PER_IP: "1000",
  RATE_LIMIT_JOIN_PER_IP: "1000",
};

async function call(base, method, path, cookie, body, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, res };
}

async function signIn(base, email) {
  const login = await call(base, "POST", "/api/auth/login", undefined, {
    email,
    password: PASSWORD,
  });
  if (login.status !== 200) throw new Error(`${email} cannot sign in: ${login.status}`);
  return {
    cookie: (login.res.headers.get("set-cookie") ?? "").split(";")[0],
    userId: JSON.parse(login.text).user.id,
  };
}

/**
 * The owner's family with ACCOUNTS - 1 new members, signed in, and 5,000 incomes in each month of
 * 2026 (three imports of 20,000 credits, the most one import takes).
 */
async function household(base, ownerEmail) {
  const owner = await signIn(base, ownerEmail);
  const run = `${Date.now()}.${process.pid}`;
  const members = [owner];
  for (let i = 1; i < ACCOUNTS; i++) {
    const email = `heavy${i}.${run}@example.org`;
    const registered = await call(base, "POST", "/api/auth/register", undefined, {
      email,
      password: PASSWORD,
      name: `Heavy ${i}`,
      preferredLanguage: "pt",
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const member = await signIn(base, email);
    const invite = await call(base, "POST", "/api/family/invite", owner.cookie);
    if (invite.status !== 201) throw new Error(`invite answered ${invite.status}`);
    const joined = await call(base, "POST", "/api/family/join", member.cookie, {
      inviteCode: JSON.parse(invite.text).inviteCode,
    });
    if (joined.status !== 200) throw new Error(`join answered ${joined.status}`);
    members.push(member);
  }
  const credits = Array.from({ length: 12 * INCOMES_PER_MONTH }, (_, i) => ({
    recordAs: "income",
    date: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
    description: `PIX RECEBIDO ${i}`,
    amount: `${1 + (i % 900)}.00`,
    receivedByUserId: members[i % members.length].userId,
  }));
  for (let from = 0; from < credits.length; from += 20_000) {
    const imported = await call(
      base,
      "POST",
      "/api/imports",
      owner.cookie,
      { fileName: "creditos.csv", lines: [], credits: credits.slice(from, from + 20_000) },
      { "idempotency-key": `heavy-${run}-${from}` },
    );
    if (imported.status !== 201) {
      throw new Error(`import answered ${imported.status}: ${imported.text.slice(0, 200)}`);
    }
  }
  return members;
}

/** The heavy reads, each with a month or word of its own for the `n`th call. */
const READS = {
  expenses: () => "/api/expenses",
  incomes: (n) => `/api/incomes?month=${(n % 12) + 1}&year=2026`,
  balances: (n) => `/api/balances?year=${2017 + (Math.floor(n / 12) % 10)}&month=${(n % 12) + 1}`,
  lines: (n, who, other) =>
    `/api/balances/lines?userId=${who.userId}&otherUserId=${other.userId}&year=${2017 + (Math.floor(n / 12) % 10)}&month=${(n % 12) + 1}`,
  search: (n) => `/api/expenses/page?search=${100 + (n % 900)}`,
};
/** BENCH_HEAVY_READS: a comma list of READS' names to run only those (all by default). */
const KINDS = (process.env.BENCH_HEAVY_READS ?? Object.keys(READS).join(",")).split(",");

/** The `n`th heavy read of `who` in `members`, the kinds in turn. */
function heavyRead(n, who, members) {
  const other = members[(members.indexOf(who) + 1) % members.length];
  return READS[KINDS[n % KINDS.length]](Math.floor(n / KINDS.length), who, other);
}

/**
 * The figures for one running server (`pid`): `ownerEmail` signs in to a family of ~40,000
 * expenses or more (bench/run.mjs's bench0, or the one `alone` seeds).
 */
export async function measureHeavyReads(base, pid, label, ownerEmail) {
  const members = await household(base, ownerEmail);
  const load = loadavg()[0];
  const before = await rssMb(pid);
  let running = true;
  let peak = before;
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
  const statuses = new Map();
  const answeredMs = [];
  let megabytes = 0;
  let sequence = 0;
  const until = performance.now() + SECONDS * 1000;
  const loops = members.flatMap((who) =>
    Array.from({ length: LOOPS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}${heavyRead(sequence++, who, members)}`, {
          headers: { cookie: who.cookie },
        });
        const body = await res.arrayBuffer();
        megabytes += body.byteLength / 1024 / 1024;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) answeredMs.push(performance.now() - started);
        // A refused read is told at once: the loop waits a little before asking again, as a
        // screen would not ask again at once.
        if (res.status === 429) await sleep(50);
      }
    }),
  );
  await Promise.all(loops);
  running = false;
  await Promise.all([sampler, prober]);
  const after = await rssMb(pid);

  const fmt = (n, digits = 0) => n.toFixed(digits);
  const met = (ok) => (ok ? "met" : "**not met**");
  const p99 = percentile(health, 99);
  const reads = [...statuses.values()].reduce((sum, n) => sum + n, 0);
  const byStatus = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} x ${status}`)
    .join(", ");
  const report =
    `\n### ${label}: parallel heavy reads (${members.length} accounts x ${LOOPS} at a time)\n\n` +
    `Load average before: ${fmt(load, 2)} on ${availableParallelism()} cores. ${SECONDS} s.\n\n` +
    "| reads (status) | reads/s | MB read | answered p50 / p99 | health calls | health p50 / p99 | p99 target | RSS before / peak / after | RSS target |\n" +
    "|---|---|---|---|---|---|---|---|---|\n" +
    `| ${reads} (${byStatus}) | ${fmt(reads / SECONDS, 1)} | ${fmt(megabytes)} | ` +
    `${fmt(percentile(answeredMs, 50))} / ${fmt(percentile(answeredMs, 99))} ms | ${health.length} | ` +
    `${fmt(percentile(health, 50), 1)} / ${fmt(p99, 1)} ms | < ${TARGETS.healthP99Ms} ms ${met(p99 < TARGETS.healthP99Ms)} | ` +
    `${fmt(before)} / ${fmt(peak)} / ${fmt(after)} MB | < ${TARGETS.rssMb} MB ${met(peak < TARGETS.rssMb)} |\n`;
  console.log(report);
  return { statuses, health, peak };
}

// Alone: an embedded PostgreSQL of its own seeded with one family of 40,000 expenses over ten
// years, the built server on it, the scenario, then stop.

const OWNER_ALONE = "heavy0@example.org";
const EXPENSES_ALONE = 40_000;

async function seed(pool, passwordHash) {
  await pool.query(
    `insert into users (email, password_hash, name, preferred_language) values ($1, $2, 'Heavy 0', 'pt')`,
    [OWNER_ALONE, passwordHash],
  );
  await pool.query(`
    insert into families (name, owner_id) select 'Família Pesada', id from users;
    insert into family_members (family_id, user_id, role) select id, owner_id, 'owner' from families;
    ${FIVE_CATEGORIES}`);
  await seedTenYears(pool, EXPENSES_ALONE);
  await pool.query("analyze");
}

async function alone() {
  const { buildAll } = await import("../scripts/build.mjs");
  const { buildIsCurrent, projectRoot } = await import("../scripts/source-stamp.mjs");
  const { openEmbedded } = await import("../src/server/db/client.ts");
  const { startEmbeddedPostgres } = await import("../src/server/db/embedded-postgres.ts");
  const { passwordHasher } = await import("../src/server/passwords.ts");
  const hashPassword = passwordHasher("owasp").hash;
  const outDir = join(projectRoot, ".tmp", "bench-build-heavy-reads");
  if (!(await buildIsCurrent(outDir))) {
    console.log("bench heavy reads: building the app...");
    await buildAll({ quiet: true, outDir });
  }
  const quietLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => quietLog };
  const port = Number(process.env.BENCH_HEAVY_PORT ?? 3322);
  const dataDir = await mkdtemp(join(tmpdir(), "budget-bench-heavy-"));
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
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        ...HEAVY_READS_ENV,
        // To compare: the process's heavy reads at once (README.md's configuration).
        ...(process.env.HEAVY_READS_AT_ONCE
          ? { HEAVY_READS_AT_ONCE: process.env.HEAVY_READS_AT_ONCE }
          : {}),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      await untilHealthy(base, child);
      await measureHeavyReads(base, child.pid, "Embedded PostgreSQL", OWNER_ALONE);
    } finally {
      child.kill("SIGTERM"); // stops its embedded PostgreSQL too
      await exited;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await alone();

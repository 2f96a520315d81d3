// Many households on one PostgreSQL (docs/benchmarks.md#many-households-on-postgresql,
// docs/scaling.md#what-grows-with-families-and-what-with-history): 1,000 families with ten years
// each (~5 million expenses; family 0 is the 50,000-expense one, with 10 members), seeded with
// set-based SQL into a fresh database migrated by the app. Then, on one app process and on two:
// GET /api/summary and the Expenses list's first page at 50 connections against GET /api/health
// of the same moment; 1,000 open event streams (GET /api/events): the app's RSS before and after
// and its CPU time while they sit idle; and a change (POST /api/expenses) timed to each of 100
// open streams of one family.
// Part of `npm run bench` (bench/run.mjs, on the PostgreSQL at BENCH_DATABASE_URL only). Alone:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_HOUSEHOLDS=1000 \
//   BENCH_FAMILY_EXPENSES=5000 node --import tsx bench/households.mjs
// BENCH_HOUSEHOLDS and BENCH_FAMILY_EXPENSES (per family other than family 0) size the seed;
// BENCH_HOUSEHOLDS_BIG the big family's expenses (50,000); BENCH_SECONDS each autocannon call;
// BENCH_HOUSEHOLDS_PORT the first of the two app ports (3260); BENCH_DB_PREFIX the database's
// name prefix (bench). The database is dropped at the end.

import { spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { RECOUNT_FAMILIES } from "../src/server/db/family-counts.ts";

const HOUSEHOLDS = Number(process.env.BENCH_HOUSEHOLDS ?? 1000);
const FAMILY_EXPENSES = Number(process.env.BENCH_FAMILY_EXPENSES ?? 5000);
const BIG_EXPENSES = Number(process.env.BENCH_HOUSEHOLDS_BIG ?? 50_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
/** 100 users x 10 streams (MAX_STREAMS_PER_USER) = 1,000 open streams. */
const STREAM_USERS = 100;
const STREAMS_PER_USER = 10;
/** Family 0's members: 10 users x 10 streams = the 100 streams of one family. */
const FAMILY_MEMBERS = 10;
const FANOUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 20);
/** Families seeded per INSERT statement: progress to report, and no single 5-million-row statement. */
const FAMILIES_PER_STATEMENT = 50;
const MONTH = { month: 11, year: 2026 };
const SUMMARY_PATH = `/api/summary?month=${MONTH.month}&year=${MONTH.year}`;
const FIRST_PAGE_PATH = "/api/expenses/page";
const TARGETS = {
  summaryP99Ms: 50,
  summaryVsHealth: 0.3,
  firstPageP99Ms: 50,
  streamsRssMb: 50,
  // "No measurable CPU": /proc/<pid>/stat counts in ticks of 10 ms; 1% of one core is 100 ms
  // over 10 s, ten ticks, well above a tick's rounding.
  idleCpuPercent: 1,
  fanoutP95Ms: 200,
};
const SESSION_SECRET = "bench-secret-bench-secret-bench-secret";

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const fmt = (n, d = 0) => (n === undefined || n === null ? "-" : n.toFixed(d));

/**
 * Seeds HOUSEHOLDS families through `pool` (a fresh, migrated database): users, families, members,
 * categories, expenses, and cookie sessions for the stream users, as the app stores them
 * (src/server/http/sessions.ts: the table keeps the HMAC of the cookie's id under SESSION_SECRET).
 * The expenses go in with `session_replication_role = replica`, which skips the triggers: the
 * families' data_version stays 0 (nothing was cached before) and no budget alert is recorded for
 * the past (the alerts trigger would add one per category and period over budget, with a
 * notification per member), and the foreign keys are not checked row by row (every id is taken
 * from the rows just inserted). The expenses' indexes other than the primary key are dropped
 * for the load and created again from their own definitions, as pg_restore does.
 */
export async function seedHouseholds(pool, passwordHash, secret = SESSION_SECRET) {
  const started = Date.now();
  const client = await pool.connect();
  const timings = {};
  try {
    const q = (text, values) => client.query(text, values);
    await q("set synchronous_commit = off");
    await q("set maintenance_work_mem = '256MB'");
    let t = Date.now();
    await q(
      `insert into users (email, password_hash, name, first_name, preferred_language)
       select 'hh' || i || '@example.org', $1, 'Casa ' || i, 'Casa', 'pt'
       from generate_series(0, $2::int - 1) as i`,
      [passwordHash, HOUSEHOLDS],
    );
    await q(
      `insert into users (email, password_hash, name, first_name, preferred_language)
       select 'hh0-' || j || '@example.org', $1, 'Membro ' || j, 'Membro', 'pt'
       from generate_series(1, $2::int - 1) as j`,
      [passwordHash, FAMILY_MEMBERS],
    );
    await q(`
      insert into families (name, owner_id)
      select 'Família ' || substr(email, 3, position('@' in email) - 3), id
      from users where email ~ '^hh[0-9]+@'`);
    await q(
      `insert into family_members (family_id, user_id, role) select id, owner_id, 'owner' from families`,
    );
    await q(`
      insert into family_members (family_id, user_id, role)
      select f.id, u.id, 'member' from families f join users o on o.id = f.owner_id and o.email = 'hh0@example.org',
        users u where u.email like 'hh0-%'`);
    await q(`
      insert into categories (family_id, name, weekly_budget, monthly_budget)
      select f.id, c.name, c.budget / 4, c.budget
      from families f cross join (values ('Mercado', 800.00), ('Transporte', 400.00), ('Casa', 1200.00),
        ('Lazer', 300.00), ('Saúde', 200.00)) as c(name, budget)`);
    timings.householdsMs = Date.now() - t;

    t = Date.now();
    const { rows: indexes } = await q(`
      select i.relname as name, pg_get_indexdef(i.oid) as def
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'expenses'::regclass and not x.indisprimary`);
    for (const { name } of indexes) await q(`drop index "${name}"`);
    await q("set session_replication_role = replica");
    // Family n (the number in its owner's e-mail): family 0 has BIG_EXPENSES, every other
    // FAMILY_EXPENSES, evenly over the ten years before 2026-12-31 (3,650 days).
    for (let from = 0; from < HOUSEHOLDS; from += FAMILIES_PER_STATEMENT) {
      await q(
        `insert into expenses (family_id, description, amount, category_id, added_by_user_id,
           paid_by_user_id, date)
         select f.id, 'Gasto ' || g, ((g * 7919 + f.n * 104729) % 50000 + 100) / 100.0,
           f.cats[1 + (g + f.n) % 5], f.owner_id, f.owner_id,
           date '2026-12-31' - ((g - 1)::bigint * 3650 / f.count)::int
         from (
           select fam.id, fam.owner_id, n,
             case when n = 0 then $3::int else $4::int end as count,
             array(select c.id from categories c where c.family_id = fam.id order by c.name) as cats
           from families fam join users u on u.id = fam.owner_id,
             lateral (select substring(u.email from '^hh([0-9]+)@')::int as n) as num
           where n >= $1 and n < $2
         ) as f,
         lateral generate_series(1, f.count) as g`,
        [from, from + FAMILIES_PER_STATEMENT, BIG_EXPENSES, FAMILY_EXPENSES],
      );
      if (HOUSEHOLDS > FAMILIES_PER_STATEMENT) {
        process.stdout.write(
          `\rbench households: expenses of ${Math.min(HOUSEHOLDS, from + FAMILIES_PER_STATEMENT)}/${HOUSEHOLDS} families (${Math.round((Date.now() - t) / 1000)} s)`,
        );
      }
    }
    if (HOUSEHOLDS > FAMILIES_PER_STATEMENT) process.stdout.write("\n");
    await q("set session_replication_role = origin");
    // The triggers were off: the quotas' counters are counted from the rows, as a restore does.
    await q(RECOUNT_FAMILIES);
    timings.expensesMs = Date.now() - t;
    t = Date.now();
    for (const { def } of indexes) await q(def);
    timings.indexesMs = Date.now() - t;
    t = Date.now();
    await q("analyze");
    timings.analyzeMs = Date.now() - t;
    const { rows: counted } = await q("select count(*)::int as n from expenses");

    // Cookie sessions: family 0's 10 members first (the fan-out's family), then the owners of
    // families 1... up to STREAM_USERS users in all.
    const { rows: people } = await q(
      `select u.id, u.email, fm.family_id from users u join family_members fm on fm.user_id = u.id
       where u.email like 'hh0-%' or u.email ~ '^hh[0-9]+@'
       order by (u.email like 'hh0%') desc, length(u.email), u.email limit $1`,
      [STREAM_USERS],
    );
    const now = new Date();
    const expire = new Date(now.getTime() + 29 * 24 * 60 * 60 * 1000);
    const cookies = people.map(() => randomBytes(32).toString("base64url"));
    const stored = cookies.map((c) => createHmac("sha256", secret).update(c).digest("base64url"));
    const sess = people.map((p) =>
      JSON.stringify({
        userId: p.id,
        loginId: randomBytes(16).toString("hex"),
        kind: "cookie",
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
      }),
    );
    await q(
      `insert into sessions (sid, sess, expire, user_id)
       select sid, sess::jsonb, $3, user_id from unnest($1::text[], $2::text[], $4::uuid[]) as s(sid, sess, user_id)`,
      [stored, sess, expire, people.map((p) => p.id)],
    );
    const bigFamilyId = people.find((p) => p.email === "hh0@example.org").family_id;
    const users = people.map((p, i) => ({
      email: p.email,
      familyId: p.family_id,
      cookie: `sid=${cookies[i]}`,
    }));
    return { ms: Date.now() - started, timings, expenses: counted[0].n, users, bigFamilyId };
  } finally {
    client.release();
  }
}

const procStatus = (pid) => readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
const rssMb = async (pid) =>
  Number((await procStatus(pid)).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
/** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
async function cpuTicks(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}
const TICK_MS = 10; // getconf CLK_TCK is 100 on Linux

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * One call at CONNECTIONS connections spread over `bases`: one autocannon per app process, each
 * with its share of the connections, run at the same time. req/s is their sum; p50 and p99 the
 * worst of them (autocannon gives percentiles, not its histogram).
 */
async function load(bases, path, cookie, { seconds = DURATION } = {}) {
  const share = CONNECTIONS / bases.length;
  // Several cookies: each request takes the next one, so the calls go to several families.
  const cookies = Array.isArray(cookie) ? cookie : null;
  let next = 0;
  const results = await Promise.all(
    bases.map((base) =>
      cannon({
        url: `${base}${path}`,
        connections: share,
        duration: seconds,
        headers: cookie && !cookies ? { cookie } : {},
        ...(cookies && {
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, cookie: cookies[next++ % cookies.length] },
              }),
            },
          ],
        }),
      }),
    ),
  );
  return {
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.non2xx + r.errors, 0),
  };
}

/**
 * An open GET /api/events read as it comes: resolves once `ready` arrived; each `change` event
 * calls `onChange` with the moment it was read.
 */
function openStream(base, cookie, onChange) {
  return new Promise((resolve, reject) => {
    const url = new URL("/api/events", base);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, headers: { cookie }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET /api/events: ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        let buffer = "";
        let ready = false;
        res.on("data", (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes("event: ready") && !ready) {
              ready = true;
              resolve({ close: () => req.destroy(), closed: () => res.destroyed });
            } else if (block.includes("event: change")) {
              onChange(at, block);
            }
            end = buffer.indexOf("\n\n");
          }
        });
        res.on("error", () => {});
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * The streams: STREAM_USERS users x STREAMS_PER_USER, alternated between `bases` (so each process
 * holds its share, under its own limit of 10 per user); the RSS and CPU of each app process; then
 * the fan-out to family 0's 100 streams.
 */
async function measureStreams(bases, pids, seeded, categoryId) {
  await sleep(1000);
  const rssBefore = await Promise.all(pids.map(rssMb));
  const arrivals = new Map(); // round -> array of ms
  let round = null;
  const streams = [];
  const todo = [];
  let k = 0;
  for (const user of seeded.users) {
    for (let s = 0; s < STREAMS_PER_USER; s++) {
      const fanout = user.familyId === seeded.bigFamilyId;
      todo.push({ base: bases[k++ % bases.length], cookie: user.cookie, fanout });
    }
  }
  const opened = performance.now();
  // Opened 50 at a time: a browser tab opens one; 1,000 at once would time the accept queue.
  for (let i = 0; i < todo.length; i += 50) {
    streams.push(
      ...(await Promise.all(
        todo.slice(i, i + 50).map(({ base, cookie, fanout }) =>
          openStream(base, cookie, (at) => {
            if (fanout && round) round.times.push(at - round.started);
            if (fanout && round && round.times.length === round.expected) round.done();
          }),
        ),
      )),
    );
  }
  const openMs = performance.now() - opened;
  await sleep(2000);
  const rssOpen = await Promise.all(pids.map(rssMb));
  const ticks0 = await Promise.all(pids.map(cpuTicks));
  await sleep(IDLE_SECONDS * 1000);
  const ticks1 = await Promise.all(pids.map(cpuTicks));
  const rssIdle = await Promise.all(pids.map(rssMb));
  const idleCpuMs = ticks1.map((t, i) => (t - ticks0[i]) * TICK_MS);

  // The fan-out: each round one POST /api/expenses on the first process, timed from just before
  // the request to each of family 0's streams reading its `change` event.
  const owner = seeded.users.find((u) => u.email === "hh0@example.org");
  const expected = todo.filter((t) => t.fanout).length;
  const times = [];
  const postMs = [];
  let missing = 0;
  for (let r = 0; r < FANOUT_ROUNDS + 2; r++) {
    const result = { times: [], expected };
    const done = new Promise((resolve) => {
      result.done = resolve;
    });
    result.started = performance.now();
    round = result;
    const res = await fetch(`${bases[0]}/api/expenses`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: owner.cookie },
      body: JSON.stringify({
        description: "bench fan-out",
        amount: "1.00",
        date: "2026-11-20",
        categoryId,
      }),
    });
    const posted = performance.now() - result.started;
    await res.text();
    if (res.status !== 201) throw new Error(`POST /api/expenses: ${res.status}`);
    await Promise.race([done, sleep(5000)]);
    round = null;
    if (r >= 2) {
      times.push(...result.times);
      postMs.push(posted);
      missing += expected - result.times.length;
    }
    arrivals.set(r, result.times);
    await sleep(100);
  }
  for (const s of streams) s.close();
  await sleep(500);
  return {
    streams: streams.length,
    perProcess: todo.length / bases.length,
    openMs,
    rssBefore,
    rssOpen,
    rssIdle,
    idleCpuMs,
    fanout: {
      streams: expected,
      rounds: FANOUT_ROUNDS,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      postP50: percentile(postMs, 50),
      missing,
    },
  };
}

/** The calls, then the streams, on the app processes at `bases` (pids: their process ids). */
async function measureProcesses(label, bases, pids, seeded) {
  const owner = seeded.users.find((u) => u.email === "hh0@example.org");
  const categories = await (
    await fetch(`${bases[0]}/api/categories`, { headers: { cookie: owner.cookie } })
  ).json();
  // The streams first, on processes that have served little yet: after the calls' load, V8's heap
  // shrinks for seconds and hides the streams' own growth (a run gave -8.9 MB).
  console.log(`bench households: ${label}: 1,000 streams`);
  const streams = await measureStreams(bases, pids, seeded, categories[0].id);
  // Each family's first call on a process is computed from the database (nothing kept yet): timed
  // for every signed-in family but family 0, one after another, on the first process.
  const first = { summary: [], firstPage: [] };
  const seen = new Set([seeded.bigFamilyId]);
  for (const user of seeded.users) {
    if (seen.has(user.familyId)) continue;
    seen.add(user.familyId);
    for (const [name, path] of [
      ["summary", SUMMARY_PATH],
      ["firstPage", FIRST_PAGE_PATH],
    ]) {
      const started = performance.now();
      const res = await fetch(`${bases[0]}${path}`, { headers: { cookie: user.cookie } });
      await res.text();
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      first[name].push(performance.now() - started);
    }
  }
  const firstCalls = {
    families: first.summary.length,
    summary: { p50: percentile(first.summary, 50), p95: percentile(first.summary, 95) },
    firstPage: { p50: percentile(first.firstPage, 50), p95: percentile(first.firstPage, 95) },
  };
  // Warm each process (prepared statements, the family's kept bodies) before timing it.
  for (const base of bases) {
    for (const path of [SUMMARY_PATH, FIRST_PAGE_PATH]) {
      const res = await fetch(`${base}${path}`, { headers: { cookie: owner.cookie } });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      await res.text();
    }
  }
  console.log(`bench households: ${label}: the calls`);
  const load0 = loadavg()[0];
  await load(bases, "/api/health", undefined, { seconds: 1 }); // warm-up, not counted
  const health = await load(bases, "/api/health");
  const summary = await load(bases, SUMMARY_PATH, owner.cookie);
  const firstPage = await load(bases, FIRST_PAGE_PATH, owner.cookie);
  const others = seeded.users.filter((u) => u.familyId !== seeded.bigFamilyId).map((u) => u.cookie);
  const summaryMany = await load(bases, SUMMARY_PATH, others);
  const firstPageMany = await load(bases, FIRST_PAGE_PATH, others);
  const healthAfter = await load(bases, "/api/health");
  return {
    label,
    health,
    healthAfter,
    summary,
    firstPage,
    summaryMany,
    firstPageMany,
    firstCalls,
    streams,
    load: [load0, loadavg()[0]],
  };
}

export function householdsReport(seeded, runs) {
  const verdict = (ok) => (ok ? "PASS" : "**FAIL**");
  let out = `\n### Many households on PostgreSQL (bench/households.mjs)\n\n`;
  out += `Seed: ${HOUSEHOLDS} families, ${seeded.expenses.toLocaleString("en")} expenses (family 0: ${BIG_EXPENSES.toLocaleString("en")}, the others ${FAMILY_EXPENSES.toLocaleString("en")} each, over ten years), in ${fmt(seeded.ms / 1000, 1)} s `;
  const t = seeded.timings;
  out += `(families, members and categories ${fmt(t.householdsMs / 1000, 1)} s; expenses ${fmt(t.expensesMs / 1000, 1)} s; indexes ${fmt(t.indexesMs / 1000, 1)} s; analyze ${fmt(t.analyzeMs / 1000, 1)} s). `;
  out += `${CONNECTIONS} connections, ${DURATION} s per call; ${availableParallelism()} CPUs.\n\n`;
  out += "| figure | target |";
  for (const r of runs) out += ` ${r.label} | |`;
  out += `\n|---|---|${runs.map(() => "---|---|").join("")}\n`;
  const row = (name, target, cell) => {
    out += `| ${name} | ${target} |`;
    for (const r of runs) {
      const [text, ok] = cell(r);
      out += ` ${text} | ${ok === undefined ? "" : verdict(ok)} |`;
    }
    out += "\n";
  };
  row("GET /api/health (baseline), req/s (p99)", "", (r) => [
    `${fmt(r.health.rps)} (${fmt(r.health.p99)} ms); after the calls ${fmt(r.healthAfter.rps)}`,
  ]);
  row(`GET ${SUMMARY_PATH}, family 0: p99`, `<= ${TARGETS.summaryP99Ms} ms`, (r) => [
    `${fmt(r.summary.p99)} ms (p50 ${fmt(r.summary.p50)}; ${r.summary.errors} errors)`,
    r.summary.errors === 0 && r.summary.p99 <= TARGETS.summaryP99Ms,
  ]);
  row(`GET ${SUMMARY_PATH}: req/s against health's`, `>= ${TARGETS.summaryVsHealth}`, (r) => [
    `${fmt(r.summary.rps / r.health.rps, 2)} (${fmt(r.summary.rps)} req/s)`,
    r.summary.rps / r.health.rps >= TARGETS.summaryVsHealth,
  ]);
  row(
    `GET ${FIRST_PAGE_PATH} (first page), family 0: p99`,
    `<= ${TARGETS.firstPageP99Ms} ms`,
    (r) => [
      `${fmt(r.firstPage.p99)} ms (p50 ${fmt(r.firstPage.p50)}; ${fmt(r.firstPage.rps)} req/s, ${fmt(r.firstPage.rps / r.health.rps, 2)} of health; ${r.firstPage.errors} errors)`,
      r.firstPage.errors === 0 && r.firstPage.p99 <= TARGETS.firstPageP99Ms,
    ],
  );
  row(
    "The same two calls rotating over the other signed-in families (one family per request): p99",
    "(no target)",
    (r) => [
      `summary ${fmt(r.summaryMany.p99)} ms (${fmt(r.summaryMany.rps / r.health.rps, 2)} of health), first page ${fmt(r.firstPageMany.p99)} ms (${fmt(r.firstPageMany.rps / r.health.rps, 2)}); ${r.summaryMany.errors + r.firstPageMany.errors} errors`,
    ],
  );
  row(
    "A family's first call on a process (computed, nothing kept), one after another: p50 / p95",
    "(no target)",
    (r) => [
      `summary ${fmt(r.firstCalls.summary.p50, 1)} / ${fmt(r.firstCalls.summary.p95, 1)} ms, first page ${fmt(r.firstCalls.firstPage.p50, 1)} / ${fmt(r.firstCalls.firstPage.p95, 1)} ms (${r.firstCalls.families} families)`,
    ],
  );
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  row(
    "RSS growth holding the streams (each process)",
    `<= ${TARGETS.streamsRssMb} MB for 1,000`,
    (r) => {
      const s = r.streams;
      const growth = s.rssOpen.map((v, i) => v - s.rssBefore[i]);
      const idleGrowth = s.rssIdle.map((v, i) => v - s.rssBefore[i]);
      const per = s.perProcess;
      return [
        `${growth.map((g) => `${fmt(g, 1)} MB`).join(" + ")} for ${per} streams each (${s.rssBefore.map((v) => fmt(v)).join(", ")} -> ${s.rssOpen.map((v) => fmt(v)).join(", ")} MB; ${idleGrowth.map((g) => fmt(g, 1)).join(", ")} MB after ${IDLE_SECONDS} s idle; opened in ${fmt(s.openMs)} ms)`,
        // Two processes hold 500 each: their growths together are what 1,000 streams cost.
        sum(growth) <= TARGETS.streamsRssMb,
      ];
    },
  );
  row(
    `CPU while the streams sit idle, ${IDLE_SECONDS} s`,
    `<= ${TARGETS.idleCpuPercent}% of a core`,
    (r) => {
      const ms = r.streams.idleCpuMs;
      const worst = Math.max(...ms) / (IDLE_SECONDS * 10);
      return [
        `${ms.map((v) => `${v} ms`).join(", ")} (${fmt(worst, 2)}% of a core)`,
        worst <= TARGETS.idleCpuPercent,
      ];
    },
  );
  row(
    "A change to 100 streams of one family: POST to each `change` read, p50 / p95",
    `p95 <= ${TARGETS.fanoutP95Ms} ms`,
    (r) => {
      const f = r.streams.fanout;
      return [
        `${fmt(f.p50, 1)} / ${fmt(f.p95, 1)} ms (max ${fmt(f.max, 1)}; the POST's answer ${fmt(f.postP50, 1)} ms; ${f.rounds} rounds; ${f.missing} missed)`,
        f.missing === 0 && f.p95 <= TARGETS.fanoutP95Ms,
      ];
    },
  );
  row("load average (1 min) before and after", "", (r) => [
    r.load.map((l) => fmt(l, 1)).join(" -> "),
  ]);
  return out;
}

/**
 * Seeds a database of its own on the PostgreSQL at `adminUrl`, then measures one app process
 * and two on it, and prints the report. `outDir`: the build (its server/main.js).
 */
export async function measureHouseholds({
  adminUrl,
  outDir,
  projectRoot,
  running = new Set(),
  onStop = [],
}) {
  const { openPostgres } = await import("../src/server/db/client.ts");
  const { passwordHasher } = await import("../src/server/passwords.ts");
  const hashPassword = passwordHasher("owasp").hash;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `${process.env.BENCH_DB_PREFIX ?? "bench"}_households_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const firstPort = Number(process.env.BENCH_HOUSEHOLDS_PORT ?? 3260);
  const dirs = [];
  const servers = [];

  async function start(port) {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-bench-households-"));
    dirs.push(dataDir);
    const child = spawn(process.execPath, [join(outDir, "server/main.js")], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET,
        // Its 1,000 streams all come from this one address, more than a process allows one IP
        // (README.md#configuration).
        STREAMS_MAX: "2000",
        STREAMS_PER_IP: "2000",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    running.add(child);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const server = { child, exited, base: `http://127.0.0.1:${port}` };
    servers.push(server);
    for (;;) {
      const ok = await fetch(`${server.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return server;
      if (child.exitCode !== null) throw new Error("the server exited");
      await sleep(50);
    }
  }
  async function stopAll() {
    for (const s of servers.splice(0)) {
      if (s.child.exitCode === null) s.child.kill("SIGTERM");
      await s.exited;
      running.delete(s.child);
    }
  }

  // A bench stopped half-way (SIGTERM, Ctrl-C) still drops the database: run.mjs's onStop.
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await stopAll();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  };
  onStop.push(drop);
  try {
    await admin.query(`create database ${name}`);
    const database = openPostgres(databaseUrl);
    let seeded;
    try {
      await database.migrate();
      console.log(
        `bench households: seeding ${HOUSEHOLDS} families (${BIG_EXPENSES} + ${FAMILY_EXPENSES} each)...`,
      );
      seeded = await seedHouseholds(database.pool, await hashPassword("bench-password"));
    } finally {
      await database.close();
    }
    const { rows: size } = await admin.query(
      "select pg_size_pretty(pg_database_size($1)) as size",
      [name],
    );
    console.log(
      `bench households: ${seeded.expenses} expenses seeded in ${fmt(seeded.ms / 1000, 1)} s; database ${size[0].size}`,
    );
    seeded.databaseSize = size[0].size;
    const runs = [];
    {
      const one = await start(firstPort);
      runs.push(await measureProcesses("one process", [one.base], [one.child.pid], seeded));
      await stopAll();
    }
    {
      const a = await start(firstPort);
      const b = await start(firstPort + 1);
      runs.push(
        await measureProcesses(
          "two processes",
          [a.base, b.base],
          [a.child.pid, b.child.pid],
          seeded,
        ),
      );
      await stopAll();
    }
    const report = `${householdsReport(seeded, runs)}\nDatabase size after the seed: ${seeded.databaseSize}.\n`;
    console.log(report);
    return { seeded: { ...seeded, users: undefined }, runs, report };
  } finally {
    await drop();
  }
}

async function alone() {
  const { buildAll } = await import("../scripts/build.mjs");
  const { buildIsCurrent, projectRoot } = await import("../scripts/source-stamp.mjs");
  const outDir = join(projectRoot, ".tmp", "bench-build");
  if (!(await buildIsCurrent(outDir))) {
    console.log("bench households: building the app...");
    await buildAll({ quiet: true, outDir });
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const onStop = [];
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, async () => {
      console.log(`bench households: ${signal}: stopping the servers, dropping the database`);
      for (const cleanup of onStop) await cleanup().catch(() => {});
      process.exit(1);
    });
  }
  await measureHouseholds({ adminUrl, outDir, projectRoot, onStop });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await alone();

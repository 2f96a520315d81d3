// Stalled live streams against the server's event loop and memory: ten members of one family
// open ten GET /api/events streams each (MAX_STREAMS_PER_USER) on sockets that send the request
// and never read a byte, while members rename a category over and over (each rename publishes
// the `categories` topic to all 100 streams) and GET /api/health is called one request after
// another. Targets: health's p99 under 200 ms and the server's RSS (/proc/<pid>/status VmRSS,
// sampled every few ms) under 400 MB (docs/decisions/009-live-updates-over-sse.md, "Bounded").
// One more stream that reads counts the events it gets, so the figures show the reading screen
// is still served. The server must run with STREAMS_PER_IP of at least 101 (STALLED_STREAMS_ENV):
// every stream here comes from one address.
// Part of `npm run bench` (bench/run.mjs); alone, on an embedded PostgreSQL of its own:
// `node --import tsx bench/stalled-streams.mjs` (BENCH_STALLED_SECONDS, default 40).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { percentile, rssMb, untilHealthy } from "./process-figures.mjs";

const MEMBERS = 10;
/** BENCH_STALLED_STREAMS=0 gives the same writes with no stalled stream: the baseline. */
const STREAMS_PER_MEMBER = Number(process.env.BENCH_STALLED_STREAMS ?? 10);
const SECONDS = Number(process.env.BENCH_STALLED_SECONDS ?? 40);
/** Renames in flight at once: events as fast as the server takes the writes. */
const WRITERS = Number(process.env.BENCH_STALLED_WRITERS ?? 4);
const SAMPLE_MS = 5;
const HEALTH_GAP_MS = 10;
const TARGETS = { healthP99Ms: 200, rssMb: 400 };
const PASSWORD = "bench-password";

/** What the server must allow for this scenario: 101 streams and 11 sign-ups from one address. */
export const STALLED_STREAMS_ENV = {
  STREAMS_PER_IP: "200",
  RATE_LIMIT_REGISTER_PER_IP: "1000",
  RATE_LIMIT_JOIN_PER_IP: "1000",
};

async function call(base, method, path, cookie, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, res };
}

/** Eleven new members of one new family, signed in; the family's first category. */
async function household(base) {
  const run = `${Date.now()}.${process.pid}`;
  const cookies = [];
  for (let i = 0; i <= MEMBERS; i++) {
    const email = `stalled${i}.${run}@example.org`;
    const registered = await call(base, "POST", "/api/auth/register", undefined, {
      email,
      password: PASSWORD,
      name: `Stalled ${i}`,
      preferredLanguage: "pt",
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const login = await call(base, "POST", "/api/auth/login", undefined, {
      email,
      password: PASSWORD,
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    cookies.push((login.res.headers.get("set-cookie") ?? "").split(";")[0]);
  }
  const [owner, ...others] = cookies;
  const family = await call(base, "POST", "/api/family", owner, { name: "Família Parada" });
  if (family.status !== 201) throw new Error(`family answered ${family.status}`);
  for (const cookie of others) {
    const invite = await call(base, "POST", "/api/family/invite", owner);
    if (invite.status !== 201) throw new Error(`invite answered ${invite.status}`);
    const joined = await call(base, "POST", "/api/family/join", cookie, {
      inviteCode: invite.json.inviteCode,
    });
    if (joined.status !== 200) throw new Error(`join answered ${joined.status}`);
  }
  const categories = await call(base, "GET", "/api/categories", owner);
  return { cookies, categoryId: categories.json[0].id };
}

/** A stream on a socket that never reads: `closed` settles when the server ends it. */
function stalledStream(base, cookie) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.pause();
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", () => resolve(true)));
  socket.write(
    `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n\r\n`,
  );
  return { socket, closed };
}

/** A stream that reads: counts its `change` events until aborted. */
function readingStream(base, cookie) {
  const abort = new AbortController();
  const counts = { changes: 0, ready: false, ended: false };
  const done = (async () => {
    const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: abort.signal });
    const decoder = new TextDecoder();
    let text = "";
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk, { stream: true });
        const blocks = text.split("\n\n");
        text = blocks.pop() ?? "";
        for (const block of blocks) {
          if (block.startsWith("event: ready")) counts.ready = true;
          if (block.startsWith("event: change")) counts.changes += 1;
        }
      }
    } catch {
      // Aborted at the end.
    }
    counts.ended = !abort.signal.aborted;
  })();
  return { counts, stop: () => abort.abort(), done };
}

/** The figures for one running server (`pid`), which runs with STALLED_STREAMS_ENV. */
export async function measureStalledStreams(base, pid, label) {
  const load = loadavg()[0];
  const { cookies: members, categoryId } = await household(base);
  const cookies = members.slice(0, MEMBERS);
  const readerCookie = members[MEMBERS];
  const stalled = [];
  for (const cookie of cookies) {
    for (let s = 0; s < STREAMS_PER_MEMBER; s++) stalled.push(stalledStream(base, cookie));
  }
  // The reading screen is an eleventh member's: each member has 10 streams at most.
  const [owner] = cookies;
  const reader = readingStream(base, readerCookie);
  await sleep(1000);
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
  let writes = 0;
  let failed = 0;
  const until = performance.now() + SECONDS * 1000;
  const writers = Array.from({ length: WRITERS }, async (_, w) => {
    while (performance.now() < until) {
      const renamed = await call(base, "PATCH", `/api/categories/${categoryId}`, owner, {
        name: `Mercado ${w}.${writes}`,
      });
      if (renamed.status === 200) writes += 1;
      else failed += 1;
    }
  });
  await Promise.all(writers);
  // What the stalled streams still hold: the server ended those whose queue grew.
  const endedDuring = (
    await Promise.all(stalled.map(({ closed }) => Promise.race([closed, sleep(0, false)])))
  ).filter(Boolean).length;
  running = false;
  await Promise.all([sampler, prober]);
  const after = await rssMb(pid);
  // A stalled socket that reads again finds out whether the server reset it.
  for (const { socket } of stalled) socket.resume();
  await sleep(2000);
  const endedInAll = (
    await Promise.all(stalled.map(({ closed }) => Promise.race([closed, sleep(0, false)])))
  ).filter(Boolean).length;
  reader.stop();
  for (const { socket } of stalled) socket.destroy();
  await reader.done;

  const fmt = (n, digits = 0) => n.toFixed(digits);
  const met = (ok) => (ok ? "met" : "**not met**");
  const p99 = percentile(health, 99);
  const report =
    `\n### ${label}: ${stalled.length} stalled event streams (${MEMBERS} members x ${STREAMS_PER_MEMBER})\n\n` +
    `Load average before: ${fmt(load, 2)} on ${availableParallelism()} cores. ${SECONDS} s of category renames, ${WRITERS} at a time.\n\n` +
    "| renames (each an event to 101 streams) | events the reading stream got | stalled streams the server ended | health calls | health p50 / p99 | p99 target | RSS before / peak / after | RSS target |\n" +
    "|---|---|---|---|---|---|---|---|\n" +
    `| ${writes} (${fmt(writes / SECONDS)}/s${failed ? `, ${failed} failed` : ""}) | ${reader.counts.changes}${reader.counts.ended ? " (ended!)" : ""} | ${endedDuring} during, ${endedInAll} by the end | ${health.length} | ` +
    `${fmt(percentile(health, 50), 1)} / ${fmt(p99, 1)} ms | < ${TARGETS.healthP99Ms} ms ${met(p99 < TARGETS.healthP99Ms)} | ` +
    `${fmt(before)} / ${fmt(peak)} / ${fmt(after)} MB | < ${TARGETS.rssMb} MB ${met(peak < TARGETS.rssMb)} |\n`;
  console.log(report);
  return { writes, health, peak, endedDuring, endedInAll, readerChanges: reader.counts.changes };
}

// Alone: an embedded PostgreSQL of its own, the built server on it, the scenario, then stop.

async function alone() {
  const { buildAll } = await import("../scripts/build.mjs");
  const { buildIsCurrent, projectRoot } = await import("../scripts/source-stamp.mjs");
  const outDir = join(projectRoot, ".tmp", "bench-build");
  if (!(await buildIsCurrent(outDir))) {
    console.log("bench stalled streams: building the app...");
    await buildAll({ quiet: true, outDir });
  }
  const port = Number(process.env.BENCH_STALLED_PORT ?? 3312);
  const dataDir = await mkdtemp(join(tmpdir(), "budget-bench-stalled-"));
  try {
    const child = spawn(process.execPath, [join(outDir, "server/main.js")], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        ...STALLED_STREAMS_ENV,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      await untilHealthy(base, child);
      await measureStalledStreams(base, child.pid, "Embedded PostgreSQL");
    } finally {
      child.kill("SIGTERM"); // stops its embedded PostgreSQL too
      await exited;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await alone();

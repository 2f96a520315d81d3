// The figure for the Reports' 12-month trend (docs/product.md#12-month-trend):
// GET /api/summary/trend at 50 connections for the family with 50,000 expenses, p99 <= 50 ms, with
// GET /api/health at 50 connections of the same run as the baseline. The server keeps the answer
// per family data version (src/server/http/family-json-cache.ts), so autocannon, repeating one URL,
// times the kept body (one session statement); the time to compute it again right after a change
// (the one statement of src/server/features/summary/trend-service.ts) is timed sequentially beside
// it.
import { availableParallelism, loadavg } from "node:os";
import autocannon from "autocannon";

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const AFTER_CHANGE_ROUNDS = 20;
const TARGET_P99_MS = 50;
/** The big family's busiest year ends in 2026-12 (bench/run.mjs seeds ten years up to then). */
const TREND_PATH = "/api/summary/trend?month=11&year=2026";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Each round adds one expense in 2016 (outside the twelve months: the figures stay the same, the
 * family's data version moves) and times the next GET, which computes the trend again; the
 * expenses are deleted afterwards, so the calls measured after this see the same family.
 */
async function afterChange(base, cookie, categoryId) {
  const times = [];
  const made = [];
  for (let i = 0; i < AFTER_CHANGE_ROUNDS + 3; i++) {
    const change = await fetch(`${base}/api/expenses`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        description: "bench trend change",
        amount: "1.00",
        date: `2016-02-${String(1 + (i % 28)).padStart(2, "0")}`,
        categoryId,
      }),
    });
    if (change.status !== 201) throw new Error(`POST /api/expenses: ${change.status}`);
    made.push((await change.json()).id);
    const started = performance.now();
    const res = await fetch(`${base}${TREND_PATH}`, { headers: { cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`GET ${TREND_PATH}: ${res.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  for (const id of made) {
    await fetch(`${base}/api/expenses/${id}`, { method: "DELETE", headers: { cookie } });
  }
  return { p50: median(times), max: Math.max(...times) };
}

export async function measureTrend(base, cookie, categoryId, label) {
  const load = loadavg()[0];
  const check = await fetch(`${base}${TREND_PATH}`, { headers: { cookie } });
  const body = await check.json();
  if (check.status !== 200) throw new Error(`GET ${TREND_PATH}: ${check.status}`);
  const health = await cannon({ url: `${base}/api/health` });
  const trend = await cannon({ url: `${base}${TREND_PATH}`, headers: { cookie } });
  const computed = await afterChange(base, cookie, categoryId);
  const fmt = (n, digits = 0) => n.toFixed(digits);
  const errors = trend.non2xx + trend.errors;
  const p99 = trend.latency.p99;
  const met = errors === 0 && p99 <= TARGET_P99_MS;
  const months = body.months.filter((m) => m.spent !== "0.00").length;
  console.log(
    `\n### ${label}: the 12-month trend\n\n` +
      `GET ${TREND_PATH} (${body.categories.length} categories, ${months} months with spending), ` +
      `${CONNECTIONS} connections, ${DURATION} s: p50 ${fmt(trend.latency.p50)} ms, p99 ${fmt(p99)} ms, ` +
      `${fmt(trend.requests.average)} req/s, ${errors} non-2xx/errors ` +
      `(target p99 <= ${TARGET_P99_MS} ms: ${met ? "met" : "NOT met"}). ` +
      `GET /api/health, same connections, same run: p50 ${fmt(health.latency.p50)} ms, ` +
      `p99 ${fmt(health.latency.p99)} ms, ${fmt(health.requests.average)} req/s; ` +
      `trend/health req/s ${fmt(trend.requests.average / health.requests.average, 2)}. ` +
      `Computed again right after a change, sequential: p50 ${fmt(computed.p50, 1)} ms, ` +
      `max ${fmt(computed.max, 1)} ms (${AFTER_CHANGE_ROUNDS} rounds). ` +
      `Load average (1 min, ${availableParallelism()} CPUs): ${fmt(load, 1)} before, ${fmt(loadavg()[0], 1)} after.\n`,
  );
  return { trend, health, computed };
}

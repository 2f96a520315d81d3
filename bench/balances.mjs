// Who owes whom on ten years of a household (docs/product.md#who-owes-whom): GET /api/balances
// over all time and over one budget month for the family with 50,000 expenses, timed
// sequentially (one statement each, not kept: settlements do not move the data version), against
// GET /api/health timed the same way in the same run. Target: all time within 100 ms (median).
import { availableParallelism, loadavg } from "node:os";

const ROUNDS = 30;
const TARGET_ALL_TIME_MS = 100;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function timed(url, cookie) {
  const times = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: cookie ? { cookie } : {} });
    await res.text();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  return median(times);
}

export async function measureBalances(base, cookie, label) {
  const load = loadavg()[0];
  const health = await timed(`${base}/api/health`);
  const allTime = await timed(`${base}/api/balances`, cookie);
  const month = await timed(`${base}/api/balances?month=11&year=2026`, cookie);
  const fmt = (n, digits = 1) => n.toFixed(digits);
  console.log(
    `\n### ${label}: who owes whom\n\n` +
      `GET /api/balances, sequential, median of ${ROUNDS}: all time ${fmt(allTime)} ms ` +
      `(target <= ${TARGET_ALL_TIME_MS} ms: ${allTime <= TARGET_ALL_TIME_MS ? "met" : "NOT met"}), ` +
      `one budget month ${fmt(month)} ms; GET /api/health ${fmt(health)} ms; ` +
      `ratios to health: all time ${fmt(allTime / health)}, month ${fmt(month / health)}. ` +
      `Load average (1 min, ${availableParallelism()} CPUs): ${fmt(load)} before, ${fmt(loadavg()[0])} after.\n`,
  );
  return { health, allTime, month };
}

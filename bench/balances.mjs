// Who owes whom on ten years of a household (docs/product.md#who-owes-whom): GET /api/balances
// over all time and over one budget month for the family with 50,000 expenses, timed
// sequentially against GET /api/health timed the same way in the same run. The server keeps the
// answer per family data version (http/family-json-cache.ts; settlements move it, migration
// 0020), so both the kept answer and the one computed again right after a change (a new expense
// in 2016 before each call, deleted afterwards) are timed. Target: computed again, all time,
// within 100 ms (median).
import { availableParallelism, loadavg } from "node:os";

const ROUNDS = 20;
const TARGET_ALL_TIME_MS = 100;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function get(url, cookie) {
  const started = performance.now();
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return performance.now() - started;
}

async function timed(url, cookie) {
  const times = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const time = await get(url, cookie);
    if (i >= 3) times.push(time);
  }
  return median(times);
}

/** Each round: a new expense (the data version moves), then the call, computed again. */
async function afterChange(base, url, cookie, categoryId) {
  const times = [];
  const made = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const change = await fetch(`${base}/api/expenses`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        description: "bench balances change",
        amount: "1.00",
        date: `2016-03-${String(1 + (i % 28)).padStart(2, "0")}`,
        categoryId,
      }),
    });
    if (change.status !== 201) throw new Error(`POST /api/expenses: ${change.status}`);
    made.push((await change.json()).id);
    const time = await get(url, cookie);
    if (i >= 3) times.push(time);
  }
  for (const id of made) {
    await fetch(`${base}/api/expenses/${id}`, { method: "DELETE", headers: { cookie } });
  }
  return median(times);
}

export async function measureBalances(base, cookie, categoryId, label) {
  const load = loadavg()[0];
  const health = await timed(`${base}/api/health`);
  const kept = await timed(`${base}/api/balances`, cookie);
  const allTime = await afterChange(base, `${base}/api/balances`, cookie, categoryId);
  const month = await afterChange(
    base,
    `${base}/api/balances?month=11&year=2026`,
    cookie,
    categoryId,
  );
  const fmt = (n, digits = 1) => n.toFixed(digits);
  console.log(
    `\n### ${label}: who owes whom\n\n` +
      `GET /api/balances, sequential, median of ${ROUNDS}: computed again right after a change, ` +
      `all time ${fmt(allTime)} ms (target <= ${TARGET_ALL_TIME_MS} ms: ` +
      `${allTime <= TARGET_ALL_TIME_MS ? "met" : "NOT met"}), one budget month ${fmt(month)} ms; ` +
      `kept ${fmt(kept)} ms; GET /api/health ${fmt(health)} ms; ratios to health: all time ` +
      `${fmt(allTime / health)}, month ${fmt(month / health)}, kept ${fmt(kept / health)}. ` +
      `Load average (1 min, ${availableParallelism()} CPUs): ${fmt(load)} before, ${fmt(loadavg()[0])} after.\n`,
  );
  return { health, kept, allTime, month };
}

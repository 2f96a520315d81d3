// The figure for budget alerts (docs/product.md#budget-alerts): adding an expense that triggers an
// alert stays within 1.5x the time of one that does not (medians of one run). The alert is decided
// in the expense's own transaction by migration 0007's trigger (the sums, the budget_alerts row, a
// notification per member) and mailed after the answer by the outbox, so this times what the person
// waits for.
import { availableParallelism, loadavg } from "node:os";

const ROUNDS = 30;
const WARMUP = 3;
const TARGET_RATIO = 1.5;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Today where the server runs: an alert for a period long over is refused by design. */
const today = () => new Date().toISOString().slice(0, 10);

async function call(base, cookie, method, path, body) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? { cookie } : { "content-type": "application/json", cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  const ms = performance.now() - started;
  if (res.status >= 300)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, ms };
}

/**
 * Each round makes two fresh categories (not timed) and times one POST /api/expenses into each,
 * in alternating order: 9.00 against a monthly budget of 10.00, which passes 80% (an alert is
 * recorded and every member notified), and 9.00 against 1,000.00, which does not. A new category
 * per round, because an alert fires once per category, threshold and period.
 */
export async function measureAlerts(base, cookie, label) {
  const times = { alert: [], none: [] };
  const made = { expenses: [], categories: [] };
  const load = loadavg()[0];
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const order = i % 2 ? ["alert", "none"] : ["none", "alert"];
    for (const kind of order) {
      const category = await call(base, cookie, "POST", "/api/categories", {
        name: `bench alert ${kind} ${i}`,
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "0",
        monthlyBudget: kind === "alert" ? "10.00" : "1000.00",
      });
      const { json, ms } = await call(base, cookie, "POST", "/api/expenses", {
        description: `bench alert ${i}`,
        amount: "9.00",
        date: today(),
        categoryId: category.json.id,
      });
      if (i >= WARMUP) times[kind].push(ms);
      made.categories.push(category.json.id);
      made.expenses.push(json.id);
    }
  }
  const unread = await fetch(`${base}/api/notifications/unread-count`, { headers: { cookie } });
  const { unreadCount } = await unread.json();
  // The family is left as it was, so the calls measured after this see the same month.
  for (const id of made.expenses) await call(base, cookie, "DELETE", `/api/expenses/${id}`);
  for (const id of made.categories) await call(base, cookie, "DELETE", `/api/categories/${id}`);
  const alert = median(times.alert);
  const none = median(times.none);
  const ratio = alert / none;
  const fmt = (n, digits = 1) => n.toFixed(digits);
  console.log(
    `\n### ${label}: budget alerts\n\n` +
      `POST /api/expenses, ${ROUNDS} of each after ${WARMUP} not counted, sequential: ` +
      `median ${fmt(alert)} ms when it passes 80% of the budget (an alert and a notification per ` +
      `member, in the same transaction), ${fmt(none)} ms when it does not; ` +
      `ratio ${fmt(ratio, 2)} (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "NOT met"}). ` +
      `Unread notifications afterwards: ${unreadCount} (at least ${ROUNDS + WARMUP} expected). ` +
      `Load average (1 min, ${availableParallelism()} CPUs): ${fmt(load)} before, ${fmt(loadavg()[0])} after.\n`,
  );
  return { alertMs: alert, noAlertMs: none, ratio, unreadCount };
}

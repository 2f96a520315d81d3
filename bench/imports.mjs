// The figures for the CSV import (docs/product.md#csv-import): a 10,000-line bank statement's
// preview within 3 s and its commit within 5 s (medians of one run), with GET /api/health's median
// of the same run as the baseline. The import goes into the family with 50,000 expenses, whose rows
// the preview's duplicate and last-category statements search. Standalone against a running server:
// `BENCH_URL=http://127.0.0.1:3000 node bench/imports.mjs` (registers its own family).
import { availableParallelism, loadavg } from "node:os";

const LINES = 10_000;
const PREVIEW_ROUNDS = 5;
const COMMIT_ROUNDS = 3;
const TARGETS = { previewMs: 3000, commitMs: 5000 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function call(base, cookie, method, path, body, headers = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  const ms = performance.now() - started;
  if (res.status >= 300)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, ms };
}

/** A Brazilian bank's export: Latin-1, ';', dd/mm/yyyy, 1.234,56, spending negative. */
function statement(year) {
  const lines = ["Data;Histórico;Documento;Valor (R$);Saldo (R$)"];
  for (let i = 0; i < LINES; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    const month = String((Math.floor(i / 28) % 12) + 1).padStart(2, "0");
    const cents = 100 + ((i * 7919) % 500_000);
    const amount = `-${Math.floor(cents / 100).toLocaleString("pt-BR")},${String(cents % 100).padStart(2, "0")}`;
    lines.push(`${day}/${month}/${year};Compra cartão ${i % 400} São João;${i};${amount};1.000,00`);
  }
  return Buffer.from(lines.join("\r\n"), "latin1").toString("base64");
}

export async function measureImports(base, cookie, label) {
  const load = loadavg()[0];
  const category = await call(base, cookie, "POST", "/api/categories", {
    name: "bench import",
    icon: "tag",
    color: "#3b82f6",
    weeklyBudget: "0",
    monthlyBudget: "0",
  });
  const health = [];
  for (let i = 0; i < 20; i++) health.push((await call(base, "", "GET", "/api/health")).ms);
  // Commits first, a year of their own each (2190-2192), so no round's lines are another's
  // duplicates; then the previews read the first year's file again: every line is then a
  // duplicate and has a last-used category, the most work those two statements can have.
  const years = Array.from({ length: COMMIT_ROUNDS }, (_, i) => 2190 + i);
  const commits = [];
  for (const year of years) {
    const { json } = await call(base, cookie, "POST", "/api/imports/preview", {
      contentBase64: statement(year),
    });
    const lines = json.lines
      .filter((line) => line.errorKey === null)
      .map((line) => ({
        date: line.date,
        description: line.description,
        amount: line.amount,
        categoryId: category.json.id,
      }));
    const { json: result, ms } = await call(
      base,
      cookie,
      "POST",
      "/api/imports",
      { fileName: "extrato.csv", lines },
      { "idempotency-key": `bench-import-${year}-${Date.now()}` },
    );
    if (result.importedCount !== LINES) throw new Error(`imported ${result.importedCount}`);
    commits.push(ms);
  }
  const previews = [];
  let preview;
  for (let i = 0; i < PREVIEW_ROUNDS; i++) {
    const { json, ms } = await call(base, cookie, "POST", "/api/imports/preview", {
      fileName: "extrato.csv",
      contentBase64: statement(years[0]),
    });
    previews.push(ms);
    preview = json;
  }
  const duplicates = preview.lines.filter((line) => line.duplicate).length;
  const previewMs = median(previews);
  const commitMs = median(commits);
  const healthMs = median(health);
  const fmt = (n, digits = 1) => n.toFixed(digits);
  const met = (ms, target) => (ms <= target ? "met" : "NOT met");
  console.log(
    `\n### ${label}: CSV import\n\n` +
      `${LINES.toLocaleString("en")} lines (Latin-1, ';', dd/mm/yyyy, 1.234,56), sequential: ` +
      `POST /api/imports/preview median ${fmt(previewMs)} ms of ${PREVIEW_ROUNDS} ` +
      `(target <= ${TARGETS.previewMs}: ${met(previewMs, TARGETS.previewMs)}, ` +
      `${preview.lines.length} lines answered, ${duplicates} of them duplicates); POST /api/imports median ${fmt(commitMs)} ms of ` +
      `${COMMIT_ROUNDS} (target <= ${TARGETS.commitMs}: ${met(commitMs, TARGETS.commitMs)}). ` +
      `GET /api/health median ${fmt(healthMs, 2)} ms: preview ${fmt(previewMs / healthMs, 0)}x, ` +
      `commit ${fmt(commitMs / healthMs, 0)}x. ` +
      `Load average (1 min, ${availableParallelism()} CPUs): ${fmt(load)} before, ${fmt(loadavg()[0])} after.\n`,
  );
  return { previewMs, commitMs, healthMs };
}

// Standalone: a family of its own on the server at BENCH_URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
  const email = `bench-import-${Date.now()}@example.org`;
  const account = { email, password: "correct horse" };
  await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...account, name: "Bench", preferredLanguage: "pt" }),
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  await call(base, cookie, "POST", "/api/family", { name: "Bench" });
  await measureImports(base, cookie, base);
}

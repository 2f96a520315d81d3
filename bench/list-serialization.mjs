// `node --import tsx bench/list-serialization.mjs`: what answering a month of ~834 expenses costs
// three ways, in one run against GET /api/health, on an embedded PostgreSQL of its own: drizzle
// rows mapped to objects and checked row by row by the zod serializer (how GET /api/expenses
// answered before), the same objects through JSON.stringify (http/trusted-json.ts), and the JSON
// text written by PostgreSQL (GET /api/expenses now). The first two are probe routes; all three
// must answer the same bytes. Read the ratios, not the absolute figures: the
// machine is shared. BENCH_SECONDS and BENCH_CONNECTIONS as in bench/run.mjs.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { z } from "zod";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROWS = 834;

const { buildApp } = await import("../src/server/app.ts");
const { openEmbedded } = await import("../src/server/db/client.ts");
const { startEmbeddedPostgres } = await import("../src/server/db/embedded-postgres.ts");
const { loadConfig } = await import("../src/server/config.ts");
const { expenseListQuerySchema, expenseSchema } = await import("../src/contract/expenses.ts");
const { requireFamily } = await import("../src/server/http/family-scope.ts");
const { trustedJson } = await import("../src/server/http/trusted-json.ts");
const { toExpense } = await import("../src/server/api-rows.ts");
const { expenses } = await import("../src/server/db/schema.ts");
const { and, between, desc, eq } = await import("drizzle-orm");

/** How the list was read before: drizzle rows mapped to the contract's objects. */
const listObjects = async (db, scope, { month, year }) =>
  (
    await db
      .select()
      .from(expenses)
      .where(
        and(
          eq(expenses.familyId, scope.familyId),
          // The calendar month: the bench's family keeps the default budget month rule.
          ...(month
            ? [
                between(
                  expenses.date,
                  `${year}-${String(month).padStart(2, "0")}-01`,
                  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10),
                ),
              ]
            : []),
        ),
      )
      .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
  ).map(toExpense);

const dataDir = await mkdtemp(join(tmpdir(), "bench-serialization-"));
const quiet = { info() {}, warn: console.warn, error: console.error };
const server = await startEmbeddedPostgres({ dataDir, log: quiet });
const database = openEmbedded(server);
let app;
try {
  await database.migrate();
  const config = {
    ...loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    sessionSecret: "bench-secret-bench-secret-bench-secret",
    twoFactorKey: "be".repeat(32),
  };
  app = await buildApp({ database, config });
  // GET /api/expenses as it was: rows to objects, the app's zod serializer checking each one.
  const schema = {
    querystring: expenseListQuerySchema,
    response: { 200: z.array(expenseSchema) },
  };
  app.get("/api/bench/zod-expenses", { schema }, async (request) =>
    listObjects(app.db, requireFamily(request), request.query),
  );
  // The same objects written by JSON.stringify, without the check.
  app.get("/api/bench/objects-expenses", { schema, ...trustedJson }, async (request) =>
    listObjects(app.db, requireFamily(request), request.query),
  );
  await app.ready();

  const register = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email: "bench@example.org", password: "bench-password", name: "Bench" },
  });
  if (register.statusCode !== 201) throw new Error(register.body);
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: "bench@example.org", password: "bench-password" },
  });
  const cookie = String(login.headers["set-cookie"]).split(";")[0];
  const family = await app.inject({
    method: "POST",
    url: "/api/family",
    headers: { cookie },
    payload: { name: "Bench" },
  });
  const familyId = family.json().id;
  await database.pool.query(
    `insert into expenses (family_id, description, amount, category_id, added_by_user_id, date)
     select $1, 'Compra no mercado ' || i, (i % 5000 + 1) * 0.37, null, $2,
       date '2026-03-01' + (i % 31)
     from generate_series(1, $3) as i`,
    [familyId, login.json().user.id, ROWS],
  );

  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const month = "?month=3&year=2026";
  const check = await app.inject({
    method: "GET",
    url: `/api/expenses${month}`,
    headers: { cookie },
  });
  const before = await app.inject({
    method: "GET",
    url: `/api/bench/zod-expenses${month}`,
    headers: { cookie },
  });
  const objects = await app.inject({
    method: "GET",
    url: `/api/bench/objects-expenses${month}`,
    headers: { cookie },
  });
  if (check.json().length !== ROWS || check.body !== before.body || objects.body !== before.body) {
    throw new Error("the two variants must answer the same bytes");
  }
  console.log(`${ROWS} rows, ${Buffer.byteLength(check.body)} bytes a response`);

  const measure = async (label, path) => {
    const result = await autocannon({
      url: `${address}${path}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { cookie },
    });
    return {
      label,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
    };
  };
  const results = [
    await measure("GET /api/health (baseline)", "/api/health"),
    await measure("month, zod check per row (before)", `/api/bench/zod-expenses${month}`),
    await measure("month, objects + JSON.stringify", `/api/bench/objects-expenses${month}`),
    await measure("month, JSON text from SQL (after)", `/api/expenses${month}`),
  ];
  const health = results[0].rps;
  console.log("| call | req/s | p50 ms | p99 ms | vs health | non-2xx/errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.label} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / health).toFixed(3)} | ${r.non2xx} |`,
    );
  }
  console.log(`after / before: x${(results[3].rps / results[1].rps).toFixed(2)}`);

  // The app's own CPU time a request (process.cpuUsage over sequential injects): much less
  // sensitive than req/s to other work on a shared machine, since waiting is not counted.
  const cpuPerRequest = async (path) => {
    const runs = Number(process.env.BENCH_CPU_RUNS ?? 200);
    for (let i = 0; i < 20; i++)
      await app.inject({ method: "GET", url: path, headers: { cookie } });
    const start = process.cpuUsage();
    for (let i = 0; i < runs; i++)
      await app.inject({ method: "GET", url: path, headers: { cookie } });
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / runs;
  };
  const cpu = {
    health: await cpuPerRequest("/api/health"),
    before: await cpuPerRequest(`/api/bench/zod-expenses${month}`),
    objects: await cpuPerRequest(`/api/bench/objects-expenses${month}`),
    after: await cpuPerRequest(`/api/expenses${month}`),
  };
  console.log(
    `app CPU a request: health ${cpu.health.toFixed(2)} ms; month: zod check ${cpu.before.toFixed(2)} ms, objects + JSON.stringify ${cpu.objects.toFixed(2)} ms, JSON from SQL ${cpu.after.toFixed(2)} ms (after / before: ${(cpu.after / cpu.before).toFixed(2)})`,
  );
} finally {
  await app?.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

// `node --import tsx bench/list-serialization.mjs`: what writing a month of ~834 expenses costs
// with the zod response check on every row (how GET /api/expenses answered before) and with the
// trusted serializer (src/server/http/trusted-json.ts), in one run against GET /api/health, on an
// embedded PostgreSQL of its own. The zod variant is the same service and schema on a probe route
// that keeps the app's default (zod) serializer. Read the ratios, not the absolute figures: the
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
const { listExpenses } = await import("../src/server/features/expenses/service.ts");

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
  };
  app = await buildApp({ database, config });
  // GET /api/expenses as it was: the same service and schema, the app's zod serializer.
  app.get(
    "/api/bench/zod-expenses",
    { schema: { querystring: expenseListQuerySchema, response: { 200: z.array(expenseSchema) } } },
    async (request) => listExpenses(app.db, requireFamily(request), request.query),
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
  if (check.json().length !== ROWS || check.body !== before.body) {
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
    await measure("month, trusted serializer (after)", `/api/expenses${month}`),
  ];
  const health = results[0].rps;
  console.log("| call | req/s | p50 ms | p99 ms | vs health | non-2xx/errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.label} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / health).toFixed(3)} | ${r.non2xx} |`,
    );
  }
  console.log(`after / before: x${(results[2].rps / results[1].rps).toFixed(2)}`);
} finally {
  await app?.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

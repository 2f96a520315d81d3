import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { migrationsFolder } from "../paths";
import { signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, testConfig } from "../testing/test-app";
import { createTestDatabase } from "../testing/test-database";
import { loadBackup, writeBackup } from "./backup";
import { type Database, type Db, openDatabase, openEmbedded, openPostgres } from "./client";
import type { EmbeddedPostgres } from "./embedded-postgres";
import { importLegacyPglite } from "./legacy-pglite";

/**
 * Every connection of the app runs with a statement timeout and an idle-in-transaction timeout
 * (db/timeouts.ts, docs/internals/data.md#databases), and the work that legitimately lasts (a
 * migration waiting for another process's, a backup's snapshot, a restore, the PGlite import)
 * lifts them for itself.
 * The second half shortens the limits to a fraction of a second and makes that work slower.
 */

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const settingsOf = async (database: Pick<Database, "pool">) => {
  const { rows } = await database.pool.query<{ statement: string; idle: string }>(
    `select current_setting('statement_timeout') as statement,
            current_setting('idle_in_transaction_session_timeout') as idle`,
  );
  return rows[0];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `pool` as a slow disk would make it: the first statement matching `pause` waits 750 ms (half
 * as long again as the limits below) before it is sent, with its transaction open.
 */
const slow = (pool: pg.Pool, pause: RegExp) =>
  ({
    connect: async () => {
      const client = await pool.connect();
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      let paused = false;
      return Object.assign(Object.create(client) as pg.PoolClient, {
        query: async (...args: unknown[]) => {
          if (!paused && typeof args[0] === "string" && pause.test(args[0])) {
            paused = true;
            await sleep(750);
          }
          return query(...args);
        },
        release: (error?: Error | boolean) => client.release(error),
      });
    },
  }) as unknown as pg.Pool;

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.close());

describe("the app's connections", () => {
  it("DATABASE_URL's: a 30 s statement timeout and a minute idle in a transaction", async () => {
    const database = await openDatabase({
      databaseUrl: test.connectionString,
      dataDir: "/nonexistent",
      log: pino({ level: "silent" }),
    });
    try {
      expect(await settingsOf(database)).toEqual({ statement: "30s", idle: "1min" });
    } finally {
      await database.close();
    }
  });

  it("the embedded server's: the same", async () => {
    const url = new URL(test.connectionString);
    const host = url.searchParams.get("host") ?? url.hostname;
    // The embedded server's connection settings, as its object hands them to the pool.
    const server: EmbeddedPostgres = {
      connection: (): pg.PoolConfig => ({
        host,
        port: Number(url.port || 5432),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password) || undefined,
        database: url.pathname.slice(1),
      }),
      pid: () => undefined,
      stop: async () => {},
    };
    const database = openEmbedded(server);
    try {
      expect(await settingsOf(database)).toEqual({ statement: "30s", idle: "1min" });
    } finally {
      await database.close();
    }
  });
});

describe("with limits of half a second", () => {
  const short = () =>
    openPostgres(test.connectionString, {
      timeouts: { statementMs: 500, idleInTransactionMs: 500 },
    });

  it("a longer statement is cancelled, and the pool goes on", async () => {
    const database = short();
    try {
      await expect(database.pool.query("select pg_sleep(2)")).rejects.toMatchObject({
        code: "57014",
      });
      expect((await database.pool.query("select 1 as one")).rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("a transaction left idle is ended by the server, and its connection is not reused", async () => {
    const database = short();
    try {
      const client = await database.pool.connect();
      await client.query("begin");
      // Twice the limit: the server has ended it by then.
      await sleep(1_000);
      await expect(client.query("select 1")).rejects.toThrow();
      client.release(true);
      expect((await database.pool.query("select 1 as one")).rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("migrations wait for another process's as long as it takes", async () => {
    const database = short();
    const other = await test.pool.connect();
    try {
      // Another app process migrating: it holds the migration lock for twice the limit.
      await other.query("select pg_advisory_lock(7428113901)");
      const migrating = database.migrate();
      await sleep(1_000);
      await other.query("select pg_advisory_unlock(7428113901)");
      await migrating;
      // The connection that waited was discarded: the pool's next one has the limits again.
      expect(await settingsOf(database)).toEqual({ statement: "500ms", idle: "500ms" });
    } finally {
      other.release();
      await database.close();
    }
  });

  it("a backup and a restore idle in their transaction for longer than the limit", async () => {
    // Some rows in every main table, written by the app.
    const app = await createTestApp({ database: test });
    try {
      await signUpWithFamily(app.app, { clearStarterData: false });
    } finally {
      await app.close();
    }
    const database = short();
    const target = await createTestDatabase();
    const restored = openPostgres(target.connectionString, {
      timeouts: { statementMs: 500, idleInTransactionMs: 500 },
    });
    try {
      // The backup's first batch, and the restore's, wait on the slow disk.
      const dataDir = await mkdtemp(join(tmpdir(), "budget-timeouts-"));
      const file = await writeBackup(slow(database.pool, /^fetch/), dataDir);
      const rows = await loadBackup(file, slow(restored.pool, /^insert/));
      expect(rows.families).toBe(1);
      expect(rows.expenses).toBeGreaterThan(0);
      const { rows: copied } = await restored.pool.query<{ n: number }>(
        "select count(*)::int as n from expenses",
      );
      expect(copied[0]?.n).toBe(rows.expenses);
    } finally {
      await restored.close();
      await database.close();
      await target.close();
    }
  });

  it("the import of a PGlite DATA_DIR idles in its transaction while PGlite reads", async () => {
    // What the previous version left: its PGlite database in DATA_DIR/pglite, written by the app.
    const dataDir = await mkdtemp(join(tmpdir(), "budget-timeouts-"));
    const legacy = new PGlite({ dataDir: join(dataDir, "pglite") });
    const legacyDb = drizzle({ client: legacy });
    await migrate(legacyDb, { migrationsFolder });
    const app = await buildApp({
      database: { db: legacyDb as unknown as Db, kind: "postgres" },
      config: testConfig({ DATA_DIR: dataDir }),
    });
    await signUpWithFamily(app, { clearStarterData: false });
    await app.close();
    await legacy.close();
    const target = await createTestDatabase();
    const database = openPostgres(target.connectionString, {
      timeouts: { statementMs: 500, idleInTransactionMs: 500 },
    });
    try {
      const copied = await importLegacyPglite(
        dataDir,
        slow(database.pool, /^insert/),
        pino({ level: "silent" }),
      );
      expect(copied?.families).toBe(1);
      expect(copied?.expenses).toBeGreaterThan(0);
    } finally {
      await database.close();
      await target.close();
    }
    // PGlite (WebAssembly) runs every migration and the sign-up on one core: about 10 s alone,
    // past 30 s when the end-to-end tests share the machine with this pass (.ci/run).
  }, 120_000);
});

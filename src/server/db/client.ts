import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { DatabaseKind } from "../../contract/health";
import { migrationsFolder } from "../paths";
import * as schema from "./schema";

/** The one database type every service takes: the same Drizzle API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Applies the committed migrations; safe when several app processes start at once. */
  migrate(): Promise<void>;
  /** Flushes everything to disk and releases the database. */
  close(): Promise<void>;
};

/** PGlite keeps its files in DATA_DIR/pglite so secrets, locks and backups can sit beside it. */
export const pgliteDirectory = (dataDir: string) => join(dataDir, "pglite");

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database & { client: PGlite }> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir ? pgliteDirectory(options.dataDir) : undefined,
    loadDataDir: options.loadDataDir,
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    client,
    kind: "pglite",
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    async close() {
      if (client.closed) return;
      await client.query("CHECKPOINT");
      await client.close();
    },
  };
}

// Serialises migrations when several app processes start on one server at the same moment.
const MIGRATION_LOCK_ID = 7_428_113_901;

export async function openPostgres(
  connectionString: string,
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    pool,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: config.dataDir });
}

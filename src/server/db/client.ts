import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import type { DatabaseKind } from "../../contract/health";
import { migrationsFolder } from "../paths";
import { applyDatabaseFunctions } from "./database-functions";
import {
  type EmbeddedPostgres,
  prepareEmbeddedPostgres,
  type startEmbeddedPostgres,
} from "./embedded-postgres";
import * as schema from "./schema";
import {
  APP_TIMEOUTS,
  type DatabaseTimeouts,
  LIFT_TIMEOUTS_FOR_SESSION,
  timeoutSettings,
} from "./timeouts";

/** The one database type every service takes. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** The node-postgres pool under `db`, for what Drizzle does not say (backups, copies). */
  pool: pg.Pool;
  /** Settles when the database answers (the embedded server has started). */
  ready: Promise<void>;
  /**
   * Applies the committed migrations, then the SQL functions of db/functions/; safe when several
   * app processes start at once.
   */
  migrate(): Promise<void>;
  /** Closes the connections (and stops the embedded server, when this database owns one). */
  close(): Promise<void>;
};

// Serialises migrations when several app processes start on one server at the same moment.
const MIGRATION_LOCK_ID = 7_428_113_901;

type PoolErrorLogger = (error: Error) => void;

/**
 * node-postgres for both databases: a server restarting (the embedded one after a crash, or a
 * managed one failing over) errors the idle connections, which must be logged, not thrown.
 */
export function openPostgres(
  settings: string | pg.PoolConfig,
  options: {
    kind?: DatabaseKind;
    onPoolError?: PoolErrorLogger;
    onClose?: () => Promise<void>;
    ready?: Promise<void>;
    /** The server-side limits of every connection (db/timeouts.ts); tests shorten them. */
    timeouts?: DatabaseTimeouts;
  } = {},
): Database {
  const config = typeof settings === "string" ? { connectionString: settings } : settings;
  // A statement_timeout in DATABASE_URL's query string still wins: node-postgres reads the URL's
  // parameters over these.
  const pool = new pg.Pool({
    max: 10,
    ...timeoutSettings(options.timeouts ?? APP_TIMEOUTS),
    ...config,
  });
  pool.on("error", options.onPoolError ?? (() => {}));
  // A connection that dies while checked out but between two queries (a transaction awaiting
  // something else, such as the alert outbox sending a mail) emits 'error' on its client, which
  // node-postgres leaves without a listener: the process would crash. The next query on it fails
  // and reports the error, and the pool discards it when it is released, so it is ignored here.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    pool,
    kind: options.kind ?? "postgres",
    ready: options.ready ?? Promise.resolve(),
    async migrate() {
      const client = await pool.connect();
      try {
        // Waiting for another process's migrations, or one rewriting a large table, may take
        // longer than a request's statement may: this connection is discarded afterwards.
        await client.query(LIFT_TIMEOUTS_FOR_SESSION);
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzle({ client }), { migrationsFolder });
        // Under the same lock: CREATE OR REPLACE of one function in two sessions at once can
        // fail with "tuple concurrently updated".
        await applyDatabaseFunctions(client);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release(true);
      }
    },
    async close() {
      await pool.end();
      await options.onClose?.();
    },
  };
}

/** The app's database on an embedded server it has started: closing it stops the server. */
export function openEmbedded(server: EmbeddedPostgres, onPoolError?: PoolErrorLogger): Database {
  return openPostgres(server.connection(), {
    kind: "embedded-postgres",
    onPoolError,
    onClose: () => server.stop(),
  });
}

type Logger = Parameters<typeof startEmbeddedPostgres>[0]["log"];

/**
 * The app's database. On the embedded default the server is prepared (initdb on a first start)
 * and then started in the background: the pool connects lazily, so the app is built while
 * PostgreSQL starts; `ready` says when it answers.
 */
export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: Logger;
}): Promise<Database> {
  const onPoolError = (error: Error) =>
    config.log.warn({ err: error }, "a database connection was lost");
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { onPoolError });
  const prepared = await prepareEmbeddedPostgres({ dataDir: config.dataDir, log: config.log });
  const server = prepared.start();
  // Awaited through `ready`; a failure before then must not count as an unhandled rejection.
  server.catch(() => {});
  return openPostgres(prepared.connection(), {
    kind: "embedded-postgres",
    onPoolError,
    ready: server.then(() => {}),
    onClose: async () => (await server).stop(),
  });
}

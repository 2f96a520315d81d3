import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPostgres } from "../db/client";

/**
 * A fresh, migrated database for one test file, cloned from the run's template on the run's test
 * server (the embedded PostgreSQL, or TEST_DATABASE_URL's) and dropped on close.
 */
export async function createTestDatabase(): Promise<Database & { connectionString: string }> {
  const postgres = inject("testServer");

  const name = `${postgres.prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${postgres.template}"`);
        break;
      } catch (error) {
        // Two files copying the template at the same instant: PostgreSQL asks the second to wait.
        if (attempt >= 20 || !String(error).includes("is being accessed by other users"))
          throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { kind: inject("databaseKind") });
  return {
    ...database,
    connectionString: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: postgres.adminUrl });
      await dropper.connect();
      try {
        // The pool's promise resolves before its connections have quite gone; forcing the drop
        // then would kill one mid-goodbye and surface as an uncaught error in the test file.
        for (let waited = 0; waited < 5_000; waited += 50) {
          const { rows } = await dropper.query(
            "select count(*)::int as connections from pg_stat_activity where datname = $1",
            [name],
          );
          if (rows[0].connections === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** What /api/health says in this pass: the embedded server by default, or TEST_DATABASE_URL's. */
export const expectedDatabaseKind = () => inject("databaseKind");

/** Whether this run is CI's second pass, on the PostgreSQL server of TEST_DATABASE_URL. */
export const onExternalPostgres = () => inject("databaseKind") === "postgres";

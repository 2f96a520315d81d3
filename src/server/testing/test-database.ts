import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../db/client";

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or, when the run
 * has TEST_DATABASE_URL, a PostgreSQL database of its own cloned from the template and dropped on
 * close.
 */
export async function createTestDatabase(): Promise<Database & { connectionString?: string }> {
  const postgres = inject("postgresTemplate");
  if (!postgres) return createPgliteTestDatabase();

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
  const database = await openPostgres(url.toString());
  return {
    ...database,
    connectionString: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: postgres.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export async function createPgliteTestDatabase(): Promise<Database> {
  const template = await readFile(inject("pgliteTemplate"));
  return openPglite({ loadDataDir: new Blob([template]) });
}

export const expectedDatabaseKind = () => (inject("postgresTemplate") ? "postgres" : "pglite");

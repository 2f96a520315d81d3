import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type pg from "pg";
import { databaseFunctionsFolder } from "../paths";

/**
 * The SQL functions the app's SQL calls, each file of src/server/db/functions/ in this order:
 * the budget rules first (the periods, then rollover), then the budget-alert trigger's function,
 * which calls the periods'. Every file is CREATE OR REPLACE only, so applying them again is
 * harmless: they are applied after drizzle's migrations at every start, and a database at any
 * migration, a restored backup or an imported PGlite folder (both load into a database migrated
 * this way) gets the current ones.
 */
const DATABASE_FUNCTION_FILES = [
  "budget-rules.sql",
  "rollover.sql",
  "budget-alerts.sql",
  "expense-shares.sql",
  "seen-by.sql",
  "refunds.sql",
  "quotas.sql",
  "accounts.sql",
  "payees.sql",
  "category-rules.sql",
] as const;

class DatabaseFunctionsError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = "DatabaseFunctionsError";
  }
}

/**
 * The files' texts in their order. A file in the folder but not in the list stops the start, so
 * a new one cannot be forgotten.
 */
export async function databaseFunctionFiles(): Promise<{ name: string; text: string }[]> {
  const present = (await readdir(databaseFunctionsFolder)).filter((name) => name.endsWith(".sql"));
  const unlisted = present.filter(
    (name) => !(DATABASE_FUNCTION_FILES as readonly string[]).includes(name),
  );
  if (unlisted.length > 0) {
    throw new DatabaseFunctionsError(
      `${databaseFunctionsFolder} holds ${unlisted.join(", ")}, which DATABASE_FUNCTION_FILES in src/server/db/database-functions.ts does not list`,
    );
  }
  return Promise.all(
    DATABASE_FUNCTION_FILES.map(async (name) => ({
      name,
      text: await readFile(join(databaseFunctionsFolder, name), "utf8"),
    })),
  );
}

/**
 * Applies the files in one transaction on `client`, which holds the migration lock (client.ts):
 * two processes starting together take turns, and a file that fails leaves the previous
 * definitions in place.
 */
export async function applyDatabaseFunctions(client: pg.ClientBase): Promise<void> {
  const files = await databaseFunctionFiles();
  await client.query("begin");
  for (const { name, text } of files) {
    try {
      // A few statements without parameters: one simple query per file.
      await client.query(text);
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw new DatabaseFunctionsError(
        `src/server/db/functions/${name} failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  await client.query("commit");
}

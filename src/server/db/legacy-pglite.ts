import { rename, stat } from "node:fs/promises";
import { join } from "node:path";
import type pg from "pg";
import { migrationsFolder } from "../paths";
import { appTables, countRows, insertRows } from "./table-copy";
import { LIFT_TIMEOUTS_LOCALLY } from "./timeouts";

/**
 * Households that ran the previous version keep their data in DATA_DIR/pglite (PGlite, PostgreSQL
 * in WebAssembly). On the first start of this version it is copied into the new embedded server
 * in one transaction, every table's row count compared, and the old folder kept beside it,
 * renamed. PGlite stays a dependency for this import alone, loaded only when such a folder exists.
 */

export const legacyPgliteDirectory = (dataDir: string) => join(dataDir, "pglite");

type Logger = { info(object: object, message: string): void };

export class LegacyImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LegacyImportError";
  }
}

/** Imports DATA_DIR/pglite when there is one; returns the rows copied per table, or undefined. */
export async function importLegacyPglite(
  dataDir: string,
  pool: pg.Pool,
  log: Logger,
  now = new Date(),
): Promise<Record<string, number> | undefined> {
  const source = legacyPgliteDirectory(dataDir);
  if (!(await stat(join(source, "PG_VERSION")).catch(() => null))) return undefined;

  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  log.info({ directory: source }, "importing the data of the previous version (PGlite)");
  const legacy = new PGlite({ dataDir: source });
  await legacy.waitReady;
  let copied: Record<string, number>;
  try {
    // The previous version may have stopped before the newest migration: bring it level first.
    await migrate(drizzle({ client: legacy }), { migrationsFolder });
    const client = await pool.connect();
    try {
      const tables = await appTables(client);
      const names = tables.map((table) => table.name);
      const already = await countRows(client, names);
      if (Object.values(already).some((count) => count > 0)) {
        // An import committed before the folder could be renamed (the process was killed then):
        // only the rename is left to do.
        copied = already;
      } else {
        await client.query("begin");
        try {
          // Idle while PGlite reads each whole table, on the event loop.
          await client.query(LIFT_TIMEOUTS_LOCALLY);
          await client.query("set local session_replication_role = replica");
          for (const table of tables) {
            const { rows } = await legacy.query<{ row: string }>(
              `select row_to_json(t)::text as row from "${table.name}" t`,
            );
            for (let i = 0; i < rows.length; i += 1_000) {
              await insertRows(
                client,
                table.name,
                table.columns,
                rows.slice(i, i + 1_000).map((row) => row.row),
              );
            }
          }
          const expected = await countRows(legacy, names);
          copied = await countRows(client, names);
          for (const name of names) {
            if (copied[name] !== expected[name]) {
              throw new LegacyImportError(
                `Importing ${source}: ${name} holds ${expected[name]} rows there but ${copied[name]} were copied; nothing was imported and the folder is untouched.`,
              );
            }
          }
          await client.query("commit");
        } catch (error) {
          await client.query("rollback").catch(() => {});
          throw error;
        }
      }
    } finally {
      client.release();
    }
  } finally {
    await legacy.close();
  }
  const kept = `${source}.imported-${now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}`;
  await rename(source, kept);
  log.info({ rows: copied, keptAt: kept }, "imported the previous version's data");
  return copied;
}

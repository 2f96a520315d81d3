import { createReadStream, createWriteStream } from "node:fs";
import { chmod, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type pg from "pg";
import { RECOUNT_FAMILIES } from "./family-counts";
import { ensurePrivateDirectory } from "./private-files";
import { appTables, countRows, insertRows, readRows } from "./table-copy";
import { LIFT_TIMEOUTS_LOCALLY } from "./timeouts";

/**
 * Backups of the embedded database without pg_dump (the embedded packages ship none): every row
 * of every table read in one REPEATABLE READ transaction, so the backup is one consistent moment
 * of a running server, written as gzipped lines of PostgreSQL's own JSON text into
 * DATA_DIR/backups (0600). The running server writes one a day and keeps the last 7;
 * `npm run backup` makes one now; `npm run restore FILE` loads one into a fresh DATA_DIR.
 *
 * The file: a header line (format, the tables and their columns), one `table<TAB>row json` line
 * per row, and a closing line with the row counts, so a truncated file is refused, not half
 * restored.
 */

export const BACKUPS_KEPT = 7;
const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const FORMAT = "family-budget-backup";
const END = "#end";
const backupName = /^backup-\d{8}T\d{6}Z(-\d+)?\.jsonl\.gz$/;

const backupsDirectory = (dataDir: string) => join(dataDir, "backups");

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");

export async function listBackups(dataDir: string): Promise<string[]> {
  const dir = backupsDirectory(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => backupName.test(name))
    .sort()
    .map((name) => join(dir, name));
}

type Header = { format: string; version: 1; createdAt: string; tables: Record<string, string[]> };

/** Every row of `pool`'s database at one moment, as the lines of a backup file. */
async function* backupLines(pool: pg.Pool, now: Date): AsyncGenerator<string> {
  const client = await pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    // One snapshot for the whole backup, idle while gzip and the disk take each batch.
    await client.query(LIFT_TIMEOUTS_LOCALLY);
    const tables = await appTables(client);
    const header: Header = {
      format: FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      tables: Object.fromEntries(tables.map((table) => [table.name, table.columns])),
    };
    yield `${JSON.stringify(header)}\n`;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      let count = 0;
      for await (const rows of readRows(client, table.name)) {
        count += rows.length;
        yield rows.map((row) => `${table.name}\t${row}\n`).join("");
      }
      counts[table.name] = count;
    }
    yield `${END}\t${JSON.stringify(counts)}\n`;
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Writes a backup of the running database and keeps only the newest BACKUPS_KEPT. */
export async function writeBackup(pool: pg.Pool, dataDir: string, now = new Date()) {
  const dir = backupsDirectory(dataDir);
  await ensurePrivateDirectory(dir);
  let file = join(dir, `backup-${stamp(now)}.jsonl.gz`);
  for (let n = 1; await stat(file).catch(() => null); n++) {
    file = join(dir, `backup-${stamp(now)}-${n}.jsonl.gz`);
  }
  // Streamed (50,000 expenses never sit in memory at once) under a temporary name, renamed when
  // complete, so a crash never leaves a truncated backup that looks whole.
  const partial = `${file}.partial`;
  try {
    await pipeline(
      backupLines(pool, now),
      createGzip(),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const all = await listBackups(dataDir);
  for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_KEPT))) {
    await rm(old, { force: true });
  }
  return file;
}

export async function backupIsDue(dataDir: string, now = new Date()): Promise<boolean> {
  const newest = (await listBackups(dataDir)).at(-1);
  if (!newest) return true;
  const { mtime } = await stat(newest);
  return now.getTime() - mtime.getTime() >= BACKUP_INTERVAL_MS;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/**
 * Loads a backup into a migrated database that holds no rows yet, in one transaction: all of it
 * or nothing. Columns the backup does not have (it is older than the schema) take their
 * defaults.
 */
export async function loadBackup(file: string, pool: pg.Pool): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    const tables = await appTables(client);
    const existing = await countRows(
      client,
      tables.map((table) => table.name),
    );
    if (Object.values(existing).some((count) => count > 0)) {
      throw new BackupError("This DATA_DIR already holds data: restore into a fresh DATA_DIR.");
    }
    await client.query("begin");
    // All of it or nothing: one transaction for every row, idle while the file is read.
    await client.query(LIFT_TIMEOUTS_LOCALLY);
    // Rows arrive table by table, not in foreign-key order: the checks wait for the whole load.
    await client.query("set local session_replication_role = replica");
    const lines = createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    let header: Header | undefined;
    let expected: Record<string, number> | undefined;
    let batch: { table: string; rows: string[] } | undefined;
    const flush = async () => {
      if (!batch || !header) return;
      const known = new Set(header.tables[batch.table] ?? []);
      const shape = tables.find((table) => table.name === batch?.table);
      if (!shape)
        throw new BackupError(`The backup has a table this version does not know: ${batch.table}`);
      await insertRows(
        client,
        batch.table,
        shape.columns.filter((column) => known.has(column)),
        batch.rows,
      );
      batch = undefined;
    };
    try {
      for await (const line of lines) {
        if (!header) {
          header = JSON.parse(line) as Header;
          if (header.format !== FORMAT) throw new BackupError("Not a backup of this app.");
          continue;
        }
        const tab = line.indexOf("\t");
        const table = line.slice(0, tab);
        if (table === END) {
          await flush();
          expected = JSON.parse(line.slice(tab + 1)) as Record<string, number>;
          break;
        }
        if (batch && (batch.table !== table || batch.rows.length >= 1_000)) await flush();
        batch ??= { table, rows: [] };
        batch.rows.push(line.slice(tab + 1));
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`The backup file cannot be read: ${(error as Error).message}`);
    }
    if (!expected) throw new BackupError("The backup file is incomplete (it has no end line).");
    // The triggers were off: the quotas' counters are counted from the loaded rows.
    await client.query(RECOUNT_FAMILIES);
    const loaded = await countRows(client, Object.keys(expected));
    for (const [table, count] of Object.entries(expected)) {
      if (loaded[table] !== count) {
        throw new BackupError(`${table}: the backup holds ${count} rows, ${loaded[table]} loaded`);
      }
    }
    await client.query("commit");
    return loaded;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

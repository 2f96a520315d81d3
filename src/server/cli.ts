import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import pino from "pino";
import { ConfigError, loadConfig } from "./config";
import { BackupError, loadBackup, writeBackup } from "./db/backup";
import { openEmbedded, openPostgres } from "./db/client";
import { acquireDataDirLock, DataDirLockedError } from "./db/data-dir-lock";
import {
  EmbeddedPostgresError,
  embeddedDirectories,
  socketConnection,
  startEmbeddedPostgres,
} from "./db/embedded-postgres";

/**
 * `npm run backup`: a backup of the embedded database into DATA_DIR/backups. With the server
 * running it reads the server's database through its socket (one consistent snapshot, while the
 * server goes on); without, it starts the embedded PostgreSQL for the time of the backup.
 * `npm run restore FILE`: rebuilds a fresh DATA_DIR from a backup.
 */

const usage = "usage: npm run backup | npm run restore <backup file>";
const log = pino({ level: "warn" });

async function backup() {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error("DATABASE_URL is set: back up that PostgreSQL server with pg_dump instead.");
  }
  let lock: Awaited<ReturnType<typeof acquireDataDirLock>> | undefined;
  try {
    lock = await acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const running = openPostgres({ ...socketConnection(config.dataDir), max: 1 });
    try {
      const file = await writeBackup(running.pool, config.dataDir);
      console.log(`Backup written from the running server (pid ${error.ownerPid}): ${file}`);
    } finally {
      await running.close();
    }
    return;
  }
  try {
    if (!(await stat(embeddedDirectories(config.dataDir).database).catch(() => null))) {
      throw new Error(`${config.dataDir} holds no embedded database to back up.`);
    }
    const database = openEmbedded(await startEmbeddedPostgres({ dataDir: config.dataDir, log }));
    try {
      console.log(`Backup written: ${await writeBackup(database.pool, config.dataDir)}`);
    } finally {
      await database.close();
    }
  } finally {
    await lock.release();
  }
}

async function restore(file: string | undefined) {
  if (!file) throw new Error(usage);
  const path = resolve(file);
  // A clear error for a wrong path before anything is created.
  if (!(await stat(path).catch(() => null))?.isFile()) throw new Error(`No such file: ${file}`);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error("DATABASE_URL is set: restore that PostgreSQL server with pg_restore instead.");
  }
  const lock = await acquireDataDirLock(config.dataDir);
  try {
    const database = openEmbedded(await startEmbeddedPostgres({ dataDir: config.dataDir, log }));
    try {
      await database.migrate();
      const rows = await loadBackup(path, database.pool);
      const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
      console.log(`Restored ${file} into ${config.dataDir} (${total} rows)`);
    } finally {
      await database.close();
    }
  } finally {
    await lock.release();
  }
}

const [command, argument] = process.argv.slice(2);
const run =
  command === "backup"
    ? backup()
    : command === "restore"
      ? restore(argument)
      : Promise.reject(new Error(usage));
run.catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof BackupError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof DataDirLockedError;
  console.error(known || error instanceof Error ? (error as Error).message : error);
  process.exit(1);
});

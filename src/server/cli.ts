import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError, loadConfig } from "./config";
import { listBackups, restoreBackup, writeBackup } from "./db/backup";
import { openPglite } from "./db/client";
import { acquireDataDirLock, DataDirLockedError } from "./db/data-dir-lock";

/**
 * `npm run backup`: a backup of the embedded database into DATA_DIR/backups. With the server
 * running it asks the server (SIGUSR2) to write it, since only one process may open the database.
 * `npm run restore FILE`: rebuilds a fresh DATA_DIR from a backup.
 */

const usage = "usage: npm run backup | npm run restore <backup file>";

async function backup() {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error("DATABASE_URL is set: back up that PostgreSQL server with pg_dump instead.");
  }
  try {
    const lock = acquireDataDirLock(config.dataDir);
    try {
      const database = await openPglite({ dataDir: config.dataDir });
      try {
        console.log(`Backup written: ${await writeBackup(database.client, config.dataDir)}`);
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const before = new Set(await listBackups(config.dataDir));
    process.kill(error.ownerPid, "SIGUSR2");
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const made = (await listBackups(config.dataDir)).find((file) => !before.has(file));
      if (made) {
        console.log(`Backup written by the running server (pid ${error.ownerPid}): ${made}`);
        return;
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error("The running server did not write a backup within 2 minutes; see its log.");
  }
}

async function restore(file: string | undefined) {
  if (!file) throw new Error(usage);
  const config = loadConfig();
  const lock = acquireDataDirLock(config.dataDir);
  try {
    readFileSync(resolve(file)); // a clear error for a wrong path before anything is created
    await restoreBackup(resolve(file), config.dataDir);
    console.log(`Restored ${file} into ${join(config.dataDir, "pglite")}`);
  } finally {
    lock.release();
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
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

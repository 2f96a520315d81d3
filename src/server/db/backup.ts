import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openPglite, pgliteDirectory } from "./client";

/**
 * Backups of the embedded database: a gzipped tarball of the PGlite data directory written into
 * DATA_DIR/backups, one a day by the running server (the last 7 kept), or on demand with
 * `npm run backup`; `npm run restore FILE` rebuilds a fresh DATA_DIR from one.
 */

export const BACKUPS_KEPT = 7;
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const backupName = /^backup-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/;

export const backupsDirectory = (dataDir: string) => join(dataDir, "backups");

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

/** Writes a backup of the open database and keeps only the newest BACKUPS_KEPT. */
export async function writeBackup(
  client: PGlite,
  dataDir: string,
  now = new Date(),
): Promise<string> {
  const dir = backupsDirectory(dataDir);
  await mkdir(dir, { recursive: true });
  await client.query("CHECKPOINT");
  const tarball = await client.dumpDataDir("gzip");
  let file = join(dir, `backup-${stamp(now)}.tar.gz`);
  for (let n = 1; await stat(file).catch(() => null); n++) {
    file = join(dir, `backup-${stamp(now)}-${n}.tar.gz`);
  }
  // Written under a temporary name first, so a crash never leaves a truncated backup that looks whole.
  await writeFile(`${file}.partial`, Buffer.from(await tarball.arrayBuffer()));
  await rename(`${file}.partial`, file);
  const all = await listBackups(dataDir);
  for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_KEPT)))
    await rm(old, { force: true });
  return file;
}

export async function backupIsDue(dataDir: string, now = new Date()): Promise<boolean> {
  const newest = (await listBackups(dataDir)).at(-1);
  if (!newest) return true;
  const { mtime } = await stat(newest);
  return now.getTime() - mtime.getTime() >= BACKUP_INTERVAL_MS;
}

/** Restores a backup into a DATA_DIR that has no database yet (never over existing data). */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  const target = pgliteDirectory(dataDir);
  const existing = await readdir(target).catch(() => [] as string[]);
  if (existing.length > 0) {
    throw new Error(`${target} already holds a database: restore into a fresh DATA_DIR`);
  }
  const tarball = new Blob([await readFile(file)]);
  const database = await openPglite({ dataDir, loadDataDir: tarball });
  await database.client.query("select 1");
  await database.close();
}

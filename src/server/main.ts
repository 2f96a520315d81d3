import type { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { ConfigError, ensureSessionSecret, loadConfig } from "./config";
import { backupIsDue, writeBackup } from "./db/backup";
import { type Database, openPglite, openPostgres } from "./db/client";
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from "./db/data-dir-lock";
import { webDistFolder } from "./paths";

/** Process entry: config -> lock -> database -> migrate -> listen -> signals. */
async function main() {
  let config = loadConfig();
  // The lock guards the embedded database and the generated secret; PostgreSQL guards itself.
  const lock: DataDirLock | undefined = config.databaseUrl
    ? undefined
    : acquireDataDirLock(config.dataDir);
  let database: Database | undefined;
  let pglite: PGlite | undefined;
  let app: FastifyInstance | undefined;
  try {
    config = await ensureSessionSecret(config);
    if (config.databaseUrl) {
      database = await openPostgres(config.databaseUrl);
    } else {
      const embedded = await openPglite({ dataDir: config.dataDir });
      pglite = embedded.client;
      database = embedded;
    }
    await database.migrate();
    app = await buildApp({ database, config, webDir: webDistFolder });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }

  const embedded = pglite;
  let backupTimer: NodeJS.Timeout | undefined;
  let firstBackupCheck: NodeJS.Timeout | undefined;
  if (embedded) {
    // A daily backup of the embedded database (the last 7 kept), and one on demand: SIGUSR2 is
    // what `npm run backup` sends when this server holds the DATA_DIR.
    const backup = async (why: string) => {
      try {
        const file = await writeBackup(embedded, config.dataDir);
        app?.log.info({ file, why }, "backup written");
      } catch (error) {
        app?.log.error({ err: error }, "backup failed");
      }
    };
    const backupIfDue = () =>
      void backupIsDue(config.dataDir).then((due) => (due ? backup("daily") : undefined));
    // Checked hourly, the first time a few minutes after start: a dump holds the embedded
    // database for its duration, so it must not delay the first requests after a restart.
    backupTimer = setInterval(backupIfDue, 60 * 60 * 1000);
    firstBackupCheck = setTimeout(backupIfDue, 5 * 60 * 1000);
    firstBackupCheck.unref();
    backupTimer.unref();
    process.on("SIGUSR2", () => void backup("requested"));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, "shutting down: finishing requests in flight");
    clearInterval(backupTimer);
    clearTimeout(firstBackupCheck);
    try {
      if (app) await closeGracefully(app);
      await database?.close();
      lock?.release();
      process.exit(0);
    } catch (error) {
      console.error("Shutdown failed:", error);
      lock?.release();
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

/**
 * Stops accepting, lets requests in flight finish, then closes. A keep-alive connection that
 * becomes idle after its last response would otherwise hold the server open, so idle ones are
 * swept until the close completes; after 10 s whatever is left is cut.
 */
async function closeGracefully(app: FastifyInstance) {
  const closing = app.close();
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  const force = setTimeout(() => app.server.closeAllConnections(), 10_000);
  try {
    await closing;
  } finally {
    clearInterval(sweep);
    clearTimeout(force);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});

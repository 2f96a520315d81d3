import type { FastifyInstance } from "fastify";
import pino, { type LoggerOptions } from "pino";
import { buildApp } from "./app";
import {
  ConfigError,
  configWarnings,
  ensureSessionSecret,
  ensureTwoFactorKey,
  loadConfig,
} from "./config";
import { type Database, openDatabase } from "./db/client";
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from "./db/data-dir-lock";
import { EmbeddedPostgresError } from "./db/embedded-postgres";
import { importLegacyPglite, LegacyImportError } from "./db/legacy-pglite";
import { loggerOptions } from "./http/logging";
import { webDistFolder } from "./paths";
import { sealTwoFactorSecrets, twoFactorKeys } from "./two-factor";

/** Process entry: config -> lock -> database -> migrate -> listen -> signals. */
async function main() {
  let config = loadConfig();
  const log = pino(loggerOptions(config.logLevel) as LoggerOptions);
  for (const warning of configWarnings(config)) log.warn(warning);
  // The lock guards the embedded database and the generated secret; PostgreSQL guards itself.
  const lock: DataDirLock | undefined = config.databaseUrl
    ? undefined
    : await acquireDataDirLock(config.dataDir);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    config = await ensureSessionSecret(config);
    config = await ensureTwoFactorKey(config);
    database = await openDatabase({ ...config, log });
    // Built while the embedded PostgreSQL starts: nothing queries the database before listen.
    app = await buildApp({ database, config, webDir: webDistFolder });
    await database.ready;
    await database.migrate();
    if (database.kind === "embedded-postgres") {
      await importLegacyPglite(config.dataDir, database.pool, log);
    }
    // After the migrations and any import: what an earlier version kept in clear is sealed
    // before the first request (docs/product.md#two-factor-sign-in).
    const keys = twoFactorKeys(config.twoFactorKey ?? "");
    const sealed = await sealTwoFactorSecrets(database.db, keys);
    if (sealed > 0) log.info({ sealed }, "two-factor secrets kept in clear were sealed");
    await app.listen({ port: config.port, host: config.host });
    // The alert mail outbox, the recurring expenses and the daily backup (background-jobs.ts,
    // registered by buildApp): from now on, until app.close() stops them.
    app.backgroundJobs.start();
  } catch (error) {
    await database?.close().catch(() => {});
    await lock?.release();
    throw error;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, "shutting down: finishing requests in flight");
    try {
      // Stops the background jobs too, once the requests in flight have finished.
      if (app) await closeGracefully(app);
      // On the embedded database this also stops PostgreSQL (fast shutdown) and waits for it.
      await database?.close();
      await lock?.release();
      app?.log.info("stopped");
      process.exit(0);
    } catch (error) {
      console.error("Shutdown failed:", error);
      await lock?.release();
      process.exit(1);
    }
  };
  // Ctrl-C under `npm start` delivers SIGINT twice (from the terminal and forwarded by npm): a
  // repeat while stopping is ignored rather than killing the process mid-shutdown.
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
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
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof LegacyImportError
  ) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import type { DestinationStream } from "pino";
import { buildApp } from "../app";
import type { Clock } from "../clock";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { Passwords } from "../passwords";
import { createTestDatabase } from "./test-database";

export function testConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(join(tmpdir(), "budget-test-")),
      APP_URL: "http://localhost:3000",
      ...env,
    }),
    sessionSecret: "test-session-secret-test-session-secret",
    twoFactorKey: "7f".repeat(32),
    passwordHashing: "tests-only",
  };
}

/** A controllable clock for expiry rules. */
export function testClock(start = new Date("2026-03-15T12:00:00Z")) {
  let now = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
  return clock;
}

/** The SQL statements the app sends, for tests that count a request's round trips. */
export type StatementLog = {
  /** The statements sent since the last reset, in order. */
  readonly texts: string[];
  reset(): void;
};

const counted = Symbol("counted");

/**
 * Counts every statement sent through the pool's connections: pool.query and a transaction's
 * client.query both end in a client's query, wrapped here once per connection when it is handed
 * out (so connections made before the wrap are counted too).
 */
function logStatements(pool: pg.Pool): StatementLog {
  const texts: string[] = [];
  pool.on("acquire", (client: pg.PoolClient & { [counted]?: true }) => {
    if (client[counted]) return;
    client[counted] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      const [first] = args;
      texts.push(typeof first === "string" ? first : String((first as { text?: string })?.text));
      return query(...args);
    };
  });
  return {
    texts,
    reset: () => {
      texts.length = 0;
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  statements: StatementLog;
  close(): Promise<void>;
};

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    logStream?: DestinationStream;
    webDir?: string;
    database?: Database;
    mailer?: Mailer;
    /** How often the app's alert mail outbox polls once started (AppDependencies). */
    alertMailPollMs?: number;
    /** The app's password hashing (AppDependencies), to count its hashes. */
    passwords?: Passwords;
    /** Registers extra routes (e.g. probes for the error handler) before the app is ready. */
    extend?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const statements = logStatements(database.pool);
  const logLevel: Record<string, string> = options.logStream ? { LOG_LEVEL: "info" } : {};
  const app = await buildApp({
    database,
    config: testConfig({ ...logLevel, ...options.env }),
    clock: options.clock,
    mailer: options.mailer,
    logStream: options.logStream,
    webDir: options.webDir,
    alertMailPollMs: options.alertMailPollMs,
    passwords: options.passwords,
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    statements,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** Keeps every mail the app sends, for tests to read the links in them. */
export function capturingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[]; last(): MailMessage | undefined } = {
    sent,
    async send(message) {
      sent.push(message);
    },
    last: () => sent.at(-1),
  };
  return mailer;
}

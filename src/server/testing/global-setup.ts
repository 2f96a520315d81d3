import { rm } from "node:fs/promises";
import pg from "pg";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { testDataDir } from "./data-dir";

/**
 * One PostgreSQL server per run and one migrated template database on it, so each test file
 * starts from `CREATE DATABASE ... TEMPLATE` instead of running every migration again. By
 * default the server is the embedded one, started here from the same code as `npm start`; with
 * TEST_DATABASE_URL it is that server (CI's second pass).
 */

export type TestServer = { adminUrl: string; template: string; prefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    testServer: TestServer;
    databaseKind: "embedded-postgres" | "postgres";
  }
}

const databaseUrlWithName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    // A short socket path that PostgreSQL's user can reach, in memory where the machine has it.
    const dataDir = await testDataDir("budget-tests-");
    const server = await startEmbeddedPostgres({
      dataDir,
      log: pino({ level: "warn" }),
      // A fixture: the test files' databases need no durability (the process tests and the
      // crash test run servers of their own with fsync on), and two workers need connections.
      extraSettings: [
        "fsync=off",
        "synchronous_commit=off",
        "full_page_writes=off",
        "max_connections=200",
      ],
    });
    const { host, user, port } = server.connection();
    adminUrl = `postgres://${user}@localhost:${port}/postgres?host=${encodeURIComponent(String(host))}`;
    stopEmbedded = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  project.provide("databaseKind", process.env.TEST_DATABASE_URL ? "postgres" : "embedded-postgres");

  const baseName = new URL(adminUrl).pathname.slice(1) || "postgres";
  const prefix = `${baseName}_t${process.pid}`.toLowerCase();
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const postgres = openPostgres(databaseUrlWithName(adminUrl, template));
  await postgres.migrate();
  await postgres.close();
  project.provide("testServer", { adminUrl, template, prefix });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
    await stopEmbedded();
  };
}

import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/client";
import { projectRoot } from "../paths";

/**
 * Migrates one template database per run so each test file can start from a copy of it instead of
 * running initdb and every migration again: a PGlite data-dir tarball, and when TEST_DATABASE_URL
 * is set a PostgreSQL template database on that server.
 */

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

const databaseUrlWithName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

export default async function setup(project: TestProject) {
  const dir = join(projectRoot, ".tmp");
  await mkdir(dir, { recursive: true });
  const pglite = await openPglite();
  await pglite.migrate();
  const tarball = await pglite.client.dumpDataDir("gzip");
  await pglite.client.close();
  const templatePath = join(dir, `pglite-template-${process.pid}.tar.gz`);
  await writeFile(templatePath, Buffer.from(await tarball.arrayBuffer()));
  project.provide("pgliteTemplate", templatePath);

  const removeTemplate = () => rm(templatePath, { force: true });

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide("postgresTemplate", null);
    return removeTemplate;
  }
  const baseName = new URL(adminUrl).pathname.slice(1) || "postgres";
  const prefix = `${baseName}_t${process.pid}`.toLowerCase();
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const postgres = await openPostgres(databaseUrlWithName(adminUrl, template));
  await postgres.migrate();
  await postgres.close();
  project.provide("postgresTemplate", { adminUrl, template, prefix });

  return async () => {
    await removeTemplate();
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
  };
}

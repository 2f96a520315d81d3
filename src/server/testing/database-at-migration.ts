import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { inject } from "vitest";
import { migrationsFolder } from "../paths";

/**
 * A database of its own on the run's test server, with the migrations up to `lastIndex` only, for
 * a test of what a later migration does to the rows it finds (card bills, shares): `client` is
 * connected to it, migrated that far; `migrateToEnd()` applies the rest; `drop()` removes it all.
 */
export async function databaseAtMigration(label: string, lastIndex: number) {
  const server = inject("testServer");
  const name = `${server.prefix}_${label}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  // The migrations as they were up to `lastIndex`.
  const folder = await mkdtemp(join(tmpdir(), `migrations-${lastIndex}-`));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  await writeFile(journalFile, JSON.stringify(journal));
  const url = new URL(server.adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migrate(drizzle({ client }), { migrationsFolder: folder });
  return {
    client,
    migrateToEnd: () => migrate(drizzle({ client }), { migrationsFolder }),
    async drop() {
      await client.end();
      await rm(folder, { recursive: true, force: true });
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * A family at an earlier schema, written row by row (the app's own writes know only the schema of
 * now): a user per e-mail, the first the owner, the others joining one second apart in that order
 * (the order the cents left over of a split go in).
 */
export async function familyAtMigration(client: pg.Client, emails: readonly string[]) {
  const userIds: string[] = [];
  for (const email of emails) {
    const { rows } = await client.query<{ id: string }>(
      "insert into users (email, password_hash) values ($1, 'x') returning id",
      [email],
    );
    userIds.push(rows[0]?.id ?? "");
  }
  const { rows } = await client.query<{ id: string }>(
    "insert into families (name, owner_id) values ('Casa', $1) returning id",
    [userIds[0]],
  );
  const familyId = rows[0]?.id ?? "";
  for (const [n, userId] of userIds.entries()) {
    await client.query(
      `insert into family_members (family_id, user_id, role, joined_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [familyId, userId, n === 0 ? "owner" : "member", n],
    );
  }
  return { familyId, userIds };
}

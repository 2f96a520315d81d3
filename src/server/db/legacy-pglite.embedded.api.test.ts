import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { migrationsFolder } from "../paths";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { jsonPost, killSpawnedServers, startServer } from "../testing/server-process";
import { testConfig } from "../testing/test-app";
import { type Db, openPostgres } from "./client";
import { databaseFunctionFiles } from "./database-functions";
import { socketConnection } from "./embedded-postgres";
import { appTables, type Queryable } from "./table-copy";

afterEach(killSpawnedServers);

/** Every row of every table as PostgreSQL's own JSON text, in a stable order. */
async function dumpRows(client: Queryable, tables: string[]) {
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const result = await client.query(
      `select row_to_json(t)::text as row from "${table}" t order by 1`,
    );
    rows[table] = result.rows.map((row) => String(row.row));
  }
  return rows;
}

describe("a DATA_DIR from the previous version (PGlite)", () => {
  it("is imported into the embedded PostgreSQL on first start, every row, the old folder kept", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-legacy-"));
    // What the previous version left: its PGlite database in DATA_DIR/pglite, written by the app.
    const legacy = new PGlite({ dataDir: join(dataDir, "pglite") });
    const legacyDb = drizzle({ client: legacy });
    await migrate(legacyDb, { migrationsFolder });
    // The app reads through these functions; a start applies them after the migrations.
    for (const { text } of await databaseFunctionFiles()) await legacy.exec(text);
    const app = await buildApp({
      database: { db: legacyDb as unknown as Db, kind: "postgres" },
      config: testConfig({ DATA_DIR: dataDir }),
    });
    const family = await signUpWithFamily(app, { clearStarterData: false });
    const category = await createCategory(app, family, {
      name: "Farmácia",
      monthlyBudget: "300.00",
    });
    await createExpense(app, family, {
      categoryId: category.id,
      amount: "12345678.90",
      description: "Remédios ção",
      date: "2026-02-28",
    });
    await app.close();
    const tables = (await appTables(legacy)).map((table) => table.name);
    const before = await dumpRows(legacy, tables);
    await legacy.close();
    expect(before.users).toHaveLength(1);
    expect(before.expenses?.length).toBeGreaterThan(1);

    const server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).toContain("imported the previous version's data");
    const names = await readdir(dataDir);
    expect(names).not.toContain("pglite");
    expect(names.filter((name) => name.startsWith("pglite.imported-"))).toHaveLength(1);

    const imported = openPostgres({ ...socketConnection(dataDir), max: 1 });
    expect(await dumpRows(imported.pool, tables)).toEqual(before);
    await imported.close();

    // The household signs in with the password it had and sees its expense.
    const login = await fetch(
      `${server.url}/api/auth/login`,
      jsonPost({ email: family.email, password: family.password }),
    );
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const listed = await fetch(`${server.url}/api/expenses?month=2&year=2026`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await listed.json()).toEqual([
      expect.objectContaining({ description: "Remédios ção", amount: "12345678.90" }),
    ]);

    // A later start imports nothing again.
    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
    const again = await startServer({ DATA_DIR: dataDir });
    expect(again.output()).not.toContain("importing the data of the previous version");
  }, 120_000);
});

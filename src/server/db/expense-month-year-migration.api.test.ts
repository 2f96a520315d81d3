import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseAtMigration, familyAtMigration } from "../testing/database-at-migration";
import { applyDatabaseFunctions, databaseFunctionFiles } from "./database-functions";

/**
 * Migration 0028 drops expenses.month and .year, which a running database's expenses_seen_by
 * (db/functions/seen-by.sql) still lists until the functions are applied again after the
 * migrations, as every start does (db/client.ts). A database at 0027 with that function and a
 * private expense is migrated to the end: the drop goes through under the old function, and the
 * functions of now read every row.
 */

let database: Awaited<ReturnType<typeof databaseAtMigration>>;
beforeAll(async () => {
  database = await databaseAtMigration("month_year", 27);
});
afterAll(() => database.drop());

describe("migration 0028", () => {
  it("drops the calendar month and year under the seen-by function that listed them", async () => {
    const { client } = database;
    // The functions as the app applied them at 0027: seen-by.sql listed the two columns then, and
    // accounts.sql came with migration 0031's columns.
    await client.query("begin");
    const at0027 = (await databaseFunctionFiles()).filter(({ name }) => name !== "accounts.sql");
    for (const { name, text } of at0027) {
      await client.query(
        name === "seen-by.sql" ? text.replace("e.date,\n", "e.date, e.month, e.year,\n") : text,
      );
    }
    await client.query("commit");
    const { familyId, userIds: users } = await familyAtMigration(client, [
      "ana@example.org",
      "leo@example.org",
    ]);
    await client.query(
      `insert into expenses (family_id, description, amount, date, added_by_user_id, paid_by_user_id, private, split)
       values ($1, 'Mercado', 10.50, '2026-03-31', $2, $2, false, '{"mode":"family"}'),
              ($1, 'Presente', 99.00, '2026-04-01', $3, $3, true, $4::jsonb)`,
      [familyId, users[0], users[1], JSON.stringify({ mode: "one", userId: users[1] })],
    );
    const before = await client.query(
      "select date::text, month, year from expenses_seen_by($1, $2) order by date",
      [familyId, users[0]],
    );
    expect(before.rows).toEqual([
      { date: "2026-03-31", month: 3, year: 2026 },
      { date: "2026-04-01", month: 4, year: 2026 },
    ]);

    await database.migrateToEnd();
    await applyDatabaseFunctions(client);

    const after = await client.query(
      "select date::text, amount::text, description from expenses_seen_by($1, $2) order by date",
      [familyId, users[0]],
    );
    expect(after.rows).toEqual([
      { date: "2026-03-31", amount: "10.50", description: "Mercado" },
      { date: "2026-04-01", amount: "99.00", description: "" },
    ]);
    const columns = await client.query(
      `select column_name from information_schema.columns
       where table_name = 'expenses' and column_name in ('month', 'year')`,
    );
    expect(columns.rows).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseAtMigration, familyAtMigration } from "../testing/database-at-migration";

/**
 * Migration 0029 counts the rows every family already has into its quota counters
 * (docs/product.md#quotas): a database migrated to 0028 gets two families with expenses, incomes
 * and settlements (and one with none), then is migrated to the end: each counter is its family's
 * count(*), and the triggers count from there on.
 */

let database: Awaited<ReturnType<typeof databaseAtMigration>>;
beforeAll(async () => {
  database = await databaseAtMigration("counts", 28);
});
afterAll(() => database.drop());

type FamilyCounts = { family_id: string; expenses: number; incomes: number; settlements: number };

const countsOf = async (client: typeof database.client) =>
  (
    await client.query<FamilyCounts>(
      "select family_id, expenses, incomes, settlements from family_counts order by family_id",
    )
  ).rows;

const rowCounts = async (client: typeof database.client) =>
  (
    await client.query<FamilyCounts>(
      `select f.id as family_id,
         (select count(*)::int from expenses e where e.family_id = f.id) as expenses,
         (select count(*)::int from incomes i where i.family_id = f.id) as incomes,
         (select count(*)::int from settlements s where s.family_id = f.id) as settlements
       from families f
       where exists (select 1 from expenses e where e.family_id = f.id)
         or exists (select 1 from incomes i where i.family_id = f.id)
         or exists (select 1 from settlements s where s.family_id = f.id)
       order by f.id`,
    )
  ).rows;

describe("migration 0029", () => {
  it("backfills each family's counters from its rows, and the triggers go on from there", async () => {
    const { client } = database;
    const silva = await familyAtMigration(client, ["ana@example.org", "leo@example.org"]);
    const souza = await familyAtMigration(client, ["bia@example.org", "caio@example.org"]);
    const empty = await familyAtMigration(client, ["duda@example.org"]);
    const write = async (
      family: typeof silva,
      expenses: number,
      incomes: number,
      settled: number,
    ) => {
      await client.query(
        `insert into expenses (family_id, description, amount, date, paid_by_user_id)
         select $1, 'Compra ' || g, 10.00, '2026-03-10', $2 from generate_series(1, $3) g`,
        [family.familyId, family.userIds[0], expenses],
      );
      await client.query(
        `insert into incomes (family_id, description, amount, kind, date)
         select $1, 'Salário ' || g, 100.00, 'salary', '2026-03-05' from generate_series(1, $2) g`,
        [family.familyId, incomes],
      );
      await client.query(
        `insert into settlements (family_id, from_user_id, to_user_id, amount, paid_on, method)
         select $1, $2, $3, 5.00, '2026-03-20', 'pix' from generate_series(1, $4) g`,
        [family.familyId, family.userIds[0], family.userIds[1], settled],
      );
    };
    await write(silva, 37, 4, 2);
    await write(souza, 5, 0, 3);

    await database.migrateToEnd();

    const expected = await rowCounts(client);
    expect(expected.map((row) => row.family_id).sort()).toEqual(
      [silva.familyId, souza.familyId].sort(),
    );
    expect(await countsOf(client)).toEqual(expected);
    expect(expected.find((row) => row.family_id === silva.familyId)).toMatchObject({
      expenses: 37,
      incomes: 4,
      settlements: 2,
    });

    // After the migration the triggers count: a family's first row creates its counter, a
    // delete takes its rows away, a deleted family's counter goes with it.
    await write(empty, 2, 1, 0);
    await client.query(
      "delete from expenses where family_id = $1 and description in ('Compra 1', 'Compra 2')",
      [silva.familyId],
    );
    await client.query("delete from families where id = $1", [souza.familyId]);
    expect(await countsOf(client)).toEqual(await rowCounts(client));
    expect((await countsOf(client)).map((row) => row.family_id)).not.toContain(souza.familyId);
  });
});

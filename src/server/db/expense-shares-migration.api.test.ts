import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitByWeights } from "../../domain/shares";
import { databaseAtMigration, familyAtMigration } from "../testing/database-at-migration";

/**
 * Migration 0017 gives every expense recorded before shares existed its shares: for the family,
 * equal between the members of the day, in cents that add up to its amount
 * (docs/product.md#for-whom). A database migrated to 0016 gets random expenses in a family of
 * three, then is migrated to the end: each expense's shares are src/domain/shares.ts's.
 */

let database: Awaited<ReturnType<typeof databaseAtMigration>>;
beforeAll(async () => {
  database = await databaseAtMigration("shares", 16);
});
afterAll(() => database.drop());

describe("migration 0017", () => {
  it("splits every expense already recorded equally between the family's members, to the cent", async () => {
    const { client } = database;
    const { familyId, userIds: users } = await familyAtMigration(client, [
      "ana@example.org",
      "leo@example.org",
      "bia@example.org",
    ]);
    const amounts = fc.sample(fc.integer({ min: 1, max: 9_999_999_999 }), {
      numRuns: 300,
      seed: 17,
    });
    await client.query(
      `insert into expenses (family_id, description, amount, date, paid_by_user_id)
       select $1, 'Compra', a / 100.0, '2026-03-10', $2 from unnest($3::bigint[]) as a`,
      [familyId, users[1], amounts],
    );

    await database.migrateToEnd();

    const { rows } = await client.query<{ cents: string; shares: Record<string, string> }>(
      `select (e.amount * 100)::bigint as cents,
         jsonb_object_agg(s.user_id, (s.amount * 100)::bigint) as shares
       from expenses e join expense_shares s on s.expense_id = e.id group by e.id, e.amount`,
    );
    expect(rows).toHaveLength(amounts.length);
    for (const row of rows) {
      const cents = Number(row.cents);
      const expected = Object.fromEntries(
        splitByWeights(
          cents,
          users.map((userId) => ({ userId, weight: 1 })),
        ).map((share) => [share.userId, share.cents]),
      );
      const stored = Object.fromEntries(
        Object.entries(row.shares).map(([userId, c]) => [userId, Number(c)]),
      );
      expect(stored, `${cents} cents`).toEqual(expected);
    }
  });
});

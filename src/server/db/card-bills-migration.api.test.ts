import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billClosingOf, billDueOn } from "../../domain/card-bills";
import { databaseAtMigration } from "../testing/database-at-migration";

/**
 * Migration 0013 gives every card purchase recorded before bills existed its bill, writing out
 * src/domain/card-bills.ts's rule once in SQL (docs/decisions/011-cards-bills-installments.md).
 * Here a database is migrated up to 0012, given card purchases on random dates with every kind of
 * closing and due day (month ends above all), then migrated to the end: each purchase must be in
 * the bill the TypeScript names, due when it says.
 */

let database: Awaited<ReturnType<typeof databaseAtMigration>>;
beforeAll(async () => {
  database = await databaseAtMigration("bills", 12);
});
afterAll(() => database.drop());

describe("migration 0013", () => {
  it("puts each card purchase already recorded in the bill src/domain/card-bills.ts names", async () => {
    const { client } = database;
    const {
      rows: [user],
    } = await client.query(
      "insert into users (email, password_hash) values ('ana@example.org', 'x') returning id",
    );
    const {
      rows: [family],
    } = await client.query(
      "insert into families (name, owner_id) values ('Casa', $1) returning id",
      [user.id],
    );
    const days = [1, 2, 3, 15, 28, 29, 30, 31];
    const cards: { id: string; closingDay: number; dueDay: number }[] = [];
    for (const [n, closingDay] of days.entries()) {
      const dueDay = days[(n + 3) % days.length] as number;
      const { rows } = await client.query(
        `insert into payment_methods (family_id, kind, name, owner_user_id, closing_day, due_day)
         values ($1, 'credit_card', $2, $3, $4, $5) returning id`,
        [family.id, `Cartão ${n}`, user.id, closingDay, dueDay],
      );
      cards.push({ id: rows[0].id, closingDay, dueDay });
    }
    const {
      rows: [account],
    } = await client.query(
      `insert into payment_methods (family_id, kind, name) values ($1, 'checking', 'Conta') returning id`,
      [family.id],
    );
    const purchases = fc.sample(
      fc.record({
        card: fc.integer({ min: 0, max: cards.length - 1 }),
        // 2023-12-20 .. 2029-01-10: leap years, and every month's end.
        day: fc.oneof(
          fc.integer({ min: 0, max: 1848 }),
          fc.constantFrom(0, 11, 12, 70, 71, 800, 801, 1848),
        ),
      }),
      { numRuns: 600, seed: 13 },
    );
    const dateOf = (day: number) =>
      new Date(Date.UTC(2023, 11, 20) + day * 86_400_000).toISOString().slice(0, 10);
    await client.query(
      `insert into expenses (family_id, description, amount, date, payment_method_id)
       select $1, 'Compra', 1, d, m from unnest($2::date[], $3::uuid[]) as p(d, m)`,
      [family.id, purchases.map((p) => dateOf(p.day)), purchases.map((p) => cards[p.card]?.id)],
    );
    await client.query(
      `insert into expenses (family_id, description, amount, date, payment_method_id)
       values ($1, 'Conta de luz', 1, '2026-03-31', $2), ($1, 'Pão', 1, '2026-03-31', null)`,
      [family.id, account.id],
    );

    await database.migrateToEnd();

    const { rows } = await client.query<{
      date: string;
      method: string | null;
      closes_on: string | null;
      due_on: string | null;
    }>(
      `select to_char(e.date, 'YYYY-MM-DD') as date, e.payment_method_id as method,
         to_char(b.closes_on, 'YYYY-MM-DD') as closes_on, to_char(b.due_on, 'YYYY-MM-DD') as due_on
       from expenses e left join card_bills b on b.id = e.bill_id`,
    );
    expect(rows).toHaveLength(purchases.length + 2);
    const byId = new Map(cards.map((card) => [card.id, card]));
    let checked = 0;
    for (const row of rows) {
      const card = row.method ? byId.get(row.method) : undefined;
      if (!card) {
        expect(row.closes_on, `${row.date} not on a card`).toBeNull();
        continue;
      }
      const closesOn = billClosingOf(row.date, card.closingDay);
      expect(row.closes_on, `${row.date} closing day ${card.closingDay}`).toBe(closesOn);
      expect(row.due_on, `${closesOn} due day ${card.dueDay}`).toBe(
        billDueOn(closesOn, card.dueDay),
      );
      checked++;
    }
    expect(checked).toBe(purchases.length);
  });
});

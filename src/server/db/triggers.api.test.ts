import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database";
import type { Database } from "./client";

/**
 * Every trigger of the schema, in one place: what the database does by itself when a write door
 * (expense-writes/, income-writes/, ledger/) or anything else writes a row. The test fails when a
 * migration binds a trigger this list does not name, or drops one it does, so the list stays the
 * reader's map (docs/architecture.md#the-life-of-an-expense-write). The functions' bodies are in
 * the migration named here, or re-applied at every migrate from db/functions/.
 */
const triggers: readonly {
  table: string;
  trigger: string;
  /** As pg_get_triggerdef says it: BEFORE/AFTER, the events, per ROW or STATEMENT. */
  fires: string;
  function: string;
  why: string;
}[] = [
  // The family's data version: the key of every kept read (http/family-json-cache.ts), moved by
  // whatever statement changes what a family's reads add up, once per statement (migration 0004).
  ...["expenses", "categories", "recurring_rules", "settlements", "incomes"].flatMap((table) => [
    {
      table,
      trigger: `${table}_inserted`,
      fires: "AFTER INSERT FOR EACH STATEMENT",
      function: "family_data_inserted",
      why: "data version (migrations 0004, 0006, 0020, 0021)",
    },
    {
      table,
      trigger: `${table}_updated`,
      fires: "AFTER UPDATE FOR EACH STATEMENT",
      function: "family_data_updated",
      why: "data version (migrations 0004, 0006, 0020, 0021)",
    },
    {
      table,
      trigger: `${table}_deleted`,
      fires: "AFTER DELETE FOR EACH STATEMENT",
      function: "family_data_deleted",
      why: "data version (migrations 0004, 0006, 0020, 0021)",
    },
  ]),
  // What the accounts' balances, the cards' limits used and the methods' list read (the accounts
  // screen and the dashboard's balances, kept like the month), and the cleared entries beside them
  // (migration 0036).
  ...[
    "payment_methods",
    "transfers",
    "card_bills",
    "bill_payments",
    "reconciliations",
    "cleared_entries",
  ].flatMap((table) => [
    {
      table,
      trigger: `${table}_inserted`,
      fires: "AFTER INSERT FOR EACH STATEMENT",
      function: "family_data_inserted",
      why: "data version: accounts and cards (migration 0036)",
    },
    {
      table,
      trigger: `${table}_updated`,
      fires: "AFTER UPDATE FOR EACH STATEMENT",
      function: "family_data_updated",
      why: "data version: accounts and cards (migration 0036)",
    },
    {
      table,
      trigger: `${table}_deleted`,
      fires: "AFTER DELETE FOR EACH STATEMENT",
      function: "family_data_deleted",
      why: "data version: accounts and cards (migration 0036)",
    },
  ]),
  // The quotas' counts of a family's rows (docs/product.md#quotas, server/quotas.ts): each
  // statement's rows added or taken away per family, after its data version's trigger (name
  // order), so the family's row is locked before its counter; a typed expense's cap is checked
  // on the counter the insert's trigger returns (migration 0029, db/functions/quotas.sql).
  ...["expenses", "incomes", "settlements"].flatMap((table) => [
    {
      table,
      trigger: `${table}_inserted_counts`,
      fires: "AFTER INSERT FOR EACH STATEMENT",
      function: "family_counts_inserted",
      why: "quota counts (migration 0029)",
    },
    {
      table,
      trigger: `${table}_deleted_counts`,
      fires: "AFTER DELETE FOR EACH STATEMENT",
      function: "family_counts_deleted",
      why: "quota counts (migration 0029)",
    },
  ]),
  {
    table: "families",
    trigger: "families_rules_changed",
    fires:
      "BEFORE UPDATE OF period_start, period_day, period_saturdays, period_closed_day, card_spending_by FOR EACH ROW",
    function: "families_rules_changed",
    why: "data version: the budget month's rule or how card spending counts changed every sum (migration 0027)",
  },
  // Budget alerts (decision 008): the touched periods summed, alerts and notifications recorded,
  // checks held for periods still to come (db/functions/budget-alerts.sql, migration 0007).
  {
    table: "expenses",
    trigger: "expenses_inserted_alerts",
    fires: "AFTER INSERT FOR EACH STATEMENT",
    function: "expenses_budget_alerts",
    why: "budget alerts",
  },
  {
    table: "expenses",
    trigger: "expenses_updated_alerts",
    fires: "AFTER UPDATE FOR EACH STATEMENT",
    function: "expenses_budget_alerts",
    why: "budget alerts",
  },
  // Each member's share in cents (decision 012, db/functions/expense-shares.sql, migrations 0017
  // and 0025).
  {
    table: "expenses",
    trigger: "expenses_shares_inserted",
    fires: "AFTER INSERT FOR EACH STATEMENT",
    function: "expenses_shares_inserted",
    why: "expense shares",
  },
  {
    table: "expenses",
    trigger: "expenses_shares_updated",
    fires: "AFTER UPDATE FOR EACH STATEMENT",
    function: "expenses_shares_updated",
    why: "expense shares",
  },
  {
    table: "expenses",
    trigger: "expenses_shares_deleted",
    fires: "AFTER DELETE FOR EACH STATEMENT",
    function: "expenses_shares_deleted",
    why: "expense shares: a deleted refund's purchase splits its refunds again",
  },
  // A purchase's refunds never pass it, checked at the commit (docs/product.md#refunds,
  // db/functions/refunds.sql, migration 0024).
  {
    table: "expenses",
    trigger: "expenses_refunds_within",
    fires: "AFTER INSERT OR UPDATE OF amount, refund_of_id FOR EACH ROW",
    function: "expenses_refunds_within",
    why: "refund limit: a refund written or moved",
  },
  {
    table: "expenses",
    trigger: "expenses_purchase_covers_refunds",
    fires: "AFTER UPDATE OF amount FOR EACH ROW",
    function: "expenses_refunds_within",
    why: "refund limit: a purchase made cheaper",
  },
];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const key = (row: { table: string; trigger: string; fires: string; function: string }) =>
  `${row.table}.${row.trigger}: ${row.fires} -> ${row.function}`;

describe("the database's triggers", () => {
  it("are the ones listed here, each bound as listed", async () => {
    const { rows } = await database.pool.query<{ table: string; trigger: string; def: string }>(
      `select c.relname as "table", t.tgname as "trigger", pg_get_triggerdef(t.oid) as def
         from pg_trigger t
         join pg_class c on c.oid = t.tgrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal`,
    );
    const bound = rows.map(({ table, trigger, def }) => {
      // CREATE [CONSTRAINT] TRIGGER name AFTER ... ON public.table [FROM ...] [DEFERRABLE ...]
      // [REFERENCING ...] FOR EACH ... [WHEN (...)] EXECUTE FUNCTION fn()
      const timing = /TRIGGER \S+ ((?:BEFORE|AFTER) .+?) ON /.exec(def)?.[1];
      const each = /FOR EACH (ROW|STATEMENT)/.exec(def)?.[1];
      const fn = /EXECUTE FUNCTION (?:public\.)?(\w+)\(/.exec(def)?.[1];
      return key({ table, trigger, fires: `${timing} FOR EACH ${each}`, function: `${fn}` });
    });
    expect(bound.sort()).toEqual(triggers.map(key).sort());
  });

  it("move the data version when a family's rules of counting change, not when they stay", async () => {
    const { rows } = await database.pool.query<{ id: string }>(
      `with owner as (
         insert into users (email, password_hash) values ('owner@example.org', 'hash') returning id
       )
       insert into families (name, owner_id) select 'Silva', id from owner returning id`,
    );
    const familyId = rows[0]?.id;
    const version = async () =>
      (
        await database.pool.query<{ v: number }>(
          "select data_version::int as v from families where id = $1",
          [familyId],
        )
      ).rows[0]?.v;
    const before = await version();
    await database.pool.query("update families set card_spending_by = 'bill' where id = $1", [
      familyId,
    ]);
    expect(await version()).toBe((before ?? 0) + 1);
    await database.pool.query(
      "update families set period_start = 'fixed-day', period_day = 5 where id = $1",
      [familyId],
    );
    expect(await version()).toBe((before ?? 0) + 2);
    await database.pool.query(
      "update families set card_spending_by = 'bill', name = 'Souza' where id = $1",
      [familyId],
    );
    expect(await version()).toBe((before ?? 0) + 2);
  });
});

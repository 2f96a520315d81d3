import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesOf, expenseWriter } from "../testing/expense-writer";
import { createCategory, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/** recurring.ts: a rule's expenses on their dates, once each, recorded by the app itself. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a recurring batch", () => {
  it("writes each rule's date once, from the rule, with an entry that has no actor", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const { rows } = await t.database.pool.query<{ id: string }>(
      `insert into recurring_rules (family_id, description, amount, category_id,
         created_by_user_id, frequency, day_of_month, start_date)
       values ($1, 'Internet', 99.90, $2, $3, 'monthly', 5, '2026-01-05') returning id`,
      [family.familyId, category.id, family.user.id],
    );
    const ruleId = rows[0]?.id ?? "";
    const created = await writes.transaction((_tx, write) =>
      write.generate([ruleId, ruleId], ["2026-01-05", "2026-02-05"]),
    );
    // The same dates again, as a second process or a job run twice would send them.
    const again = await writes.transaction((_tx, write) =>
      write.generate([ruleId, ruleId], ["2026-02-05", "2026-03-05"]),
    );
    expect([created, again]).toEqual([2, 1]);
    const expenses = await t.database.pool.query(
      `select date::text, amount::text, description, category_id as "categoryId",
         recurring_rule_id as "ruleId" from expenses where family_id = $1 order by date`,
      [family.familyId],
    );
    expect(expenses.rows).toEqual(
      ["2026-01-05", "2026-02-05", "2026-03-05"].map((date) => ({
        date,
        amount: "99.90",
        description: "Internet",
        categoryId: category.id,
        ruleId,
      })),
    );
    const entries = await t.database.pool.query(
      `select count(*)::int as n, count(actor_user_id)::int as "withActor" from family_history
        where family_id = $1 and kind = 'expense' and action = 'created'`,
      [family.familyId],
    );
    expect(entries.rows[0]).toEqual({ n: 3, withActor: 0 });
    expect(await entriesOf(t, family.familyId, "recurring")).toEqual([]);
    expect(told).toEqual([
      { familyId: family.familyId, kind: "generated", count: 2 },
      { familyId: family.familyId, kind: "generated", count: 1 },
    ]);
  });
});

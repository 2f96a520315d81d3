import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isExpenseQuotaRefusal } from "../quotas";
import { entriesOf, expenseWriter, scopeOf } from "../testing/expense-writer";
import { createCategory, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/** create.ts: a person's new expense, and a new family's examples. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Ana's R$ 32,40 at the market, typed, under a cap of `maxExpenses`. */
const feira = (
  writes: ReturnType<typeof expenseWriter>["writes"],
  family: Awaited<ReturnType<typeof signUpWithFamily>>,
  category: { id: string; name: string },
  maxExpenses: number,
) =>
  writes.create(
    scopeOf(family),
    {
      description: "Feira",
      amount: "32.40",
      date: "2026-03-10",
      categoryId: category.id,
      paidByUserId: family.user.id,
      idempotencyKey: undefined,
    },
    { category: category.name, payer: "Ana" },
    { maxExpenses },
  );

describe("a person's create", () => {
  it("writes the row and its created entry together, then tells of it", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const row = await feira(writes, family, category, 250_000);
    expect(row).toMatchObject({ description: "Feira", amount: "32.40", familyId: family.familyId });
    const [entry] = await entriesOf(t, family.familyId, "expense", "created");
    expect(entry).toMatchObject({ action: "created", subjectId: row.id });
    expect(entry?.changes.map((change) => change.field)).toEqual(
      expect.arrayContaining(["description", "amount", "date", "category", "paidBy"]),
    );
    expect(told).toEqual([{ familyId: family.familyId, kind: "created", count: 1, ids: [row.id] }]);
  });
});

describe("a person's create past the family's cap", () => {
  it("is refused by its own statement: no row, no entry, nothing told", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const create = (maxExpenses: number) => feira(writes, family, category, maxExpenses);
    await create(1);
    const refused = await create(1).catch((error: unknown) => error);
    expect(isExpenseQuotaRefusal(refused)).toBe(true);
    const { rows } = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from expenses where family_id = $1",
      [family.familyId],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await entriesOf(t, family.familyId, "expense", "created")).toHaveLength(1);
    expect(told).toHaveLength(1);
    // Room again under a higher cap.
    await create(2);
    expect(told).toHaveLength(2);
  });
});

describe("a new family's examples", () => {
  it("are written in one insert with no entry, and told as created", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const example = { amount: "5.00", date: "2026-03-02", categoryId: null };
    await writes.transaction((_tx, write) =>
      write.seedExamples(family.familyId, family.user.id, [
        { ...example, description: "Café" },
        { ...example, description: "Pão" },
      ]),
    );
    const { rows } = await t.database.pool.query(
      "select description, is_example from expenses where family_id = $1 order by description",
      [family.familyId],
    );
    expect(rows).toEqual([
      { description: "Café", is_example: true },
      { description: "Pão", is_example: true },
    ]);
    expect(await entriesOf(t, family.familyId, "expense", "created")).toEqual([]);
    expect(told).toEqual([{ familyId: family.familyId, kind: "created", count: 2 }]);
  });
});

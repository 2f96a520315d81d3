import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesOf, expenseWriter, scopeOf } from "../testing/expense-writer";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";
import { expenseSnapshot } from "./expense-history";

/** restore.ts: a deleted expense back as it was, with its own 'restored' entry. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a restore", () => {
  it("brings a deleted expense back with its id, and what was deleted since is left out", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const expense = await createExpense(t.app, family, {
      categoryId: category.id,
      description: "Farmácia",
      amount: "45.90",
    });
    const scope = scopeOf(family);
    const [deleted] = await writes.transaction((_tx, write) =>
      write.delete(scope, { id: expense.id }),
    );
    if (!deleted) throw new Error("nothing deleted");
    await t.database.pool.query("delete from categories where id = $1", [category.id]);
    const restored = await writes.transaction((_tx, write) =>
      write.restore(scope, expenseSnapshot(deleted), new Date()),
    );
    expect(restored).toMatchObject({
      id: expense.id,
      description: "Farmácia",
      amount: "45.90",
      categoryId: null,
    });
    expect((await entriesOf(t, family.familyId, "expense")).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["created", "deleted", "restored"]),
    );
    expect(told.map((change) => change.kind)).toEqual(["deleted", "restored"]);
  });

  it("refuses an expense whose id is taken again: restored twice, it comes back once", async () => {
    const { writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const expense = await createExpense(t.app, family, { categoryId: category.id });
    const scope = scopeOf(family);
    const [deleted] = await writes.transaction((_tx, write) =>
      write.delete(scope, { id: expense.id }),
    );
    if (!deleted) throw new Error("nothing deleted");
    const snapshot = expenseSnapshot(deleted);
    await writes.transaction((_tx, write) => write.restore(scope, snapshot, new Date()));
    await expect(
      writes.transaction((_tx, write) => write.restore(scope, snapshot, new Date())),
    ).rejects.toMatchObject({ code: "not_restorable" });
  });
});

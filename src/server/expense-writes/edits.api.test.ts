import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesOf, expenseWriter, scopeOf } from "../testing/expense-writer";
import {
  createCategory,
  createExpense,
  joinFamilyOf,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/** edits.ts: a person's edit and delete, and the deletes of many. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("an edit", () => {
  it("records the fields it changed, and no entry when none the history shows changed", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const expense = await createExpense(t.app, family, { categoryId: category.id });
    const scope = scopeOf(family);
    await writes.transaction((_tx, write) =>
      write.update(scope, expense.id, { amount: "12.00" }, new Date()),
    );
    await writes.transaction((_tx, write) =>
      write.update(scope, expense.id, { amount: "12.00" }, new Date()),
    );
    const changed = (await entriesOf(t, family.familyId, "expense")).filter(
      (entry) => entry.action === "changed",
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]?.changes.map((change) => change.field)).toEqual(["amount"]);
    expect(told.map((change) => change.kind)).toEqual(["changed", "changed"]);
  });

  it("refuses another member's private expense as not found", async () => {
    const { writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const leo = await joinFamilyOf(t.app, family);
    const category = await createCategory(t.app, family);
    const hidden = await createExpense(t.app, family, { categoryId: category.id, private: true });
    await expect(
      writes.transaction((_tx, write) =>
        write.update(scopeOf(leo, "member"), hidden.id, { amount: "1.00" }, new Date()),
      ),
    ).rejects.toMatchObject({ code: "expense_not_found" });
  });
});

describe("a delete", () => {
  it("takes the selected rows, each with its deleted entry, and a family's all at once", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const first = await createExpense(t.app, family, { categoryId: category.id });
    await createExpense(t.app, family, { categoryId: category.id });
    const scope = scopeOf(family);
    const deleted = await writes.transaction((_tx, write) => write.delete(scope, { id: first.id }));
    expect(deleted.map((row) => row.id)).toEqual([first.id]);
    expect(
      (await entriesOf(t, family.familyId, "expense", "deleted")).filter(
        (entry) => entry.subjectId === first.id,
      ),
    ).toHaveLength(1);
    await writes.transaction((_tx, write) => write.deleteAllOf(family.familyId));
    const { rows } = await t.database.pool.query(
      "select count(*)::int as n from expenses where family_id = $1",
      [family.familyId],
    );
    expect(rows[0].n).toBe(0);
    expect(told.map((change) => [change.kind, change.count])).toEqual([
      ["deleted", 1],
      ["deleted", 1],
    ]);
  });
});

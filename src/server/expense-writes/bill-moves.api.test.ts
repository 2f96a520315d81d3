import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesOf, expenseWriter, scopeOf } from "../testing/expense-writer";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/** bill-moves.ts: a card purchase moved to the next or previous bill keeps its date. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const closingOf = async (billId: string | null) =>
  (
    await t.database.pool.query<{ closes: string }>(
      "select closes_on::text as closes from card_bills where id = $1",
      [billId],
    )
  ).rows[0]?.closes;

describe("a bill move", () => {
  it("moves a card purchase to the next bill and back, its date unchanged, each recorded", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    // Closing on the 3rd: a purchase on 10 March is in the bill that closes on 3 April.
    const card = await createPaymentMethod(t.app, family);
    const expense = await createExpense(t.app, family, {
      categoryId: category.id,
      paymentMethodId: card.id,
      date: "2026-03-10",
    });
    const scope = scopeOf(family);
    const moved = await writes.transaction((_tx, write) =>
      write.moveBill(scope, expense.id, "next", new Date()),
    );
    expect(moved.date).toBe("2026-03-10");
    expect(await closingOf(moved.billId)).toBe("2026-05-03");
    const back = await writes.transaction((_tx, write) =>
      write.moveBill(scope, expense.id, "previous", new Date()),
    );
    expect(await closingOf(back.billId)).toBe("2026-04-03");
    const changed = (await entriesOf(t, family.familyId, "expense")).filter(
      (entry) => entry.action === "changed",
    );
    expect(changed.map((entry) => entry.changes.map((change) => change.field))).toEqual([
      ["bill"],
      ["bill"],
    ]);
    expect(told.map((change) => change.kind)).toEqual(["changed", "changed"]);
  });

  it("refuses a purchase that is not on a card", async () => {
    const { writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const expense = await createExpense(t.app, family, { categoryId: category.id });
    await expect(
      writes.transaction((_tx, write) =>
        write.moveBill(scopeOf(family), expense.id, "next", new Date()),
      ),
    ).rejects.toMatchObject({ code: "not_card_purchase" });
  });
});

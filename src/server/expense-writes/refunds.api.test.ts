import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesOf, expenseWriter, scopeOf } from "../testing/expense-writer";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/** refunds.ts: a refund is a negative expense tied to its purchase, never more than it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a refund", () => {
  it("is written negative, named after its purchase, within the purchase's amount", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const purchase = await createExpense(t.app, family, {
      categoryId: category.id,
      description: "Tênis",
      amount: "100.00",
    });
    const scope = scopeOf(family);
    const refund = await writes.transaction((_tx, write) =>
      write.createRefund(
        scope,
        purchase.id,
        { amount: "60.00", date: "2026-03-12" },
        (of) => `Estorno: ${of}`,
      ),
    );
    expect(refund).toMatchObject({
      amount: "-60.00",
      refundOfId: purchase.id,
      description: "Estorno: Tênis",
      categoryId: category.id,
    });
    expect(told).toEqual([
      { familyId: family.familyId, kind: "created", count: 1, ids: [refund.id] },
    ]);
    // 60 + 41 would pass the 100 it cost: refused, nothing written, nothing told.
    await expect(
      writes.transaction((_tx, write) =>
        write.createRefund(scope, purchase.id, { amount: "41.00", date: "2026-03-13" }, String),
      ),
    ).rejects.toMatchObject({ code: "refund_too_large" });
    expect(told).toHaveLength(1);
    const created = (await entriesOf(t, family.familyId, "expense")).filter(
      (entry) => entry.subjectId === refund.id,
    );
    expect(created).toEqual([expect.objectContaining({ action: "created" })]);
  });

  it("of a refund is refused", async () => {
    const { writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const purchase = await createExpense(t.app, family, { categoryId: category.id });
    const scope = scopeOf(family);
    const refund = await writes.transaction((_tx, write) =>
      write.createRefund(scope, purchase.id, { amount: "1.00", date: "2026-03-12" }, String),
    );
    await expect(
      writes.transaction((_tx, write) =>
        write.createRefund(scope, refund.id, { amount: "1.00", date: "2026-03-12" }, String),
      ),
    ).rejects.toMatchObject({ code: "refund_not_allowed" });
  });
});

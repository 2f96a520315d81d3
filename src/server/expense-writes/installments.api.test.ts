import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesOf, expenseWriter, scopeOf } from "../testing/expense-writer";
import { createCategory, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/** installments.ts: a purchase in installments, one history entry for the whole series. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a purchase in installments", () => {
  it("is written as its installments, adding up to the total, with one entry", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const scope = scopeOf(family);
    const { series, installments } = await writes.transaction((_tx, write) =>
      write.createSeries(
        scope,
        {
          description: "Geladeira",
          total: "1000.00",
          count: 3,
          firstDate: "2026-03-15",
          categoryId: category.id,
          paidByUserId: family.user.id,
        },
        { category: category.name, payer: "Ana", paymentMethod: null },
        null,
      ),
    );
    expect(installments.map((row) => [row.date, row.amount, row.installment])).toEqual([
      ["2026-03-15", "333.34", 1],
      ["2026-04-15", "333.33", 2],
      ["2026-05-15", "333.33", 3],
    ]);
    expect(await entriesOf(t, family.familyId, "installments")).toEqual([
      expect.objectContaining({ action: "created", subjectId: series.id }),
    ]);
    expect(await entriesOf(t, family.familyId, "expense", "created")).toEqual([]);
    expect(told).toEqual([
      expect.objectContaining({ familyId: family.familyId, kind: "created", count: 3 }),
    ]);

    // From the second on: the first stays.
    const deleted = await writes.transaction((_tx, write) =>
      write.deleteSeries(scope, series.id, 2),
    );
    expect(deleted).toBe(2);
    const { rows } = await t.database.pool.query(
      "select installment from expenses where series_id = $1",
      [series.id],
    );
    expect(rows).toEqual([{ installment: 1 }]);
  });
});

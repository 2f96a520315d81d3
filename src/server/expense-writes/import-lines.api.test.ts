import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesOf, expenseWriter, scopeOf } from "../testing/expense-writer";
import { createCategory, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/** import-lines.ts: an import's lines, with one entry for the import, not one per line. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("an import's lines", () => {
  it("are written with one import entry, marked lines joining one purchase in installments", async () => {
    const { told, writes } = expenseWriter(t);
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const imported = {
      id: randomUUID(),
      fileName: "extrato.csv",
      importedCount: 3,
      totalAmount: "60.00",
    };
    const line = { categoryId: category.id, amount: "20.00" };
    await writes.transaction((_tx, write) =>
      write.importLines(scopeOf(family), imported, [
        { ...line, date: "2026-03-01", description: "Padaria" },
        {
          ...line,
          date: "2026-03-02",
          description: "Loja 1/2",
          installment: { number: 1, count: 2 },
          seriesKey: "loja",
        },
        {
          ...line,
          date: "2026-04-02",
          description: "Loja 2/2",
          installment: { number: 2, count: 2 },
          seriesKey: "loja",
        },
      ]),
    );
    const { rows } = await t.database.pool.query(
      `select description, series_id is not null as "inSeries", installment from expenses
        where family_id = $1 order by date`,
      [family.familyId],
    );
    expect(rows).toEqual([
      { description: "Padaria", inSeries: false, installment: null },
      { description: "Loja 1/2", inSeries: true, installment: 1 },
      { description: "Loja 2/2", inSeries: true, installment: 2 },
    ]);
    expect(await entriesOf(t, family.familyId, "import")).toEqual([
      expect.objectContaining({ action: "created", subjectId: imported.id }),
    ]);
    expect(await entriesOf(t, family.familyId, "expense", "created")).toEqual([]);
    expect(told).toEqual([{ familyId: family.familyId, kind: "imported", count: 3 }]);
  });
});

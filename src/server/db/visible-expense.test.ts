import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every module that reads the expenses table, and how it keeps another member's private expense
 * to "Gasto privado" and its amount (docs/product.md#private-expenses, db/visible-expense.ts). A
 * new read of expenses fails here until it is added with its reason, so no answer can start
 * carrying private descriptions, categories or payers unnoticed; http/private-expenses.api.test.ts
 * then walks every GET route as another member.
 */
const readers: Record<string, string> = {
  "src/server/db/schema.ts": "the table's definition",
  "src/server/expense-writes/expense-history.ts":
    "a refund's purchase's description for its history entry: a refund is private with its purchase, so that entry is its author's alone (private_to_user_id)",
  "src/server/expense-writes/writes.ts":
    "writes, and the rows they lock: another's private expense is not found (isHiddenFrom)",
  "src/server/features/expenses/service.ts":
    "the list writes hidden rows as api-rows.ts does; the page maps rows with toExpense and filters with seenInFullBy",
  "src/server/features/expenses/export.ts": "hidden rows as 'Gasto privado', no names",
  "src/server/features/expenses/installments.ts":
    "a series' installments, never private (private-expense.ts), mapped with toExpense",
  "src/server/features/card-bills/service.ts": "a bill's lines mapped with toExpense; sums",
  "src/server/features/imports/service.ts":
    "duplicates and last categories by description: seenInFullBy; counts",
  "src/server/features/shares/balances.ts":
    "sums; the lines are shares of another member, which a private expense never has",
  "src/server/features/summary/service.ts": "sums; the latest three mapped with toExpense",
  "src/server/features/summary/committed-service.ts": "sums",
  "src/server/features/summary/trend-service.ts": "sums",
  "src/server/quotas.ts": "a count",
};

const readsExpenses = /\.from\(expenses\)|\bfrom expenses\b|\bjoin expenses\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

describe("reads of the expenses table", () => {
  it("are the known ones, each keeping private expenses private", () => {
    const found = sourceFiles("src/server")
      .filter((path) => readsExpenses.test(readFileSync(path, "utf8")))
      .map((path) => relative(".", path))
      .sort();
    expect(found).toEqual(Object.keys(readers).sort());
  });
});

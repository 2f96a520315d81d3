import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One read path (docs/product.md#private-expenses, db/seen-by.ts): outside the write doors, no
 * module reads the expenses or incomes table itself; every read selects from expenses_seen_by or
 * incomes_seen_by, which mask another member's private row once. A new query that names either
 * table, in raw SQL or through Drizzle, fails here.
 */
const allowed: Record<string, string> = {
  "src/server/db/family-counts.ts":
    "a restore's recount of the quotas' counters: a count per family, no row leaves it",
  "src/server/db/seen-by.ts":
    "the one read path, and the index hints that hand it a bill's or a purchase's ids",
  "src/server/expense-writes/bill-moves.ts":
    "the expense write door's bill moves path: the rows it locks and changes, another's private row refused by isHiddenFrom",
  "src/server/expense-writes/edits.ts":
    "the expense write door's edit and delete path: the rows it locks and changes, another's private row refused by isHiddenFrom",
  "src/server/expense-writes/import-lines.ts":
    "the expense write door's import path: the rows it locks and changes, another's private row refused by isHiddenFrom",
  "src/server/expense-writes/installments.ts":
    "the expense write door's installments path: the rows it locks and changes, another's private row refused by isHiddenFrom",
  "src/server/expense-writes/recurring.ts":
    "the expense write door's recurring path: the rows it locks and changes, another's private row refused by isHiddenFrom",
  "src/server/expense-writes/refunds.ts":
    "the expense write door's refunds path: the rows it locks and changes, another's private row refused by isHiddenFrom",
  "src/server/expense-writes/restore.ts":
    "the expense write door's restore path: the rows it locks and changes, another's private row refused by isHiddenFrom",
  "src/server/income-writes/writer.ts":
    "the income write door: the rows it locks and changes, another's private row refused by isHiddenFrom",
};

const readsTable = [
  /\b(?:from|join|update|into)\s+"?(?:expenses|incomes)"?(?:\s|$|\))/i,
  /\b(?:from|join)\s+\$\{(?:expenses|incomes)\}/i,
  /\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin|update|delete)\(\s*(?:expenses|incomes)\s*[,)]/,
  /\bdb\.query\.(?:expenses|incomes)\b/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

describe("reads of the expenses and incomes tables", () => {
  it("go through expenses_seen_by or incomes_seen_by outside the write doors", () => {
    const found = sourceFiles("src/server")
      .filter((path) => readsTable.some((pattern) => pattern.test(readFileSync(path, "utf8"))))
      .map((path) => relative(".", path))
      .sort();
    expect(found).toEqual(Object.keys(allowed).sort());
  });

  it("would catch each way a query names the table", () => {
    const caught = (text: string) => readsTable.some((pattern) => pattern.test(text));
    expect(caught("select 1 from expenses e where")).toBe(true);
    expect(caught('select 1 from "incomes" where')).toBe(true);
    expect(caught("a join expenses e on")).toBe(true);
    const placeholder = (name: string) => ["$", "{", name, "}"].join("");
    expect(caught(`exists (select 1 from ${placeholder("expenses")}\n where`)).toBe(true);
    expect(caught(".from(expenses)")).toBe(true);
    expect(caught(".leftJoin(incomes, eq(")).toBe(true);
    expect(caught(`from ${placeholder("expensesSeenBy(scope)")}`)).toBe(false);
    expect(caught("expenses_seen_by(family, reader) as e")).toBe(false);
  });
});

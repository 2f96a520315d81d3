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
  "src/server/expense-writes/recategorise.ts":
    "the expense write door's rule application path: changes only the ids its caller selected from expenses_seen_by, rows the caller sees in full",
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

/**
 * The same for payment methods (docs/product.md#private-accounts): a read that shows a method
 * selects from payment_methods_seen_by (seenMethods, methodsSeenBy); the modules below read the
 * table itself, each for the reason given, and those that check a method a write names (`guard`)
 * hold methodUsableBy or methodMasked, so another member's private account is refused there.
 */
const methodReaders: Record<string, { why: string; guard: boolean }> = {
  "src/server/expense-writes/card-bill.ts": {
    why: "a card's days for its bill: a card is never private",
    guard: false,
  },
  "src/server/expense-writes/restore.ts": {
    why: "a restored expense keeps the method it had, if it still exists",
    guard: false,
  },
  "src/server/history/record.ts": {
    why: "names kept in the family's history: a private account's kept as '' (historyMethodName)",
    guard: false,
  },
  "src/server/reconciliation-writes/writes.ts": {
    why: "the reconciliation door: the movements of an account the caller's check found",
    guard: false,
  },
  "src/server/features/card-bills/service.ts": {
    why: "the card whose bills are listed; the account a bill is paid from is the door's",
    guard: false,
  },
  "src/server/features/expenses/checks.ts": {
    why: "the method an expense is paid with",
    guard: true,
  },
  "src/server/features/goals/service.ts": {
    why: "the account that holds a savings goal",
    guard: true,
  },
  "src/server/features/imports/service.ts": {
    why: "the method an import is paid with",
    guard: true,
  },
  "src/server/features/incomes/service.ts": {
    why: "the account an income comes into",
    guard: true,
  },
  "src/server/features/payment-methods/service.ts": {
    why: "the methods' own writes (quota, lock, delete); its lists read seenMethods",
    guard: true,
  },
  "src/server/features/reconciliation/service.ts": {
    why: "the account reconciled; the entries name other accounts through methodsSeenBy",
    guard: true,
  },
  "src/server/features/transfers/service.ts": {
    why: "which transfers the reader lists, and whose notes",
    guard: true,
  },
  "src/server/transfer-writes/accounts.ts": {
    why: "the accounts a transfer or a settlement names",
    guard: true,
  },
  "src/server/transfer-writes/bill-payments.ts": {
    why: "the bill payments' door: the account a bill is paid from, an undo on another's private account refused",
    guard: true,
  },
  "src/server/transfer-writes/writes.ts": {
    why: "the transfer door: the names of its history entry, and an undo on another's private account refused",
    guard: true,
  },
};

const readsMethods = [
  /\b(?:from|join|update|into)\s+"?payment_methods"?(?:\s|$|\))/i,
  /\b(?:from|join)\s+\$\{paymentMethods\}/i,
  /\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin|update|delete)\(\s*paymentMethods\s*[,)]/,
];

describe("reads of the payment_methods table", () => {
  it("go through payment_methods_seen_by but in the modules that say why", () => {
    const found = sourceFiles("src/server")
      .filter((path) => readsMethods.some((pattern) => pattern.test(readFileSync(path, "utf8"))))
      .map((path) => relative(".", path))
      .sort();
    expect(found).toEqual(Object.keys(methodReaders).sort());
  });

  it("refuse another member's private account where a write names a method", () => {
    const unguarded = Object.entries(methodReaders)
      .filter(([, reader]) => reader.guard)
      .filter(([path]) => !/\bmethod(?:UsableBy|Masked)\(/.test(readFileSync(path, "utf8")))
      .map(([path]) => path);
    expect(unguarded).toEqual([]);
  });

  it("would catch each way a query names the table", () => {
    const caught = (text: string) => readsMethods.some((pattern) => pattern.test(text));
    expect(caught("left join payment_methods card on")).toBe(true);
    expect(caught(".from(paymentMethods)")).toBe(true);
    expect(caught(`from ${["$", "{", "paymentMethods", "}"].join("")} m`)).toBe(true);
    expect(caught(".from(seenMethods(scope))")).toBe(false);
    expect(caught("payment_methods_seen_by(family, reader) as m")).toBe(false);
  });
});

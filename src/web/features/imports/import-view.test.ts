import { describe, expect, it } from "vitest";
import type { ImportPreview, ImportPreviewLine, ImportResult } from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { ApiRequestError } from "../../lib/api-client";
import {
  columnOptions,
  commitErrorText,
  creditsSummaryText,
  dayAndMonth,
  importButton,
  importDoneText,
  pageOfLines,
  paidWithChoices,
  reconcileLinkOf,
  withLineChoice,
} from "./import-view";

/** The key and its options, so a test reads which text was asked for and with what. */
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

const line = (lineNumber: number) => ({ lineNumber }) as ImportPreviewLine;
const summary = (overrides: Partial<Record<string, number>> = {}) => ({
  count: 2,
  total: "12.00",
  missingCategory: 0,
  incomes: 0,
  refunds: 0,
  billPayments: 0,
  missingCard: 0,
  transfers: 0,
  ...overrides,
});

describe("the import's view", () => {
  it("says a refused import by its 'Pago com' or bill error first, then by a credit's line", () => {
    const refused = (errors: { path: string; message: string }[]) =>
      new ApiRequestError(422, { message: "Invalid", code: "validation_error", errors });
    const lineOf = (path: string) => (path === "credits.0.refundOfId" ? 7 : null);
    expect(
      commitErrorText(
        refused([
          { path: "credits.0.refundOfId", message: "Too large" },
          { path: "billId", message: "Not this card's bill" },
        ]),
        lineOf,
        t,
      ),
    ).toBe("Not this card's bill");
    expect(
      commitErrorText(refused([{ path: "credits.0.refundOfId", message: "Too large" }]), lineOf, t),
    ).toBe('imports.credit.lineError {"number":7,"message":"Too large"}');
    expect(commitErrorText(refused([{ path: "lines.3.date", message: "?" }]), lineOf, t)).toBe(
      "Invalid",
    );
  });

  it("writes a purchase's day and month in the person's order", () => {
    expect(dayAndMonth("2026-03-12", "pt")).toBe("12/03");
    expect(dayAndMonth("2026-03-12", "en")).toBe("03/12");
  });

  it("shows the lines a page of 100 at a time", () => {
    const lines = Array.from({ length: 201 }, (_, i) => line(i + 2));
    const firstPage = pageOfLines(lines, 0);
    expect(firstPage.pages).toBe(3);
    expect(firstPage.first).toBe(0);
    expect(firstPage.shown.map((shown) => shown.lineNumber).slice(0, 2)).toEqual([2, 3]);
    const last = pageOfLines(lines, 2);
    expect(last.first).toBe(200);
    expect(last.shown).toEqual([line(202)]);
    expect(pageOfLines([], 0)).toEqual({ pages: 0, first: 0, shown: [] });
  });

  it("changes one line's tick, category or credit and leaves the other lines as they were", () => {
    const selection = {
      ticked: [true, true],
      categories: ["food", ""],
      credits: ["", ""],
      cards: ["", ""],
    };
    expect(withLineChoice(selection, 1, { category: "car" })).toEqual({
      ticked: [true, true],
      categories: ["food", "car"],
      credits: ["", ""],
      cards: ["", ""],
    });
    expect(withLineChoice(selection, 0, { ticked: false, credit: "income" })).toEqual({
      ticked: [false, true],
      categories: ["food", ""],
      credits: ["income", ""],
      cards: ["", ""],
    });
    expect(withLineChoice(selection, 1, { card: "nubank", ticked: true }).cards).toEqual([
      "",
      "nubank",
    ]);
    expect(selection.categories).toEqual(["food", ""]);
  });

  it("keeps a chosen method that was archived meanwhile among the choices, marked", () => {
    const method = (id: string) => ({ id, name: id }) as PaymentMethod;
    const active = [method("nubank"), method("itau")];
    expect(paidWithChoices(active, active[1])).toEqual([
      { method: active[0], archived: false },
      { method: active[1], archived: false },
    ]);
    const archived = method("old card");
    expect(paidWithChoices(active, archived).at(-1)).toEqual({ method: archived, archived: true });
    expect(paidWithChoices([], undefined)).toEqual([]);
  });

  it("names the columns by their header, else by their number", () => {
    const preview = (hasHeader: boolean) =>
      ({ columnNames: ["Data", ""], settings: { hasHeader } }) as unknown as ImportPreview;
    expect(columnOptions(preview(true), t)).toEqual([
      { value: "0", label: "Data" },
      { value: "1", label: 'imports.column {"number":2}' },
    ]);
    expect(columnOptions(preview(false), t).map((option) => option.label)).toEqual([
      'imports.column {"number":1}',
      'imports.column {"number":2}',
    ]);
  });

  it("sums up the credits it records, nothing when there are none", () => {
    expect(creditsSummaryText(summary(), t)).toBe("");
    expect(creditsSummaryText(summary({ incomes: 2, refunds: 1 }), t)).toBe(
      'imports.credit.incomes {"count":2} · imports.credit.refunds {"count":1}',
    );
    expect(creditsSummaryText(summary({ refunds: 1 }), t)).toBe(
      'imports.credit.refunds {"count":1}',
    );
    expect(creditsSummaryText(summary({ billPayments: 1, transfers: 2 }), t)).toBe(
      'imports.credit.billPayments {"count":1} · imports.credit.transfers {"count":2}',
    );
  });

  it("offers the import with its count, the credits counted in, and only when all is ready", () => {
    expect(importButton(summary(), false, t)).toEqual({
      disabled: false,
      label: 'imports.import {"count":2}',
    });
    expect(importButton(summary({ incomes: 1 }), false, t).label).toBe(
      'imports.credit.import {"count":3}',
    );
    expect(importButton(summary({ count: 0, refunds: 1 }), false, t).disabled).toBe(false);
    expect(importButton(summary({ count: 0 }), false, t).disabled).toBe(true);
    expect(importButton(summary({ missingCategory: 1 }), false, t).disabled).toBe(true);
    // A bill's payment and a transfer are recorded, never spending: counted as entries.
    expect(importButton(summary({ billPayments: 1, transfers: 1 }), false, t)).toEqual({
      disabled: false,
      label: 'imports.credit.import {"count":4}',
    });
    expect(importButton(summary({ count: 0, transfers: 1 }), false, t).disabled).toBe(false);
    // A bill's payment ticked without its card waits for it.
    expect(importButton(summary({ billPayments: 0, missingCard: 1 }), false, t).disabled).toBe(
      true,
    );
    expect(importButton(summary(), true, t)).toEqual({
      disabled: true,
      label: "imports.importing",
    });
  });

  it("says what the import recorded: its expenses, then its incomes, refunds, bill payments and transfers, then what was left out", () => {
    const result = (
      importedCount: number,
      incomeCount: number,
      refundCount: number,
      skippedCount = 0,
      billPaymentCount = 0,
      transferCount = 0,
    ) =>
      ({
        importedCount,
        incomeCount,
        refundCount,
        skippedCount,
        billPaymentCount,
        transferCount,
      }) as ImportResult;
    expect(importDoneText(result(3, 0, 0), t)).toBe('imports.done {"count":3}');
    expect(importDoneText(result(5, 1, 2), t)).toBe(
      'imports.done {"count":2} imports.credit.incomesDone {"count":1} imports.credit.refundsDone {"count":2}',
    );
    expect(importDoneText(result(1, 0, 0, 4), t)).toBe(
      'imports.done {"count":1} imports.skipped {"count":4}',
    );
    // Bill payments and transfers recorded are counted apart from the expenses.
    expect(importDoneText(result(5, 1, 0, 0, 1, 2), t)).toBe(
      'imports.done {"count":1} imports.credit.incomesDone {"count":1} imports.credit.billPaymentsDone {"count":1} imports.credit.transfersDone {"count":2}',
    );
  });
});

describe("the reconciliation an OFX offers", () => {
  const itau = {
    id: "22222222-2222-4222-8222-222222222222",
    kind: "checking" as const,
    name: "Itaú conta",
  };
  const balance = { statementBalance: { amount: "3412.35", date: "2026-11-30" } };

  it("brings its ledger balance and day to the account's reconcile screen", () => {
    expect(reconcileLinkOf(balance, itau)).toEqual({
      href: `/payment-methods/${itau.id}/reconcile?date=2026-11-30&bankBalance=3412.35`,
      account: "Itaú conta",
      amount: "3412.35",
      date: "2026-11-30",
    });
  });

  it("is none without a balance, an account, or into a card", () => {
    expect(reconcileLinkOf({ statementBalance: null }, itau)).toBeNull();
    expect(reconcileLinkOf(balance, undefined)).toBeNull();
    expect(reconcileLinkOf(balance, { ...itau, kind: "credit_card" })).toBeNull();
  });
});

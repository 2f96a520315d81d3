import { describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import type { Expense } from "../../../contract/expenses";
import type { FamilyPerson } from "../../../contract/family";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { noExpenseFilters } from "../../api/expenses/get-expenses-page";
import {
  actionDescription,
  deletesAsInstallment,
  listLength,
  listState,
  methodChoices,
  payerChoices,
  rowsOf,
  totalsLine,
  withFilter,
} from "./expense-list-view";

/** The key and its options, so a test reads which text was asked for and with what. */
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

const expense = (overrides: Partial<Expense>) =>
  ({
    id: "e1",
    description: "Mercado",
    categoryId: null,
    paidByUserId: "ana",
    paymentMethodId: null,
    installment: null,
    installmentCount: null,
    seriesId: null,
    ...overrides,
  }) as Expense;

describe("the expense list's view", () => {
  it("shows nothing while the dates are reversed, then an error, a skeleton, the empty text or the rows", () => {
    const state = (overrides: Partial<Parameters<typeof listState>[0]>) =>
      listState({ reversed: false, isError: false, loaded: true, count: 3, ...overrides });
    expect(state({ reversed: true, isError: true, loaded: false })).toBe("reversed");
    expect(state({ isError: true, loaded: false })).toBe("error");
    // A later page's error keeps the loaded rows on screen.
    expect(state({ isError: true })).toBe("rows");
    expect(state({ loaded: false })).toBe("loading");
    expect(state({ count: 0 })).toBe("empty");
    expect(state({})).toBe("rows");
  });

  it("tells screen readers the server's count, or what is loaded when that is more", () => {
    expect(listLength({ count: 120, amount: "1.00" }, 50)).toBe(120);
    expect(listLength({ count: 3, amount: "1.00" }, 4)).toBe(4);
    expect(listLength(undefined, 7)).toBe(7);
  });

  it("sums up what matches above the list, only when something does and the dates are in order", () => {
    const money = (amount: string) => `R$ ${amount}`;
    const totals = { count: 2, amount: "30.00" };
    expect(totalsLine(totals, false, money, t)).toBe(
      'expenses.list.summary {"count":2,"total":"R$ 30.00"}',
    );
    expect(totalsLine(totals, true, money, t)).toBeNull();
    expect(totalsLine({ count: 0, amount: "0.00" }, false, money, t)).toBeNull();
    expect(totalsLine(undefined, false, money, t)).toBeNull();
  });

  it("names each row's category, payer and method; one gone or never set reads as none", () => {
    const food = { id: "food", name: "Comida" } as Category;
    const nubank = { id: "nu", name: "Nubank" } as PaymentMethod;
    const rowOf = rowsOf(
      [food],
      [nubank],
      (userId) => (userId === "ana" ? "Ana" : "?"),
      (shown) => shown.id === "hidden",
    );
    expect(rowOf(expense({ categoryId: "food", paymentMethodId: "nu" }))).toMatchObject({
      hidden: false,
      category: food,
      payer: "Ana",
      method: "Nubank",
    });
    expect(rowOf(expense({ categoryId: "deleted", paymentMethodId: "gone" }))).toMatchObject({
      category: undefined,
      method: null,
    });
    expect(rowOf(expense({ id: "hidden" })).hidden).toBe(true);
    expect(
      rowsOf(
        undefined,
        undefined,
        () => "",
        () => false,
      )(expense({})).category,
    ).toBeUndefined();
  });

  it("says which installment a row's buttons act on", () => {
    expect(actionDescription(expense({}), t)).toBe("Mercado");
    expect(actionDescription(expense({ installment: 3, installmentCount: 12 }), t)).toBe(
      'expenses.list.installmentDescription {"description":"Mercado","number":3,"count":12}',
    );
  });

  it("asks which installments when the expense is one of a purchase's", () => {
    expect(deletesAsInstallment(expense({ seriesId: "s1" }))).toBe(true);
    expect(deletesAsInstallment(expense({}))).toBe(false);
  });

  it("offers every payer and method, former members and archived methods marked", () => {
    const person = (userId: string, isMember: boolean) => ({ userId, isMember }) as FamilyPerson;
    const name = (userId: string | null) => (userId === "ana" ? "Ana" : "Léo");
    expect(payerChoices([person("ana", true), person("leo", false)], name, t)).toEqual([
      { value: "ana", label: "Ana" },
      { value: "leo", label: 'payer.formerMember {"name":"Léo"}' },
    ]);
    expect(payerChoices(undefined, name, t)).toEqual([]);
    const method = (id: string, isActive: boolean) => ({ id, name: id, isActive }) as PaymentMethod;
    expect(methodChoices([method("nu", true), method("old", false)], t)).toEqual([
      { value: "nu", label: "nu" },
      { value: "old", label: 'paymentMethod.archived {"name":"old"}' },
    ]);
  });

  it("changes one filter and keeps the others", () => {
    const filters = withFilter({ ...noExpenseFilters, search: "pão" }, "from", "2026-01-01");
    expect(filters).toEqual({ ...noExpenseFilters, search: "pão", from: "2026-01-01" });
  });
});

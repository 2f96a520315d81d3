import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryPage } from "../../../contract/history";
import { fromCents, toCents } from "../../../contract/money";
import type { AccountBalances, PaymentMethod } from "../../../contract/payment-methods";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * Accounts' balances (docs/product.md#account-balances): an opening balance on a date, plus the
 * incomes into the account, less the expenses paid from it (refunds back) and the card bills paid
 * from it, dated from the opening date through the day asked; computed by the database
 * (db/functions/accounts.sql) and exact to the cent.
 */

let t: TestApp;
// The server's calendar: balances "today" are at the end of this day.
const NOW = new Date("2026-12-07T15:00:00Z");
beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => NOW },
    env: { RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
});
afterAll(() => t.close());

const call = (who: SignedIn, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

const ok = async (
  who: SignedIn,
  method: "GET" | "POST" | "PATCH",
  url: string,
  payload?: object,
) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

const methodsOf = (who: SignedIn) =>
  ok(who, "GET", "/api/payment-methods") as Promise<PaymentMethod[]>;
const balancesOf = (who: SignedIn, month: number, year: number) =>
  ok(who, "GET", `/api/accounts/balances?month=${month}&year=${year}`) as Promise<AccountBalances>;

const fieldErrors = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { path: string; message: string }[] }).errors;

describe("an account's balance", () => {
  it("is the opening balance plus incomes, less expenses (refunds back) and bills paid from it, from its opening date on", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const category = await createCategory(t.app, owner);
    const itau = await createPaymentMethod(t.app, owner, {
      kind: "checking",
      name: "Itaú conta",
      openingBalance: "2000",
      openingDate: "2026-11-01",
    });
    expect(itau).toMatchObject({
      openingBalance: "2000.00",
      openingDate: "2026-11-01",
      balance: "2000.00",
    });
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    // Before the opening date: already in the bank's figure, so not counted.
    await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "999.99",
      date: "2026-10-31",
      paymentMethodId: itau.id,
    });
    await ok(owner, "POST", "/api/incomes", {
      description: "Salário",
      amount: "5000.00",
      kind: "salary",
      date: "2026-11-05",
      paymentMethodId: itau.id,
    });
    const pix = await createExpense(t.app, owner, {
      categoryId: category.id,
      description: "Feira",
      amount: "120.35",
      date: "2026-11-06",
      paymentMethodId: itau.id,
    });
    const refund = await ok(owner, "POST", `/api/expenses/${pix.id}/refunds`, {
      amount: "20.35",
      date: "2026-11-08",
    });
    const purchase = await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "1467.65",
      date: "2026-10-20",
      paymentMethodId: card.id,
    });
    expect(purchase.billId).not.toBeNull();
    await ok(owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
      fromMethodId: itau.id,
      amount: "1467.65",
      paidOn: "2026-11-10",
    });
    // A later month's entry counts only from its day on.
    await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "50.00",
      date: "2026-12-02",
      paymentMethodId: itau.id,
    });
    const refunded = refund.paymentMethodId === itau.id ? 20.35 : 0;
    const november = fromCents(toCents("2000.00") + 500000 - 12035 + refunded * 100 - 146765);
    const [account] = (await methodsOf(owner)).filter((m) => m.id === itau.id);
    expect(account?.balance).toBe(fromCents(toCents(november) - 5000));
    expect((await methodsOf(owner)).find((m) => m.id === card.id)?.balance).toBeNull();

    const atNovemberEnd = await balancesOf(owner, 11, 2026);
    expect(atNovemberEnd).toEqual({
      date: "2026-11-30",
      total: november,
      accounts: [
        { id: itau.id, name: "Itaú conta", kind: "checking", isActive: true, balance: november },
      ],
    });
    // The current month and later ones: today.
    expect((await balancesOf(owner, 12, 2026)).date).toBe("2026-12-07");
    expect((await balancesOf(owner, 3, 2027)).total).toBe(account?.balance);
    // Before the opening date the app does not know it.
    expect(await balancesOf(owner, 10, 2026)).toEqual({
      date: "2026-10-31",
      total: "0.00",
      accounts: [],
    });
  });

  it("counts from nothing when no opening balance was typed, and investments are accounts", async () => {
    const owner = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, owner);
    const cdb = await createPaymentMethod(t.app, owner, { kind: "investment", name: "CDB" });
    expect(cdb).toMatchObject({ kind: "investment", openingBalance: null, balance: "0.00" });
    await ok(owner, "POST", "/api/incomes", {
      description: "Aporte",
      amount: "300.10",
      kind: "investment",
      date: "2016-01-02",
      paymentMethodId: cdb.id,
    });
    await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "0.11",
      date: "2026-12-07",
      paymentMethodId: cdb.id,
    });
    expect((await methodsOf(owner))[0]?.balance).toBe("299.99");
  });

  it("is the family's own: another family's accounts and entries never count, whatever is asked", async () => {
    const ours = await signUpWithFamily(t.app);
    const theirs = await signUpWithFamily(t.app);
    const account = await createPaymentMethod(t.app, ours, {
      kind: "savings",
      name: "Poupança",
      openingBalance: "10.00",
      openingDate: "2026-01-01",
    });
    await createPaymentMethod(t.app, theirs, {
      kind: "savings",
      name: "Poupança",
      openingBalance: "999.00",
      openingDate: "2026-01-01",
    });
    // Their income cannot name our account (the foreign key is the family's).
    const foreign = await call(theirs, "POST", "/api/incomes", {
      description: "x",
      amount: "1.00",
      kind: "other",
      date: "2026-02-01",
      paymentMethodId: account.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(await balancesOf(ours, 2, 2026)).toMatchObject({ total: "10.00" });
    expect(await balancesOf(theirs, 2, 2026)).toMatchObject({ total: "999.00" });
  });

  it("counts a member's private expense from a shared account in the sum, and shows the same balance to everyone", async () => {
    const owner = await signUpWithFamily(t.app);
    const member = await joinFamilyOf(t.app, owner);
    const category = await createCategory(t.app, owner);
    const joint = await createPaymentMethod(t.app, owner, {
      kind: "checking",
      name: "Conjunta",
      openingBalance: "100.00",
      openingDate: "2026-01-01",
    });
    await createExpense(t.app, member, {
      categoryId: category.id,
      amount: "30.00",
      date: "2026-03-01",
      paymentMethodId: joint.id,
      private: true,
    });
    expect((await methodsOf(owner))[0]?.balance).toBe("70.00");
    expect((await methodsOf(member))[0]?.balance).toBe("70.00");
  });

  it("leaves out an archived account with nothing in it, and keeps one that still holds money", async () => {
    const owner = await signUpWithFamily(t.app);
    const empty = await createPaymentMethod(t.app, owner, { kind: "cash", name: "Carteira" });
    const full = await createPaymentMethod(t.app, owner, {
      kind: "savings",
      name: "Antiga",
      openingBalance: "-80.00",
      openingDate: "2026-01-01",
    });
    for (const method of [empty, full]) {
      await ok(owner, "PATCH", `/api/payment-methods/${method.id}`, { isActive: false });
    }
    expect(await balancesOf(owner, 6, 2026)).toEqual({
      date: "2026-06-30",
      total: "-80.00",
      accounts: [
        { id: full.id, name: "Antiga", kind: "savings", isActive: false, balance: "-80.00" },
      ],
    });
  });

  it("equals the opening balance plus the signed sum of its entries, transfers too, on any history (property)", async () => {
    const owner = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, owner, { monthlyBudget: "0", weeklyBudget: "0" });
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-05-${String(d).padStart(2, "0")}`);
    const cents = fc.integer({ min: 1, max: 99_999_99 });
    const entry = fc.record({
      kind: fc.constantFrom("income", "expense", "transferIn", "transferOut"),
      day,
      cents,
    });
    // The other side of every transfer.
    const other = await createPaymentMethod(t.app, owner, { kind: "savings", name: "Outra" });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -500_000_00, max: 500_000_00 }),
        fc.option(day, { nil: null }),
        fc.array(entry, { maxLength: 8 }),
        async (opening, openingDay, entries) => {
          const account = await createPaymentMethod(t.app, owner, {
            kind: "checking",
            name: `Conta ${Math.random()}`,
            ...(openingDay === null
              ? {}
              : { openingBalance: fromCents(opening), openingDate: openingDay }),
          });
          for (const e of entries) {
            const payload = {
              description: "x",
              amount: fromCents(e.cents),
              date: e.day,
              paymentMethodId: account.id,
            };
            if (e.kind === "income") {
              await ok(owner, "POST", "/api/incomes", { ...payload, kind: "other" });
            } else if (e.kind === "expense") {
              await ok(owner, "POST", "/api/expenses", { ...payload, categoryId: category.id });
            } else {
              const [from, to] =
                e.kind === "transferIn" ? [other.id, account.id] : [account.id, other.id];
              await ok(owner, "POST", "/api/transfers", {
                fromMethodId: from,
                toMethodId: to,
                amount: payload.amount,
                date: payload.date,
              });
            }
          }
          const expected = entries
            .filter((e) => openingDay === null || e.day >= openingDay)
            .reduce(
              (sum, e) =>
                sum + (e.kind === "income" || e.kind === "transferIn" ? e.cents : -e.cents),
              openingDay === null ? 0 : opening,
            );
          const listed = (await methodsOf(owner)).find((m) => m.id === account.id);
          expect(listed?.balance).toBe(fromCents(expected));
          const atMonthEnd = await balancesOf(owner, 5, 2026);
          expect(atMonthEnd.accounts.find((a) => a.id === account.id)?.balance).toBe(
            fromCents(expected),
          );
          await ok(owner, "PATCH", `/api/payment-methods/${account.id}`, { isActive: false });
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("an opening balance", () => {
  it("is typed later or cleared, and each change is in the history", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const account = await createPaymentMethod(t.app, owner, { kind: "checking", name: "Itaú" });
    const typed = await ok(owner, "PATCH", `/api/payment-methods/${account.id}`, {
      openingBalance: "1.234,56".replace(".", "").replace(",", "."),
      openingDate: "2026-12-01",
    });
    expect(typed).toMatchObject({ openingBalance: "1234.56", balance: "1234.56" });
    const cleared = await ok(owner, "PATCH", `/api/payment-methods/${account.id}`, {
      openingBalance: null,
      openingDate: null,
    });
    expect(cleared).toMatchObject({ openingBalance: null, openingDate: null, balance: "0.00" });
    const history = (await ok(owner, "GET", "/api/family/history")) as HistoryPage;
    const changes = history.items
      .filter((item) => item.subjectId === account.id && item.action === "changed")
      .map((item) => item.changes);
    expect(changes).toEqual([
      [
        { field: "openingBalance", before: "1234.56", after: null },
        { field: "openingDate", before: "2026-12-01", after: null },
      ],
      [
        { field: "openingBalance", before: null, after: "1234.56" },
        { field: "openingDate", before: null, after: "2026-12-01" },
      ],
    ]);
  });

  it("is refused, translated, on a card, without its date, without its amount, or malformed", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const onCard = await call(owner, "POST", "/api/payment-methods", {
      kind: "credit_card",
      name: "Nubank",
      closingDay: 3,
      dueDay: 10,
      openingBalance: "10.00",
      openingDate: "2026-01-01",
    });
    expect(onCard.statusCode).toBe(400);
    expect(fieldErrors(onCard)).toEqual([
      { path: "openingBalance", message: "Só uma conta tem saldo inicial" },
      { path: "openingDate", message: "Só uma conta tem saldo inicial" },
    ]);
    const card = await createPaymentMethod(t.app, owner, { name: "Inter" });
    const patchCard = await call(owner, "PATCH", `/api/payment-methods/${card.id}`, {
      openingBalance: "10.00",
      openingDate: "2026-01-01",
    });
    expect(patchCard.statusCode).toBe(400);
    expect(fieldErrors(patchCard)).toEqual([
      { path: "openingBalance", message: "Só uma conta tem saldo inicial" },
    ]);
    const base = { kind: "checking", name: "Itaú" };
    const cases: [object, { path: string; message: string }[]][] = [
      [
        { openingBalance: "10.00" },
        [{ path: "openingDate", message: "Informe em que dia este era o saldo" }],
      ],
      [
        { openingDate: "2026-01-01" },
        [{ path: "openingBalance", message: "Informe o saldo inicial" }],
      ],
      [
        { openingBalance: "10,00", openingDate: "2026-01-01" },
        [
          {
            path: "openingBalance",
            message: "Informe um saldo como 1.234,56, ou -80,00 se estiver negativo",
          },
        ],
      ],
      [
        { openingBalance: "-100000000.00", openingDate: "2026-01-01" },
        [{ path: "openingBalance", message: expect.any(String) }],
      ],
      [
        { openingBalance: "1.00", openingDate: "2026-02-30" },
        [{ path: "openingDate", message: expect.any(String) }],
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await call(owner, "POST", "/api/payment-methods", { ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldErrors(res), JSON.stringify(fields)).toEqual(errors);
    }
    expect(await methodsOf(owner)).toHaveLength(1);
  });
});

describe("GET /api/accounts/balances", () => {
  it("answers a translated 400 for a month or year out of range", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    for (const query of ["month=13&year=2026", "month=1&year=1800", "month=x&year=2026", ""]) {
      const res = await call(owner, "GET", `/api/accounts/balances?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

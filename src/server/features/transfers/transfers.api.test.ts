import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryPage } from "../../../contract/history";
import type { PaymentMethod } from "../../../contract/payment-methods";
import type { TransferList } from "../../../contract/transfers";
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
 * Transfers between the family's accounts (docs/product.md#transfers): neither spending nor
 * income; they move the two accounts' balances only, are in the history, and are undone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => new Date("2026-12-07T15:00:00Z") },
    env: { RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
});
afterAll(() => t.close());

const call = (
  who: SignedIn,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

const balanceOf = async (who: SignedIn, id: string) => {
  const res = await call(who, "GET", "/api/payment-methods");
  return (res.json() as PaymentMethod[]).find((m) => m.id === id)?.balance;
};

const fieldErrors = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { path: string; message: string }[] }).errors;

/** A family with its checking account at R$ 2.000,00 and a savings account at zero. */
async function household(language = "pt") {
  const owner = await signUpWithFamily(t.app, { language });
  const member = await joinFamilyOf(t.app, owner);
  const opening = { openingBalance: "2000.00", openingDate: "2026-11-01" };
  const itau = await createPaymentMethod(t.app, owner, {
    kind: "checking",
    name: "Itaú conta",
    ...opening,
  });
  const savings = await createPaymentMethod(t.app, owner, { kind: "savings", name: "Poupança" });
  return { owner, member, itau, savings };
}

describe("a transfer", () => {
  it("moves money out of one account and into the other, and nothing else: no spending, income or debt", async () => {
    const { owner, member, itau, savings } = await household();
    const category = await createCategory(t.app, owner);
    await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "10.00",
      date: "2026-12-01",
    });
    const summary = async () =>
      (await call(owner, "GET", "/api/summary?month=12&year=2026")).json();
    const debts = async () => (await call(owner, "GET", "/api/balances")).json();
    const [summaryBefore, debtsBefore] = [await summary(), await debts()];

    const res = await call(member, "POST", "/api/transfers", {
      fromMethodId: itau.id,
      toMethodId: savings.id,
      amount: "500,00".replace(",", "."),
      date: "2026-12-05",
      note: "  Reserva  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      fromMethodId: itau.id,
      toMethodId: savings.id,
      amount: "500.00",
      date: "2026-12-05",
      note: "Reserva",
      addedByUserId: member.user.id,
    });
    expect(await balanceOf(owner, itau.id)).toBe("1500.00");
    expect(await balanceOf(owner, savings.id)).toBe("500.00");
    // The month's figures and who owes whom are as they were.
    expect(await summary()).toEqual(summaryBefore);
    expect(await debts()).toEqual(debtsBefore);
    const balances = (await call(owner, "GET", "/api/accounts/balances?month=12&year=2026")).json();
    expect(balances.total).toBe("2000.00");

    const list = (await call(owner, "GET", "/api/transfers")).json() as TransferList;
    expect(list.items.map((item) => item.id)).toEqual([res.json().id]);
    const history = (
      await call(owner, "GET", "/api/family/history?kind=transfer")
    ).json() as HistoryPage;
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      kind: "transfer",
      action: "created",
      subjectLabel: "Itaú conta → Poupança",
      changes: [
        { field: "fromAccount", before: null, after: "Itaú conta" },
        { field: "toAccount", before: null, after: "Poupança" },
        { field: "amount", before: null, after: "500.00" },
        { field: "date", before: null, after: "2026-12-05" },
        { field: "note", before: null, after: "Reserva" },
      ],
    });
  });

  it("is undone, in the history, and an account a transfer names is archived, never deleted", async () => {
    const { owner, itau, savings } = await household();
    const created = await call(owner, "POST", "/api/transfers", {
      fromMethodId: savings.id,
      toMethodId: itau.id,
      amount: "0.01",
      date: "2026-12-01",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await balanceOf(owner, savings.id)).toBe("-0.01");
    const inUse = await call(owner, "DELETE", `/api/payment-methods/${savings.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe("payment_method_in_use");

    const undone = await call(owner, "DELETE", `/api/transfers/${created.json().id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await balanceOf(owner, savings.id)).toBe("0.00");
    expect(await balanceOf(owner, itau.id)).toBe("2000.00");
    const again = await call(owner, "DELETE", `/api/transfers/${created.json().id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Transferência não encontrada");
    const history = (
      await call(owner, "GET", "/api/family/history?kind=transfer")
    ).json() as HistoryPage;
    expect(history.items.map((item) => item.action)).toEqual(["deleted", "created"]);
    // Nothing names it now: it goes.
    expect((await call(owner, "DELETE", `/api/payment-methods/${savings.id}`)).statusCode).toBe(
      200,
    );
  });

  it("is refused, translated, between the same account, from a card, an archived or another family's account", async () => {
    const { owner, itau, savings } = await household();
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const archived = await createPaymentMethod(t.app, owner, { kind: "cash", name: "Carteira" });
    await call(owner, "PATCH", `/api/payment-methods/${archived.id}`, { isActive: false });
    const other = await household();
    const base = { amount: "10.00", date: "2026-12-01" };
    const cases: [object, { path: string; message: string }[]][] = [
      [
        { fromMethodId: itau.id, toMethodId: itau.id },
        [{ path: "toMethodId", message: "Escolha duas contas diferentes" }],
      ],
      [
        { fromMethodId: card.id, toMethodId: itau.id },
        [{ path: "fromMethodId", message: "Escolha a conta de onde o dinheiro sai" }],
      ],
      [
        { fromMethodId: itau.id, toMethodId: archived.id },
        [{ path: "toMethodId", message: "Escolha a conta para onde o dinheiro vai" }],
      ],
      [
        { fromMethodId: other.itau.id, toMethodId: savings.id },
        [{ path: "fromMethodId", message: "Escolha a conta de onde o dinheiro sai" }],
      ],
      [
        { fromMethodId: itau.id, toMethodId: "not-an-id" },
        [{ path: "toMethodId", message: "Escolha a conta para onde o dinheiro vai" }],
      ],
      [
        { fromMethodId: itau.id, toMethodId: savings.id, amount: "0" },
        [{ path: "amount", message: expect.any(String) }],
      ],
      [
        { fromMethodId: itau.id, toMethodId: savings.id, note: "x".repeat(201) },
        [{ path: "note", message: expect.any(String) }],
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await call(owner, "POST", "/api/transfers", { ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldErrors(res), JSON.stringify(fields)).toEqual(errors);
    }
    expect((await call(owner, "GET", "/api/transfers")).json()).toEqual({ items: [] });
    expect(await balanceOf(other.owner, other.itau.id)).toBe("2000.00");
  });

  it("of another family is never listed nor undone, whatever id is sent", async () => {
    const ours = await household();
    const theirs = await household();
    const created = await call(theirs.owner, "POST", "/api/transfers", {
      fromMethodId: theirs.itau.id,
      toMethodId: theirs.savings.id,
      amount: "1.00",
      date: "2026-12-01",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(ours.owner, "GET", "/api/transfers")).json()).toEqual({ items: [] });
    const undo = await call(ours.owner, "DELETE", `/api/transfers/${created.json().id}`);
    expect(undo.statusCode).toBe(404);
    expect(await balanceOf(theirs.owner, theirs.savings.id)).toBe("1.00");
  });
});

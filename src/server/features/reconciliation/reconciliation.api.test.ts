import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryPage } from "../../../contract/history";
import type { PaymentMethod } from "../../../contract/payment-methods";
import type { Reconciliation, ReconciliationState } from "../../../contract/reconciliation";
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
 * Reconciliation with the bank (docs/product.md#reconciliation): the bank's balance on a day, the
 * entries cleared against the statement, "Conciliar" when they agree or an adjustment with its
 * reason, which moves only the account's balance; reconciled entries stay cleared.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => new Date("2026-12-07T15:00:00Z") },
    env: { RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const call = (who: SignedIn, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const ok = async (who: SignedIn, method: Method, url: string, payload?: object) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const fieldErrors = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { path: string; message: string }[] }).errors;

const stateOf = (who: SignedIn, accountId: string, date = "2026-12-07") =>
  ok(
    who,
    "GET",
    `/api/accounts/${accountId}/reconciliation?date=${date}`,
  ) as Promise<ReconciliationState>;
const clear = (who: SignedIn, accountId: string, kind: string, entryId: string, cleared = true) =>
  call(who, "PUT", `/api/accounts/${accountId}/cleared`, { kind, entryId, cleared });

/**
 * "Itaú conta" opened at R$ 2.000,00 on 1 November; a salary in, a PIX out, and a card's bill
 * paid from it: R$ 3.412,35.
 */
async function household() {
  const owner = await signUpWithFamily(t.app, { language: "pt" });
  const member = await joinFamilyOf(t.app, owner);
  const category = await createCategory(t.app, owner);
  const itau = await createPaymentMethod(t.app, owner, {
    kind: "checking",
    name: "Itaú conta",
    openingBalance: "2000.00",
    openingDate: "2026-11-01",
  });
  const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
  const salary = await ok(owner, "POST", "/api/incomes", {
    description: "Salário",
    amount: "3000.00",
    kind: "salary",
    date: "2026-11-05",
    paymentMethodId: itau.id,
  });
  const pix = await createExpense(t.app, owner, {
    categoryId: category.id,
    description: "Feira",
    amount: "387.65",
    date: "2026-11-06",
    paymentMethodId: itau.id,
  });
  const purchase = await createExpense(t.app, owner, {
    categoryId: category.id,
    amount: "1200.00",
    date: "2026-10-20",
    paymentMethodId: card.id,
  });
  const bill = await ok(owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
    fromMethodId: itau.id,
    amount: "1200.00",
    paidOn: "2026-11-10",
  });
  const payment = (bill as { payments: { id: string }[] }).payments[0];
  if (!payment) throw new Error("the bill's payment");
  return { owner, member, category, itau, card, salary, pix, payment };
}

describe("reconciling an account with its bank", () => {
  it("lists the entries since, clears them one by one, and 'Conciliar' records the agreement", async () => {
    const { owner, member, itau, salary, pix, payment } = await household();
    const before = await stateOf(member, itau.id);
    expect(before).toMatchObject({
      accountId: itau.id,
      date: "2026-12-07",
      balance: "3412.35",
      clearedBalance: "2000.00",
      last: null,
      more: 0,
    });
    expect(before.entries).toEqual([
      {
        kind: "billPayment",
        id: payment.id,
        date: "2026-11-10",
        amount: "-1200.00",
        label: "Nubank",
        hidden: false,
        cleared: false,
      },
      {
        kind: "expense",
        id: pix.id,
        date: "2026-11-06",
        amount: "-387.65",
        label: "Feira",
        hidden: false,
        cleared: false,
      },
      {
        kind: "income",
        id: salary.id,
        date: "2026-11-05",
        amount: "3000.00",
        label: "Salário",
        hidden: false,
        cleared: false,
      },
    ]);

    // The bank says R$ 3.412,35 but nothing is cleared: the difference needs a reason.
    const differs = await call(owner, "POST", `/api/accounts/${itau.id}/reconciliations`, {
      date: "2026-12-07",
      bankBalance: "3412.35",
    });
    expect(differs.statusCode).toBe(400);
    expect(fieldErrors(differs)).toEqual([
      {
        path: "reason",
        message: "O saldo do banco difere do conferido: diga por que, para registrar o ajuste",
      },
    ]);

    for (const entry of before.entries) {
      const res = await clear(member, itau.id, entry.kind, entry.id);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Cleared twice is still cleared once.
    expect((await clear(member, itau.id, "expense", pix.id)).statusCode).toBe(200);
    const cleared = await stateOf(owner, itau.id);
    expect(cleared.clearedBalance).toBe("3412.35");
    expect(cleared.entries.map((entry) => entry.cleared)).toEqual([true, true, true]);

    const reconciliation = (await ok(owner, "POST", `/api/accounts/${itau.id}/reconciliations`, {
      date: "2026-12-07",
      bankBalance: "3.412,35".replace(".", "").replace(",", "."),
    })) as Reconciliation;
    expect(reconciliation).toMatchObject({
      date: "2026-12-07",
      bankBalance: "3412.35",
      adjustment: "0.00",
      reason: null,
    });
    const after = await stateOf(owner, itau.id);
    expect(after).toMatchObject({ balance: "3412.35", clearedBalance: "3412.35", entries: [] });
    expect(after.last).toEqual(reconciliation);

    // A reconciled entry stays cleared: its reconciliation counted it.
    const unclear = await clear(owner, itau.id, "expense", pix.id, false);
    expect(unclear.statusCode).toBe(409);
    expect(unclear.json()).toMatchObject({ code: "entry_reconciled" });

    const history = (await ok(
      owner,
      "GET",
      "/api/family/history?kind=reconciliation",
    )) as HistoryPage;
    expect(history.items[0]).toMatchObject({
      kind: "reconciliation",
      action: "created",
      subjectLabel: "Itaú conta",
      changes: expect.arrayContaining([
        { field: "account", before: null, after: "Itaú conta" },
        { field: "bankBalance", before: null, after: "3412.35" },
        { field: "adjustment", before: null, after: "0.00" },
      ]),
    });
  });

  it("records a difference as an adjustment with its reason: the balance moves, no spending or income does", async () => {
    const { owner, itau } = await household();
    const summary = async () =>
      (await call(owner, "GET", "/api/summary?month=11&year=2026")).json();
    const summaryBefore = await summary();
    for (const entry of (await stateOf(owner, itau.id)).entries) {
      await clear(owner, itau.id, entry.kind, entry.id);
    }
    const reconciliation = (await ok(owner, "POST", `/api/accounts/${itau.id}/reconciliations`, {
      date: "2026-11-30",
      bankBalance: "3400.00",
      reason: "  Tarifa do pacote  ",
    })) as Reconciliation;
    expect(reconciliation).toMatchObject({ adjustment: "-12.35", reason: "Tarifa do pacote" });
    const state = await stateOf(owner, itau.id);
    expect(state).toMatchObject({ balance: "3400.00", clearedBalance: "3400.00", entries: [] });
    const methods = (await ok(owner, "GET", "/api/payment-methods")) as PaymentMethod[];
    expect(methods.find((m) => m.id === itau.id)?.balance).toBe("3400.00");
    expect(await summary()).toEqual(summaryBefore);
    // A day before the adjustment, the balance is still the entries'.
    expect((await stateOf(owner, itau.id, "2026-11-29")).balance).toBe("3412.35");
  });

  it("takes in only what was cleared up to its day; later entries and uncleared ones stay listed", async () => {
    const { owner, category, itau, salary, pix } = await household();
    const late = await createExpense(t.app, owner, {
      categoryId: category.id,
      description: "Padaria",
      amount: "12.00",
      date: "2026-12-03",
      paymentMethodId: itau.id,
    });
    await clear(owner, itau.id, "income", salary.id);
    await clear(owner, itau.id, "expense", late.id);
    await ok(owner, "POST", `/api/accounts/${itau.id}/reconciliations`, {
      date: "2026-11-30",
      bankBalance: "5000.00",
    });
    const state = await stateOf(owner, itau.id);
    expect(state.entries.map((entry) => [entry.id, entry.cleared])).toEqual([
      [late.id, true],
      [expect.any(String), false],
      [pix.id, false],
    ]);
    // The late one was not reconciled: its mark can still be taken back.
    expect((await clear(owner, itau.id, "expense", late.id, false)).statusCode).toBe(200);
  });

  it("clears a transfer on each account apart, and shows another member's private expense as its amount only", async () => {
    const { owner, member, category, itau } = await household();
    const savings = await createPaymentMethod(t.app, owner, { kind: "savings", name: "Poupança" });
    const transfer = await ok(owner, "POST", "/api/transfers", {
      fromMethodId: itau.id,
      toMethodId: savings.id,
      amount: "100.00",
      date: "2026-12-01",
    });
    const secret = await createExpense(t.app, member, {
      categoryId: category.id,
      description: "Presente surpresa",
      amount: "80.00",
      date: "2026-12-02",
      paymentMethodId: itau.id,
      private: true,
    });
    expect((await clear(owner, itau.id, "transfer", transfer.id)).statusCode).toBe(200);
    const [hidden, out] = (await stateOf(owner, itau.id)).entries;
    expect(hidden).toEqual({
      kind: "expense",
      id: secret.id,
      date: "2026-12-02",
      amount: "-80.00",
      label: "",
      hidden: true,
      cleared: false,
    });
    expect(out).toMatchObject({
      id: transfer.id,
      amount: "-100.00",
      label: "Poupança",
      cleared: true,
    });
    expect((await stateOf(member, itau.id)).entries[0]).toMatchObject({
      label: "Presente surpresa",
      hidden: false,
    });
    expect((await stateOf(owner, savings.id)).entries).toEqual([
      expect.objectContaining({
        id: transfer.id,
        amount: "100.00",
        label: "Itaú conta",
        cleared: false,
      }),
    ]);
    expect((await clear(owner, itau.id, "expense", secret.id)).statusCode).toBe(200);

    // Another member's private income is in no list, as everywhere, and only its author clears it.
    const bonus = await ok(member, "POST", "/api/incomes", {
      description: "Bônus",
      amount: "300.00",
      kind: "other",
      date: "2026-12-03",
      paymentMethodId: itau.id,
      private: true,
    });
    expect((await stateOf(owner, itau.id)).entries.map((entry) => entry.id)).not.toContain(
      bonus.id,
    );
    expect((await clear(owner, itau.id, "income", bonus.id)).statusCode).toBe(400);
    expect((await stateOf(member, itau.id)).entries[0]).toMatchObject({
      id: bonus.id,
      label: "Bônus",
    });
    expect((await clear(member, itau.id, "income", bonus.id)).statusCode).toBe(200);
  });

  it("asks before a change that moves a cleared entry's balance, and makes it once confirmed", async () => {
    const { owner, itau, salary, pix, payment, card } = await household();
    const savings = await createPaymentMethod(t.app, owner, { kind: "savings", name: "Poupança" });
    const transfer = await ok(owner, "POST", "/api/transfers", {
      fromMethodId: itau.id,
      toMethodId: savings.id,
      amount: "100.00",
      date: "2026-12-01",
    });
    for (const [kind, id] of [
      ["expense", pix.id],
      ["income", salary.id],
      ["billPayment", payment.id],
      ["transfer", transfer.id],
    ] as const) {
      expect((await clear(owner, itau.id, kind, id)).statusCode).toBe(200);
    }
    const asked = (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: "entry_cleared",
        message:
          "Este lançamento já foi conferido com o banco. Alterá-lo muda o saldo conferido da conta: continuar?",
      });
    };
    // What does not move the balance is not asked.
    expect(
      (await call(owner, "PATCH", `/api/expenses/${pix.id}`, { description: "Feira livre" }))
        .statusCode,
    ).toBe(200);
    asked(await call(owner, "PATCH", `/api/expenses/${pix.id}`, { amount: "390.00" }));
    asked(await call(owner, "PATCH", `/api/incomes/${salary.id}`, { date: "2026-11-06" }));
    asked(await call(owner, "DELETE", `/api/incomes/${salary.id}`));
    asked(await call(owner, "DELETE", `/api/transfers/${transfer.id}`));
    const bill = `/api/card-bills/${(await ok(owner, "GET", `/api/payment-methods/${card.id}/bills`))[0].id}`;
    asked(await call(owner, "DELETE", `${bill}/payments/${payment.id}`));
    // Nothing changed while it was asked.
    expect((await stateOf(owner, itau.id)).balance).toBe("3312.35");

    const confirmed = "?confirm=cleared";
    await ok(owner, "PATCH", `/api/expenses/${pix.id}${confirmed}`, { amount: "390.00" });
    await ok(owner, "DELETE", `/api/transfers/${transfer.id}${confirmed}`);
    await ok(owner, "DELETE", `${bill}/payments/${payment.id}${confirmed}`);
    await ok(owner, "DELETE", `/api/incomes/${salary.id}${confirmed}`);
    expect((await stateOf(owner, itau.id)).balance).toBe("1610.00");
    asked(await call(owner, "DELETE", `/api/expenses/${pix.id}`));
    await ok(owner, "DELETE", `/api/expenses/${pix.id}${confirmed}`);
    expect((await stateOf(owner, itau.id)).balance).toBe("2000.00");
  });

  it("counts a settlement that names its accounts on both, and clears it on each apart", async () => {
    const { owner, member, itau, card } = await household();
    const leo = await createPaymentMethod(t.app, member, {
      kind: "checking",
      name: "Conta Léo",
      openingBalance: "0.00",
      openingDate: "2026-11-01",
    });
    const settle = (body: object) =>
      call(member, "POST", "/api/settlements", {
        fromUserId: member.user.id,
        toUserId: owner.user.id,
        amount: "50.00",
        paidOn: "2026-12-02",
        method: "pix",
        ...body,
      });
    // A card, or the same account twice, is refused under its field, in Léo's language.
    const onCard = await settle({ fromMethodId: card.id, toMethodId: itau.id });
    expect(onCard.statusCode).toBe(400);
    expect(fieldErrors(onCard)).toEqual([
      { path: "fromMethodId", message: "Choose the account the money leaves" },
    ]);
    const same = await settle({ fromMethodId: leo.id, toMethodId: leo.id });
    expect(fieldErrors(same)).toEqual([
      { path: "toMethodId", message: "Choose two different accounts" },
    ]);
    const res = await settle({ fromMethodId: leo.id, toMethodId: itau.id });
    expect(res.statusCode, res.body).toBe(201);
    const settlement = res.json();
    expect(settlement).toMatchObject({ fromMethodId: leo.id, toMethodId: itau.id });
    // A settlement without accounts moves none.
    expect((await settle({})).json()).toMatchObject({ fromMethodId: null, toMethodId: null });

    expect((await stateOf(owner, itau.id)).balance).toBe("3462.35");
    expect((await stateOf(owner, leo.id)).balance).toBe("-50.00");
    const [onItau] = (await stateOf(owner, itau.id)).entries;
    expect(onItau).toMatchObject({
      kind: "settlement",
      id: settlement.id,
      amount: "50.00",
      label: "Conta Léo",
    });
    expect((await clear(owner, itau.id, "settlement", settlement.id)).statusCode).toBe(200);
    expect((await stateOf(owner, leo.id)).entries[0]).toMatchObject({
      id: settlement.id,
      cleared: false,
    });
    // Undoing it asks first once cleared.
    const undo = await call(owner, "DELETE", `/api/settlements/${settlement.id}`);
    expect(undo.statusCode).toBe(409);
    expect(
      (await call(owner, "DELETE", `/api/settlements/${settlement.id}?confirm=cleared`)).statusCode,
    ).toBe(200);
    expect((await stateOf(owner, itau.id)).balance).toBe("3412.35");
  });

  it("refuses, translated, what is not the family's account or entry, a day to come or before the opening", async () => {
    const { owner, itau, card, pix } = await household();
    const stranger = await signUpWithFamily(t.app, { language: "en" });
    const theirs = await createPaymentMethod(t.app, stranger, { kind: "checking", name: "Mine" });
    for (const id of [theirs.id, card.id]) {
      const res = await call(owner, "GET", `/api/accounts/${id}/reconciliation`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "payment_method_not_found" });
      expect((await clear(owner, id, "expense", pix.id)).statusCode).toBe(404);
    }
    expect((await clear(stranger, itau.id, "expense", pix.id)).statusCode).toBe(404);
    const notOfAccount = await clear(owner, itau.id, "income", pix.id);
    expect(notOfAccount.statusCode).toBe(400);
    expect(fieldErrors(notOfAccount)).toEqual([{ path: "entryId", message: "Valor inválido" }]);

    const reconcile = (body: object) =>
      call(owner, "POST", `/api/accounts/${itau.id}/reconciliations`, body);
    const future = await reconcile({ date: "2026-12-08", bankBalance: "2000.00" });
    expect(fieldErrors(future)).toEqual([
      { path: "date", message: "Escolha hoje ou um dia que já passou" },
    ]);
    const early = await reconcile({ date: "2026-10-31", bankBalance: "2000.00" });
    expect(fieldErrors(early)).toEqual([
      { path: "date", message: "Escolha um dia a partir do saldo inicial da conta" },
    ]);
    const bad = await reconcile({ date: "2026-12-01", bankBalance: "abc" });
    expect(fieldErrors(bad)).toEqual([
      {
        path: "bankBalance",
        message: "Informe um saldo como 1.234,56, ou -80,00 se estiver negativo",
      },
    ]);
    expect((await stateOf(owner, itau.id)).last).toBeNull();
  });

  it("keeps an account a reconciliation names: deleting it is refused, archiving it keeps the record", async () => {
    const owner = await signUpWithFamily(t.app, { language: "en" });
    const account = await createPaymentMethod(t.app, owner, {
      kind: "cash",
      name: "Wallet",
      openingBalance: "50.00",
      openingDate: "2026-12-01",
    });
    await ok(owner, "POST", `/api/accounts/${account.id}/reconciliations`, {
      date: "2026-12-05",
      bankBalance: "50.00",
    });
    const res = await call(owner, "DELETE", `/api/payment-methods/${account.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "payment_method_in_use" });
  });
});

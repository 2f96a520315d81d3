import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryPage } from "../../../contract/history";
import type { NetWorth } from "../../../contract/net-worth";
import type { AccountBalances, PaymentMethod } from "../../../contract/payment-methods";
import type { ReconciliationState } from "../../../contract/reconciliation";
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
 * 'Só meu' accounts (docs/product.md#private-accounts): the other members see that the account
 * exists and whose it is, nothing else; it counts in their net worth as one unnamed line; only its
 * holder records money on it, reconciles, changes or deletes it, and only the holder makes an
 * account private. The walk of every GET with these accounts is http/private-walk.api.test.ts.
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

/**
 * Ana (who reads Portuguese) holds "Itaú conta" (shared, R$ 2.000,00 on 1 November) and "Reserva
 * da Ana" (hers alone, R$ 1.000,00 on 1 November), into which she moved R$ 300,00 from the shared
 * one and received R$ 500,00 of income; Bruno (who reads English) is the other member.
 */
async function household() {
  const ana = await signUpWithFamily(t.app, { language: "pt" });
  const bruno = await joinFamilyOf(t.app, ana);
  const shared = await createPaymentMethod(t.app, ana, {
    kind: "checking",
    name: "Itaú conta",
    openingBalance: "2000.00",
    openingDate: "2026-11-01",
  });
  const reserve = await createPaymentMethod(t.app, ana, {
    kind: "savings",
    name: "Reserva da Ana",
    openingBalance: "1000.00",
    openingDate: "2026-11-01",
    isPrivate: true,
  });
  const transfer = await ok(ana, "POST", "/api/transfers", {
    fromMethodId: shared.id,
    toMethodId: reserve.id,
    amount: "300.00",
    date: "2026-11-10",
    note: "Guardar para a viagem",
  });
  await ok(ana, "POST", "/api/incomes", {
    description: "Freela",
    amount: "500.00",
    kind: "other",
    date: "2026-11-12",
    paymentMethodId: reserve.id,
  });
  return { ana, bruno, shared, reserve, transfer };
}

const methodsOf = async (who: SignedIn) =>
  (await ok(who, "GET", "/api/payment-methods")) as PaymentMethod[];

const holderOnly = {
  pt: "Só quem é titular da conta pode deixá-la só sua",
  en: "Only the account's holder can keep it to themselves",
};

describe("a private account", () => {
  it("exists for the others and nothing more; its holder reads it whole", async () => {
    const { ana, bruno, reserve } = await household();
    const forAna = (await methodsOf(ana)).find((m) => m.id === reserve.id);
    expect(forAna).toMatchObject({
      name: "Reserva da Ana",
      isPrivate: true,
      hidden: false,
      openingBalance: "1000.00",
      balance: "1800.00",
    });
    const res = await call(bruno, "GET", "/api/payment-methods");
    expect(res.body).not.toContain("Reserva");
    const forBruno = (res.json() as PaymentMethod[]).find((m) => m.id === reserve.id);
    expect(forBruno).toMatchObject({
      kind: "savings",
      name: "",
      ownerUserId: ana.user.id,
      isPrivate: true,
      hidden: true,
      openingBalance: null,
      openingDate: null,
      balance: null,
      isActive: true,
    });
    expect(forBruno?.updatedAt).toBe(forBruno?.createdAt);

    // The dashboard's 'Saldo em contas': the holder's own, not the others'.
    const cardOf = async (who: SignedIn) =>
      (await ok(who, "GET", "/api/accounts/balances?month=12&year=2026")) as AccountBalances;
    expect((await cardOf(ana)).total).toBe("3500.00");
    const brunoCard = await cardOf(bruno);
    expect(brunoCard.accounts.map((a) => a.id)).not.toContain(reserve.id);
    expect(brunoCard.total).toBe("1700.00");

    // The net worth is the same for both: for Bruno, the reserve is one unnamed line.
    const netWorthOf = async (who: SignedIn) =>
      (await ok(who, "GET", "/api/accounts/net-worth")) as NetWorth;
    const anaToday = (await netWorthOf(ana)).points.at(-1);
    const brunoToday = (await netWorthOf(bruno)).points.at(-1);
    expect(anaToday).toMatchObject({ accounts: "3500.00", othersPrivate: "0.00" });
    expect(brunoToday).toMatchObject({ accounts: "1700.00", othersPrivate: "1800.00" });
    expect(brunoToday?.netWorth).toBe("3500.00");
    expect(anaToday?.netWorth).toBe("3500.00");
    // October, before either account opened: nothing on either line.
    const october = (await netWorthOf(bruno)).points.find((p) => p.date === "2026-10-31");
    expect(october).toMatchObject({ accounts: "0.00", othersPrivate: "0.00", netWorth: "0.00" });
  });

  it("shows the others the shared side of a transfer into it, without its name or note", async () => {
    const { ana, bruno, shared, reserve, transfer } = await household();
    const inner = await ok(ana, "POST", "/api/payment-methods", {
      kind: "cash",
      name: "Carteira da Ana",
      isPrivate: true,
    });
    // Between two of her private accounts: hers alone, in no list of Bruno's.
    const between = await ok(ana, "POST", "/api/transfers", {
      fromMethodId: reserve.id,
      toMethodId: inner.id,
      amount: "50.00",
      date: "2026-11-20",
    });
    const listed = await call(bruno, "GET", "/api/transfers");
    expect(listed.body).not.toContain("viagem");
    const items = (listed.json() as { items: { id: string; note: string | null }[] }).items;
    expect(items.map((item) => item.id)).toEqual([transfer.id]);
    expect(items[0]?.note).toBeNull();
    const anaItems = (await ok(ana, "GET", "/api/transfers")).items as { id: string }[];
    expect(anaItems.map((item) => item.id)).toEqual([between.id, transfer.id]);

    // Bruno reconciles the shared account: the transfer is there, its other side unnamed.
    const state = (await ok(
      bruno,
      "GET",
      `/api/accounts/${shared.id}/reconciliation?date=2026-12-07`,
    )) as ReconciliationState;
    const entry = state.entries.find((e) => e.id === transfer.id);
    expect(entry).toMatchObject({ kind: "transfer", amount: "-300.00", label: "" });
    expect(JSON.stringify(state)).not.toContain("Reserva");

    // The history: the account's entries and the transfer's are Ana's alone.
    const history = (await ok(bruno, "GET", "/api/family/history")) as HistoryPage;
    expect(JSON.stringify(history)).not.toMatch(/Reserva|Carteira|viagem/);
    const about = history.items.filter((item) =>
      [reserve.id, inner.id, transfer.id, between.id].includes(item.subjectId ?? ""),
    );
    expect(about).toEqual([]);
    const anaHistory = (await ok(ana, "GET", "/api/family/history")) as HistoryPage;
    expect(JSON.stringify(anaHistory)).toContain("Reserva da Ana");
  });

  it("takes money only from its holder", async () => {
    const { ana, bruno, shared, reserve, transfer } = await household();
    const category = await createCategory(t.app, ana);
    const card = await createPaymentMethod(t.app, ana, { name: "Nubank" });
    const purchase = await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "100.00",
      date: "2026-10-20",
      paymentMethodId: card.id,
    });
    const refused = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const answer = await res;
      expect(answer.statusCode).toBe(400);
      return fieldErrors(answer)?.[0];
    };
    expect(
      await refused(
        call(bruno, "POST", "/api/transfers", {
          fromMethodId: shared.id,
          toMethodId: reserve.id,
          amount: "10.00",
          date: "2026-12-01",
        }),
      ),
    ).toMatchObject({ path: "toMethodId" });
    expect(
      await refused(
        call(bruno, "POST", "/api/expenses", {
          categoryId: category.id,
          description: "Feira",
          amount: "10.00",
          date: "2026-12-01",
          paymentMethodId: reserve.id,
        }),
      ),
    ).toEqual({ path: "paymentMethodId", message: "Choose one of the family's payment methods" });
    expect(
      await refused(
        call(bruno, "POST", "/api/incomes", {
          description: "Salário",
          amount: "10.00",
          kind: "salary",
          date: "2026-12-01",
          paymentMethodId: reserve.id,
        }),
      ),
    ).toMatchObject({ path: "paymentMethodId" });
    expect(
      await refused(
        call(bruno, "POST", `/api/card-bills/${purchase.billId}/payments`, {
          fromMethodId: reserve.id,
          amount: "10.00",
          paidOn: "2026-12-01",
        }),
      ),
    ).toMatchObject({ path: "fromMethodId" });
    expect(
      await refused(
        call(bruno, "POST", "/api/settlements", {
          fromUserId: bruno.user.id,
          toUserId: ana.user.id,
          amount: "10.00",
          paidOn: "2026-12-01",
          method: "pix",
          toMethodId: reserve.id,
        }),
      ),
    ).toMatchObject({ path: "toMethodId" });
    // Ana pays the card's bill from her reserve: only she undoes it.
    const paid = await ok(ana, "POST", `/api/card-bills/${purchase.billId}/payments`, {
      fromMethodId: reserve.id,
      amount: "100.00",
      paidOn: "2026-11-15",
    });
    const payment = (paid as { payments: { id: string }[] }).payments[0];
    // Not Bruno's to reconcile, change, delete, or undo a transfer or a payment from: not found.
    const notFound = [
      await call(bruno, "DELETE", `/api/card-bills/${purchase.billId}/payments/${payment?.id}`),
      await call(bruno, "GET", `/api/accounts/${reserve.id}/reconciliation?date=2026-12-07`),
      await call(bruno, "PUT", `/api/accounts/${reserve.id}/cleared`, {
        kind: "transfer",
        entryId: transfer.id,
        cleared: true,
      }),
      await call(bruno, "POST", `/api/accounts/${reserve.id}/reconciliations`, {
        date: "2026-12-07",
        bankBalance: "1800.00",
      }),
      await call(bruno, "PATCH", `/api/payment-methods/${reserve.id}`, { name: "Minha" }),
      await call(bruno, "PATCH", `/api/payment-methods/${reserve.id}`, { isPrivate: false }),
      await call(bruno, "DELETE", `/api/payment-methods/${reserve.id}`),
      await call(bruno, "DELETE", `/api/transfers/${transfer.id}`),
    ];
    expect(notFound.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    // Nothing moved: the reserve and the shared account are as they were.
    const forAna = await methodsOf(ana);
    expect(forAna.find((m) => m.id === reserve.id)).toMatchObject({
      name: "Reserva da Ana",
      balance: "1700.00",
      isPrivate: true,
    });
    expect(forAna.find((m) => m.id === shared.id)?.balance).toBe("1700.00");
    // Ana, its holder, does all of it.
    await ok(ana, "POST", "/api/transfers", {
      fromMethodId: reserve.id,
      toMethodId: shared.id,
      amount: "100.00",
      date: "2026-12-01",
    });
    await ok(ana, "DELETE", `/api/transfers/${transfer.id}`);
    const state = (await ok(
      ana,
      "GET",
      `/api/accounts/${reserve.id}/reconciliation?date=2026-12-07`,
    )) as ReconciliationState;
    expect(state.balance).toBe("1300.00");
  });

  it("is its holder's to make, and never a card", async () => {
    const { ana, bruno, shared } = await household();
    const asked = async (who: SignedIn, method: Method, url: string, payload: object) => {
      const res = await call(who, method, url, payload);
      expect(res.statusCode, res.body).toBe(400);
      return fieldErrors(res);
    };
    // Ana's shared account: Bruno may change it, not make it private.
    expect(
      await asked(bruno, "PATCH", `/api/payment-methods/${shared.id}`, { isPrivate: true }),
    ).toEqual([{ path: "isPrivate", message: holderOnly.en }]);
    // Nor Ana make private an account she gives to Bruno, nor a card.
    expect(
      await asked(ana, "POST", "/api/payment-methods", {
        kind: "checking",
        name: "Conta do Bruno",
        ownerUserId: bruno.user.id,
        isPrivate: true,
      }),
    ).toEqual([{ path: "isPrivate", message: holderOnly.pt }]);
    expect(
      await asked(ana, "POST", "/api/payment-methods", {
        kind: "credit_card",
        name: "Cartão da Ana",
        closingDay: 3,
        dueDay: 10,
        isPrivate: true,
      }),
    ).toEqual([
      { path: "isPrivate", message: "Só uma conta pode ser só sua; um cartão é da família" },
    ]);
    const mine = await ok(ana, "PATCH", `/api/payment-methods/${shared.id}`, { isPrivate: true });
    expect(mine).toMatchObject({ isPrivate: true, hidden: false });
    // A private account stays with its holder.
    expect(
      await asked(ana, "PATCH", `/api/payment-methods/${shared.id}`, {
        ownerUserId: bruno.user.id,
      }),
    ).toEqual([{ path: "isPrivate", message: holderOnly.pt }]);
    expect((await methodsOf(bruno)).find((m) => m.id === shared.id)).toMatchObject({
      name: "",
      hidden: true,
    });
    // Shared again: Bruno reads it whole, and the changes are in Ana's history alone.
    await ok(ana, "PATCH", `/api/payment-methods/${shared.id}`, { isPrivate: false });
    expect((await methodsOf(bruno)).find((m) => m.id === shared.id)).toMatchObject({
      name: "Itaú conta",
      hidden: false,
      balance: "1700.00",
    });
    const changesIn = async (who: SignedIn) =>
      ((await ok(who, "GET", "/api/family/history")) as HistoryPage).items
        .filter((item) => item.subjectId === shared.id && item.action === "changed")
        .flatMap((item) => item.changes);
    // Newest first: shared again, after private.
    expect(await changesIn(ana)).toEqual([
      { field: "isPrivate", before: true, after: false },
      { field: "isPrivate", before: false, after: true },
    ]);
    expect(await changesIn(bruno)).toEqual([]);
  });
});

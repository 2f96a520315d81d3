import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CardBill, CardBillDetail } from "../../../contract/card-bills";
import type { Expense } from "../../../contract/expenses";
import type { HistoryPage } from "../../../contract/history";
import { fromCents, toCents } from "../../../contract/money";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { billClosingOf, billDueOn } from "../../../domain/card-bills";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createCategory, createExpense, createPaymentMethod } from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/**
 * A card's bills (docs/product.md#card-bills): a purchase is in the bill its date and the card's
 * closing day say, may be moved to the bill before or after, and "Pagar fatura" pays a bill from
 * an account; a payment is never spending.
 */

// Today, for the bills' status: 2026-11-20 in the server's calendar.
const clock = testClock(new Date("2026-11-20T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

const call = (
  who: SignedIn,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** A family (owner writing in `language`) with a card closing on the 3rd, due on the 10th, and an account. */
async function household(language = "en") {
  const owner = await signUp(t.app, { name: "Ana", preferredLanguage: language });
  expect((await call(owner, "POST", "/api/family", { name: "Casa" })).statusCode).toBe(201);
  await call(owner, "DELETE", "/api/expenses/examples/clear");
  const category = await createCategory(t.app, owner, { name: "Casa" });
  const card = await createPaymentMethod(t.app, owner, {
    name: "Nubank",
    closingDay: 3,
    dueDay: 10,
  });
  const account = await createPaymentMethod(t.app, owner, { kind: "checking", name: "Itaú" });
  const buy = (date: string, amount = "10.00", extra: object = {}) =>
    createExpense(t.app, owner, {
      categoryId: category.id,
      paymentMethodId: card.id,
      date,
      amount,
      ...extra,
    });
  return { owner, category, card, account, buy };
}

const bills = async (who: SignedIn, cardId: string) => {
  const res = await call(who, "GET", `/api/payment-methods/${cardId}/bills`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CardBill[];
};
const bill = async (who: SignedIn, id: string) => {
  const res = await call(who, "GET", `/api/card-bills/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CardBillDetail;
};
const spent = async (who: SignedIn, year: number, month: number) =>
  (
    (
      await call(who, "GET", `/api/summary?year=${year}&month=${month}`)
    ).json() as MonthSummaryResponse
  ).totalSpent;
const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { path: string; message: string }[] }).errors;

describe("the bill a card purchase is in", () => {
  it("is the one closing on or after its date, by the card's closing day; accounts have none", async () => {
    const { owner, card, account, category, buy } = await household();
    const onClosingDay = await buy("2026-11-03", "100.00");
    const dayAfter = await buy("2026-11-04", "50.25");
    const fromAccount = await createExpense(t.app, owner, {
      categoryId: category.id,
      paymentMethodId: account.id,
    });
    expect(fromAccount.billId).toBeNull();
    expect(onClosingDay.billId).not.toBe(dayAfter.billId);

    const list = await bills(owner, card.id);
    expect(list.map((b) => [b.closesOn, b.dueOn, b.total, b.lineCount, b.status])).toEqual([
      ["2026-12-03", "2026-12-10", "50.25", 1, "open"],
      ["2026-11-03", "2026-11-10", "100.00", 1, "closed"],
    ]);
    const november = await bill(owner, onClosingDay.billId as string);
    expect(november.lines.map((e) => e.id)).toEqual([onClosingDay.id]);
    expect(november).toMatchObject({ paid: "0.00", leftToPay: "100.00", payments: [] });
  });

  it("follows the card and the date when they change, and leaves when paid otherwise", async () => {
    const { owner, card, account, buy } = await household();
    const expense = await buy("2026-11-10");
    const later = await call(owner, "PATCH", `/api/expenses/${expense.id}`, { date: "2027-01-04" });
    const january = (await bills(owner, card.id)).find((b) => b.closesOn === "2027-02-03");
    expect(later.json().billId).toBe(january?.id);
    const moved = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paymentMethodId: account.id,
    });
    expect(moved.json().billId).toBeNull();
    const back = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paymentMethodId: card.id,
    });
    expect(back.json().billId).toBe(january?.id);
    const cleared = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paymentMethodId: null,
    });
    expect(cleared.json().billId).toBeNull();
  });

  it("moves by hand to the bill before or after; its date and budget month stay", async () => {
    const { owner, card, buy } = await household("pt");
    const expense = await buy("2026-11-04", "80.00");
    const before = await spent(owner, 2026, 11);
    const next = await call(owner, "POST", `/api/expenses/${expense.id}/move-bill`, { to: "next" });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ date: "2026-11-04", amount: "80.00" });
    const list = await bills(owner, card.id);
    expect(list.find((b) => b.id === next.json().billId)?.closesOn).toBe("2027-01-03");
    await call(owner, "POST", `/api/expenses/${expense.id}/move-bill`, { to: "previous" });
    const twice = await call(owner, "POST", `/api/expenses/${expense.id}/move-bill`, {
      to: "previous",
    });
    const closes = (await bills(owner, card.id)).find(
      (b) => b.id === twice.json().billId,
    )?.closesOn;
    expect(closes).toBe("2026-11-03");
    expect(await spent(owner, 2026, 11)).toBe(before);
    // The history names the bills by their closing dates.
    const history = (
      await call(owner, "GET", "/api/family/history?kind=expense")
    ).json() as HistoryPage;
    expect(history.items[0]?.changes).toEqual([
      { field: "bill", before: "2026-12-03", after: "2026-11-03" },
    ]);
    // Only a card purchase is in a bill.
    const cash = await createPaymentMethod(t.app, owner, { kind: "cash", name: "Carteira" });
    const paidInCash = await buy("2026-11-04", "1.00", { paymentMethodId: cash.id });
    const refused = await call(owner, "POST", `/api/expenses/${paidInCash.id}/move-bill`, {
      to: "next",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "not_card_purchase",
      message: "Só uma compra no cartão de crédito fica numa fatura",
    });
  });

  it("comes back to its bill when restored from the history", async () => {
    const { owner, buy } = await household();
    const expense = await buy("2026-11-20");
    await call(owner, "DELETE", `/api/expenses/${expense.id}`);
    const entry = (
      (await call(owner, "GET", "/api/family/history?kind=expense")).json() as HistoryPage
    ).items.find((e) => e.action === "deleted" && e.subjectId === expense.id);
    await call(owner, "POST", `/api/family/history/${entry?.id}/restore`);
    const listed = (await call(owner, "GET", "/api/expenses")).json() as Expense[];
    expect(listed.find((e) => e.id === expense.id)?.billId).toBe(expense.billId);
  });
});

describe("Pagar fatura", () => {
  it("pays in part, then in full; the bill is paid and nothing counts as spending", async () => {
    const { owner, account, buy } = await household();
    const purchase = await buy("2026-11-02", "300.00");
    const billId = purchase.billId as string;
    const spentBefore = await spent(owner, 2026, 11);
    const part = await call(owner, "POST", `/api/card-bills/${billId}/payments`, {
      fromMethodId: account.id,
      amount: "100.10",
      paidOn: "2026-11-08",
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ paid: "100.10", leftToPay: "199.90", status: "closed" });
    const rest = await call(owner, "POST", `/api/card-bills/${billId}/payments`, {
      fromMethodId: account.id,
      amount: "199.90",
      paidOn: "2026-11-10",
    });
    expect(rest.json()).toMatchObject({ paid: "300.00", leftToPay: "0.00", status: "paid" });
    expect((rest.json() as CardBillDetail).payments.map((p) => p.amount)).toEqual([
      "100.10",
      "199.90",
    ]);
    expect(await spent(owner, 2026, 11)).toBe(spentBefore);
    expect(((await call(owner, "GET", "/api/expenses")).json() as Expense[]).length).toBe(1);
    // Undone: it is left to pay again, and both are in the history.
    const undone = await call(
      owner,
      "DELETE",
      `/api/card-bills/${billId}/payments/${(rest.json() as CardBillDetail).payments[1]?.id}`,
    );
    expect(undone.json()).toMatchObject({ leftToPay: "199.90", status: "closed" });
    const history = (
      (await call(owner, "GET", "/api/family/history?kind=cardBill")).json() as HistoryPage
    ).items;
    expect(history.map((e) => [e.action, e.subjectLabel])).toEqual([
      ["deleted", "Nubank"],
      ["created", "Nubank"],
      ["created", "Nubank"],
    ]);
    expect(history[2]?.changes).toEqual([
      { field: "bill", before: null, after: "2026-11-03" },
      { field: "amount", before: null, after: "100.10" },
      { field: "date", before: null, after: "2026-11-08" },
      { field: "paymentMethod", before: null, after: "Itaú" },
    ]);
  });

  it("pays early, before the bill closes, but never more than is left", async () => {
    const { owner, account, buy } = await household("pt");
    const purchase = await buy("2026-11-25", "40.00");
    const early = await call(owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
      fromMethodId: account.id,
      amount: "40.00",
      paidOn: "2026-11-20",
    });
    expect(early.json()).toMatchObject({ status: "open", leftToPay: "0.00" });
    const more = await call(owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
      fromMethodId: account.id,
      amount: "0.01",
      paidOn: "2026-11-20",
    });
    expect(more.statusCode).toBe(400);
    expect(errorsOf(more)).toEqual([
      { path: "amount", message: "O valor passa do que falta pagar nesta fatura" },
    ]);
  });

  it("comes from one of the family's active accounts: never a card, archived or another family's", async () => {
    const { owner, card, buy } = await household("pt");
    const purchase = await buy("2026-11-02");
    const archived = await createPaymentMethod(t.app, owner, { kind: "savings", name: "Poupança" });
    await call(owner, "PATCH", `/api/payment-methods/${archived.id}`, { isActive: false });
    const theirs = await createPaymentMethod(t.app, (await household()).owner, {
      kind: "checking",
      name: "Deles",
    });
    for (const fromMethodId of [card.id, archived.id, theirs.id]) {
      const res = await call(owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
        fromMethodId,
        amount: "1.00",
        paidOn: "2026-11-10",
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        { path: "fromMethodId", message: "Escolha uma conta da família para pagar a fatura" },
      ]);
    }
  });

  it("keeps the account and the card it names: they are archived, not deleted", async () => {
    const { owner, card, account, buy } = await household();
    const purchase = await buy("2026-11-02");
    await call(owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
      fromMethodId: account.id,
      amount: "1.00",
      paidOn: "2026-11-10",
    });
    await call(owner, "DELETE", `/api/expenses/${purchase.id}`);
    for (const id of [account.id, card.id]) {
      const res = await call(owner, "DELETE", `/api/payment-methods/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("payment_method_in_use");
    }
  });
});

describe("another family's bills", () => {
  it("are never reachable: 404 for the card's bills, a bill, a payment and a move", async () => {
    const ours = await household();
    const purchase = await ours.buy("2026-11-02");
    const payment = (
      await call(ours.owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
        fromMethodId: ours.account.id,
        amount: "1.00",
        paidOn: "2026-11-10",
      })
    ).json() as CardBillDetail;
    const other = await household();
    const attempts = [
      await call(other.owner, "GET", `/api/payment-methods/${ours.card.id}/bills`),
      await call(other.owner, "GET", `/api/card-bills/${purchase.billId}`),
      await call(other.owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
        fromMethodId: other.account.id,
        amount: "1.00",
        paidOn: "2026-11-10",
      }),
      await call(
        other.owner,
        "DELETE",
        `/api/card-bills/${purchase.billId}/payments/${payment.payments[0]?.id}`,
      ),
      await call(other.owner, "POST", `/api/expenses/${purchase.id}/move-bill`, { to: "next" }),
      // An account has no bills.
      await call(ours.owner, "GET", `/api/payment-methods/${ours.account.id}/bills`),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await bill(ours.owner, purchase.billId as string)).toMatchObject({
      paid: "1.00",
      lineCount: 1,
    });
  });
});

describe("bills add up (property)", () => {
  it("each purchase is in its date's bill, the bills' totals are the purchases' sum, and paying or moving changes no spending", async () => {
    const owner = await signUp(t.app, { name: "Bia" });
    await call(owner, "POST", "/api/family", { name: "Casa" });
    await call(owner, "DELETE", "/api/expenses/examples/clear");
    const category = await createCategory(t.app, owner);
    const account = await createPaymentMethod(t.app, owner, { kind: "checking", name: "Conta" });
    const purchases = fc.sample(
      fc.record({
        day: fc.integer({ min: 0, max: 120 }),
        cents: fc.integer({ min: 1, max: 99_999_99 }),
      }),
      { numRuns: 40, seed: 35 },
    );
    for (const [n, days] of [
      [1, 31],
      [2, 15],
      [3, 30],
    ] as const) {
      const card = await createPaymentMethod(t.app, owner, {
        name: `Cartão ${n}`,
        closingDay: days,
        dueDay: (days + 7) % 31 || 1,
      });
      const created: Expense[] = [];
      for (const p of purchases) {
        const date = new Date(Date.UTC(2026, 9, 1) + p.day * 86_400_000).toISOString().slice(0, 10);
        created.push(
          await createExpense(t.app, owner, {
            categoryId: category.id,
            paymentMethodId: card.id,
            date,
            amount: fromCents(p.cents),
          }),
        );
      }
      const list = await bills(owner, card.id);
      const closesOn = new Map(list.map((b) => [b.id, b.closesOn]));
      for (const e of created) {
        expect(closesOn.get(e.billId as string)).toBe(billClosingOf(e.date, days));
      }
      for (const b of list) expect(b.dueOn).toBe(billDueOn(b.closesOn, (days + 7) % 31 || 1));
      const sumOfBills = list.reduce((sum, b) => sum + toCents(b.total), 0);
      expect(sumOfBills).toBe(purchases.reduce((sum, p) => sum + p.cents, 0));
    }
    const months = [10, 11, 12] as const;
    const before = await Promise.all(months.map((m) => spent(owner, 2026, m)));
    for (const e of ((await call(owner, "GET", "/api/expenses")).json() as Expense[]).slice(
      0,
      10,
    )) {
      await call(owner, "POST", `/api/expenses/${e.id}/move-bill`, { to: "next" });
      const detail = await bill(owner, e.billId as string);
      if (toCents(detail.leftToPay) > 0) {
        await call(owner, "POST", `/api/card-bills/${detail.id}/payments`, {
          fromMethodId: account.id,
          amount: detail.leftToPay,
          paidOn: "2026-11-20",
        });
      }
    }
    expect(await Promise.all(months.map((m) => spent(owner, 2026, m)))).toEqual(before);
  }, 60_000);
});

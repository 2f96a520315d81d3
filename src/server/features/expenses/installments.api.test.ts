import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CardBill } from "../../../contract/card-bills";
import type { Expense } from "../../../contract/expenses";
import type { HistoryPage } from "../../../contract/history";
import type { InstallmentSeriesDetail } from "../../../contract/installments";
import { fromCents, toCents } from "../../../contract/money";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createCategory, createPaymentMethod } from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/**
 * Purchases in installments (docs/product.md#installments): one entry makes a series whose cents
 * add up to the total, one installment a month and, on a card, each in its own bill; the series
 * is changed, deleted and paid off from an installment on, each recorded once in the history.
 */

// Today: 2026-11-20 in the server's calendar.
const clock = testClock(new Date("2026-11-20T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { RATE_LIMIT_REGISTER_PER_IP: "1000", QUOTA_EXPENSES_PER_FAMILY: "40" },
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
  const buy = async (input: object) => {
    const res = await call(owner, "POST", "/api/installments", {
      description: "Geladeira",
      total: "3600.00",
      count: 12,
      firstDate: "2026-11-20",
      categoryId: category.id,
      paymentMethodId: card.id,
      ...input,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as InstallmentSeriesDetail;
  };
  return { owner, category, card, buy };
}

const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { path: string; message: string }[] }).errors;
const history = async (who: SignedIn) =>
  ((await call(who, "GET", "/api/family/history?kind=installments")).json() as HistoryPage).items;
const expensesOf = async (who: SignedIn) =>
  (await call(who, "GET", "/api/expenses")).json() as Expense[];

describe("a purchase in installments", () => {
  it("is twelve linked expenses, 1/12 to 12/12, one a month, each in its own bill", async () => {
    const { owner, card, buy } = await household();
    const series = await buy({});
    expect(series).toMatchObject({ description: "Geladeira", total: "3600.00", count: 12 });
    expect(series.installments.map((e) => [e.installment, e.installmentCount, e.amount])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 1, 12, "300.00"]),
    );
    expect(series.installments.map((e) => e.date).slice(0, 4)).toEqual([
      "2026-11-20",
      "2026-12-20",
      "2027-01-20",
      "2027-02-20",
    ]);
    expect(series.installments.every((e) => e.seriesId === series.id)).toBe(true);
    // 1/12 in the bill closing on 3 December, 2/12 in January's, each bill its own.
    const bills = (
      await call(owner, "GET", `/api/payment-methods/${card.id}/bills`)
    ).json() as CardBill[];
    const closes = new Map(bills.map((b) => [b.id, b.closesOn]));
    expect(series.installments.slice(0, 3).map((e) => closes.get(e.billId as string))).toEqual([
      "2026-12-03",
      "2027-01-03",
      "2027-02-03",
    ]);
    expect(new Set(series.installments.map((e) => e.billId)).size).toBe(12);
    // Each counts in its own budget month.
    for (const [year, month] of [
      [2026, 11],
      [2026, 12],
      [2027, 10],
    ]) {
      const summary = (
        await call(owner, "GET", `/api/summary?year=${year}&month=${month}`)
      ).json() as MonthSummaryResponse;
      expect(summary.totalSpent, `${year}-${month}`).toBe("300.00");
    }
    // One history entry for the whole purchase.
    const entries = await history(owner);
    expect(entries.map((e) => [e.action, e.subjectLabel])).toEqual([["created", "Geladeira"]]);
    expect(entries[0]?.changes).toEqual([
      { field: "description", before: null, after: "Geladeira" },
      { field: "totalAmount", before: null, after: "3600.00" },
      { field: "installmentCount", before: null, after: 12 },
      { field: "date", before: null, after: "2026-11-20" },
      { field: "category", before: null, after: "Casa" },
      { field: "paidBy", before: null, after: "Ana" },
      { field: "paymentMethod", before: null, after: "Nubank" },
    ]);
  });

  it("puts the left-over cents on the first installment, unless the first was typed", async () => {
    const { buy } = await household();
    const even = await buy({ total: "100.00", count: 3, paymentMethodId: null });
    expect(even.installments.map((e) => e.amount)).toEqual(["33.34", "33.33", "33.33"]);
    const typed = await buy({ total: "100.01", count: 3, firstAmount: "50.00" });
    expect(typed.installments.map((e) => e.amount)).toEqual(["50.00", "25.01", "25.00"]);
    expect(typed.firstAmount).toBe("50.00");
  });

  it("adds up to its total to the cent for any total and count (property)", async () => {
    const { buy } = await household();
    const cases = fc.sample(
      fc.record({
        cents: fc.integer({ min: 48, max: 9_999_999_999 }),
        count: fc.integer({ min: 2, max: 4 }),
        typed: fc.boolean(),
      }),
      { numRuns: 8, seed: 35 },
    );
    for (const c of cases) {
      const first = c.typed ? Math.floor(c.cents / 3) : undefined;
      const series = await buy({
        total: fromCents(c.cents),
        count: c.count,
        ...(first === undefined ? {} : { firstAmount: fromCents(first) }),
        paymentMethodId: null,
      });
      const sum = series.installments.reduce((s, e) => s + toCents(e.amount), 0);
      expect(sum).toBe(c.cents);
      if (first !== undefined) expect(series.installments[0]?.amount).toBe(fromCents(first));
    }
  });

  it("refuses bad input with translated field errors", async () => {
    const { owner, category } = await household("pt");
    const base = {
      description: "Sofá",
      total: "10.00",
      count: 3,
      firstDate: "2026-11-20",
      categoryId: category.id,
    };
    const cases: [object, string, string][] = [
      [{ count: 1 }, "count", "Escolha de 2 a 48 parcelas"],
      [{ count: 49 }, "count", "Escolha de 2 a 48 parcelas"],
      [
        { firstAmount: "9.99" },
        "firstAmount",
        "A primeira parcela precisa deixar pelo menos um centavo para cada uma das outras",
      ],
      [{ total: "0" }, "total", "O valor deve ser maior que zero"],
      // Each installment at least a cent: 0.02 in 3, 0.47 in 48 (an installment of zero).
      [
        { total: "0.02" },
        "total",
        "O total precisa deixar pelo menos um centavo para cada parcela",
      ],
      [
        { total: "0.47", count: 48 },
        "total",
        "O total precisa deixar pelo menos um centavo para cada parcela",
      ],
      // Every installment on a day a month view can name: none after 2199.
      [{ firstDate: "2199-11-10" }, "firstDate", "A última parcela cairia depois de 2199"],
      [
        { firstDate: "2196-02-29", count: 48 },
        "firstDate",
        "A última parcela cairia depois de 2199",
      ],
    ];
    for (const [override, path, message] of cases) {
      const res = await call(owner, "POST", "/api/installments", { ...base, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(errorsOf(res)).toContainEqual({ path, message });
    }
    const theirs = await createPaymentMethod(t.app, (await household()).owner);
    const res = await call(owner, "POST", "/api/installments", {
      ...base,
      paymentMethodId: theirs.id,
    });
    expect(errorsOf(res)).toEqual([
      { path: "paymentMethodId", message: "Escolha uma das formas de pagamento da família" },
    ]);
    expect(await expensesOf(owner)).toEqual([]);
  });

  it("is made once per Idempotency-Key: a retry answers the first purchase", async () => {
    const { owner, category } = await household();
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/installments",
        headers: { cookie: owner.cookie, "idempotency-key": "geladeira-1" },
        payload: {
          description: "Geladeira",
          total: "100.00",
          count: 2,
          firstDate: "2026-11-20",
          categoryId: category.id,
        },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first?.statusCode, first?.body).toBe(201);
    expect(second?.json().id).toBe(first?.json().id);
    expect((await send()).json().id).toBe(first?.json().id);
    expect(await expensesOf(owner)).toHaveLength(2);
  });

  it("counts against the family's expense quota as a whole", async () => {
    const { owner, buy } = await household("pt");
    await buy({ count: 30, paymentMethodId: null });
    const res = await call(owner, "POST", "/api/installments", {
      description: "TV",
      total: "12.00",
      count: 12,
      firstDate: "2026-11-20",
      categoryId: (await createCategory(t.app, owner)).id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("quota_exceeded");
    expect(await expensesOf(owner)).toHaveLength(30);
  });
});

describe("the largest series", () => {
  it("ends on 2199's last month, and an amount that would overflow its total is a field error", async () => {
    const { owner, buy } = await household("pt");
    const last = await buy({ firstDate: "2199-10-31", count: 3, paymentMethodId: null });
    expect(last.installments.map((row) => row.date)).toEqual([
      "2199-10-31",
      "2199-11-30",
      "2199-12-31",
    ]);
    const big = await buy({ total: "99999999.99", count: 36, paymentMethodId: null });
    const res = await call(owner, "PATCH", `/api/installments/${big.id}`, {
      from: 1,
      amount: "3000000.00",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([
      { path: "amount", message: "As parcelas somariam mais de 99.999.999,99" },
    ]);
    // 36 of 3,000,000.00 would be 108,000,000.00; the last one made smaller fits.
    const one = await call(owner, "PATCH", `/api/installments/${big.id}`, {
      from: 36,
      amount: "1.00",
    });
    expect(one.statusCode, one.body).toBe(200);
  });

  it("an imported installment whose purchase would not fit an amount is refused on its line", async () => {
    const { owner, category } = await household("pt");
    const res = await call(owner, "POST", "/api/imports", {
      fileName: "fatura.csv",
      lines: [
        {
          date: "2026-11-10",
          description: "Geladeira",
          amount: "3000000.00",
          categoryId: category.id,
          installment: { number: 1, count: 48 },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([
      { path: "lines.0.amount", message: "As parcelas somariam mais de 99.999.999,99" },
    ]);
  });
});

describe("changing a series", () => {
  it("from an installment on: those before stay, and the history records it once", async () => {
    const { owner, buy } = await household();
    const series = await buy({});
    const res = await call(owner, "PATCH", `/api/installments/${series.id}`, {
      from: 5,
      description: "Geladeira Frost Free",
      amount: "250.00",
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as InstallmentSeriesDetail;
    expect(after.installments.map((e) => e.amount)).toEqual([
      ...Array(4).fill("300.00"),
      ...Array(8).fill("250.00"),
    ]);
    expect(after.installments[3]?.description).toBe("Geladeira");
    expect(after.installments[4]?.description).toBe("Geladeira Frost Free");
    expect(after.total).toBe("3200.00");
    const [entry] = await history(owner);
    expect(entry).toMatchObject({ action: "changed", subjectLabel: "Geladeira Frost Free" });
    expect(entry?.changes).toEqual([
      { field: "fromInstallment", before: null, after: 5 },
      { field: "description", before: "Geladeira", after: "Geladeira Frost Free" },
      { field: "amount", before: "300.00", after: "250.00" },
    ]);
  });

  it("to another method: a new card puts each in its own bill, an account in none", async () => {
    const { owner, buy } = await household();
    const series = await buy({});
    const account = await createPaymentMethod(t.app, owner, { kind: "checking", name: "Itaú" });
    const toAccount = (
      await call(owner, "PATCH", `/api/installments/${series.id}`, {
        from: 1,
        paymentMethodId: account.id,
      })
    ).json() as InstallmentSeriesDetail;
    expect(toAccount.installments.every((e) => e.billId === null)).toBe(true);
    const other = await createPaymentMethod(t.app, owner, {
      name: "Inter",
      closingDay: 25,
      dueDay: 5,
    });
    const toCard = (
      await call(owner, "PATCH", `/api/installments/${series.id}`, {
        from: 1,
        paymentMethodId: other.id,
      })
    ).json() as InstallmentSeriesDetail;
    const bills = (
      await call(owner, "GET", `/api/payment-methods/${other.id}/bills`)
    ).json() as CardBill[];
    const closes = new Map(bills.map((b) => [b.id, b.closesOn]));
    // Bought on the 20th, before the 25th: each in the bill closing that month.
    expect(toCard.installments.slice(0, 2).map((e) => closes.get(e.billId as string))).toEqual([
      "2026-11-25",
      "2026-12-25",
    ]);
  });

  it("deletes from an installment on, once in the history; the whole series goes from the first", async () => {
    const { owner, buy } = await household();
    const series = await buy({});
    const res = await call(owner, "DELETE", `/api/installments/${series.id}?from=5`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deletedCount).toBe(8);
    expect(
      (res.json().series as InstallmentSeriesDetail).installments.map((e) => e.installment),
    ).toEqual([1, 2, 3, 4]);
    expect(await expensesOf(owner)).toHaveLength(4);
    const [entry] = await history(owner);
    expect(entry?.changes).toEqual([
      { field: "fromInstallment", before: 5, after: null },
      { field: "installmentCount", before: 8, after: null },
      { field: "totalAmount", before: "2400.00", after: null },
    ]);
    const all = await call(owner, "DELETE", `/api/installments/${series.id}?from=1`);
    expect(all.json()).toEqual({ deletedCount: 4, series: null });
    expect((await call(owner, "GET", `/api/installments/${series.id}`)).statusCode).toBe(404);
  });

  it("pays off early: on a card the later installments move to today's bill, their dates stay", async () => {
    const { owner, card, buy } = await household();
    const series = await buy({ count: 4 });
    const res = await call(owner, "POST", `/api/installments/${series.id}/pay-off`);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as InstallmentSeriesDetail;
    const bills = (
      await call(owner, "GET", `/api/payment-methods/${card.id}/bills`)
    ).json() as CardBill[];
    const current = bills.find((b) => b.closesOn === "2026-12-03");
    expect(after.installments.every((e) => e.billId === current?.id)).toBe(true);
    expect(after.installments.map((e) => e.date)).toEqual(series.installments.map((e) => e.date));
    expect(current?.total).toBe("3600.00");
    const [entry] = await history(owner);
    expect(entry?.changes).toEqual([
      { field: "fromInstallment", before: null, after: 2 },
      { field: "bill", before: null, after: "2026-12-03" },
    ]);
  });

  it("pays off early off a card: the later installments are dated today", async () => {
    const { owner, buy } = await household();
    const series = await buy({ count: 3, firstDate: "2026-10-05", paymentMethodId: null });
    const after = (
      await call(owner, "POST", `/api/installments/${series.id}/pay-off`)
    ).json() as InstallmentSeriesDetail;
    expect(after.installments.map((e) => e.date)).toEqual([
      "2026-10-05",
      "2026-11-05",
      "2026-11-20",
    ]);
  });

  it("keeps one installment's own change and deletion, and restores it to its place", async () => {
    const { owner, buy } = await household();
    const series = await buy({ count: 3 });
    const second = series.installments[1] as Expense;
    const patched = await call(owner, "PATCH", `/api/expenses/${second.id}`, { amount: "1.00" });
    expect(patched.json()).toMatchObject({ installment: 2, amount: "1.00" });
    await call(owner, "DELETE", `/api/expenses/${second.id}`);
    const entry = (
      (await call(owner, "GET", "/api/family/history?kind=expense")).json() as HistoryPage
    ).items.find((e) => e.action === "deleted");
    await call(owner, "POST", `/api/family/history/${entry?.id}/restore`);
    const back = (await expensesOf(owner)).find((e) => e.id === second.id);
    expect(back).toMatchObject({ seriesId: series.id, installment: 2, installmentCount: 3 });
  });

  it("is another family's never: 404 on every call", async () => {
    const { buy } = await household();
    const series = await buy({ count: 2 });
    const other = (await household()).owner;
    const attempts = [
      await call(other, "GET", `/api/installments/${series.id}`),
      await call(other, "PATCH", `/api/installments/${series.id}`, { from: 1, amount: "1.00" }),
      await call(other, "DELETE", `/api/installments/${series.id}?from=1`),
      await call(other, "POST", `/api/installments/${series.id}/pay-off`),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([404, 404, 404, 404]);
  });
});

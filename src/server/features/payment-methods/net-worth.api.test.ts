import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetWorth } from "../../../contract/net-worth";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { netWorthDays } from "./net-worth";

/**
 * The family's net worth (docs/product.md#net-worth): its accounts less what its cards owe, at
 * the end of each of the last 12 months and today, exact to the cent; the cards' installments
 * still to come of purchases already made apart.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => new Date("2026-12-07T15:00:00Z") },
    env: { RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
});
afterAll(() => t.close());

const ok = async (who: SignedIn, method: "GET" | "POST", url: string, payload?: object) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

describe("the days of the net worth", () => {
  it("are the last days of the 12 months before today's, oldest first, and today", () => {
    expect(netWorthDays("2026-12-07")).toEqual([
      "2025-12-31",
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-07",
    ]);
    const january = netWorthDays("2025-01-01");
    expect(january[0]).toBe("2024-01-31");
    expect(january[1]).toBe("2024-02-29");
    expect(january[11]).toBe("2024-12-31");
  });
});

describe("the net worth", () => {
  it("is the accounts less what the cards owe on each day; future installments apart", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const category = await createCategory(t.app, owner);
    const itau = await createPaymentMethod(t.app, owner, {
      kind: "checking",
      name: "Itaú conta",
      openingBalance: "2000.00",
      openingDate: "2026-10-01",
    });
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    await ok(owner, "POST", "/api/incomes", {
      description: "Salário",
      amount: "3000.00",
      kind: "salary",
      date: "2026-11-05",
      paymentMethodId: itau.id,
    });
    const purchase = await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "1200.10",
      date: "2026-10-20",
      paymentMethodId: card.id,
    });
    await ok(owner, "POST", `/api/expenses/${purchase.id}/refunds`, {
      amount: "0.10",
      date: "2026-10-25",
    });
    await ok(owner, "POST", `/api/card-bills/${purchase.billId}/payments`, {
      fromMethodId: itau.id,
      amount: "1200.00",
      paidOn: "2026-11-10",
    });
    await ok(owner, "POST", "/api/installments", {
      description: "Geladeira",
      total: "900.00",
      count: 3,
      firstDate: "2026-12-01",
      categoryId: category.id,
      paymentMethodId: card.id,
    });
    // Another family's money is never in it.
    const stranger = await signUpWithFamily(t.app, { language: "en" });
    await createPaymentMethod(t.app, stranger, {
      kind: "savings",
      name: "Theirs",
      openingBalance: "99999.00",
      openingDate: "2026-01-01",
    });

    const worth = (await ok(owner, "GET", "/api/accounts/net-worth")) as NetWorth;
    expect(worth.points).toHaveLength(13);
    const on = (date: string) => worth.points.find((point) => point.date === date);
    expect(on("2026-09-30")).toEqual({
      date: "2026-09-30",
      accounts: "0.00",
      othersPrivate: "0.00",
      cards: "0.00",
      netWorth: "0.00",
    });
    expect(on("2026-10-31")).toEqual({
      date: "2026-10-31",
      accounts: "2000.00",
      othersPrivate: "0.00",
      cards: "1200.00",
      netWorth: "800.00",
    });
    expect(on("2026-11-30")).toEqual({
      date: "2026-11-30",
      accounts: "3800.00",
      othersPrivate: "0.00",
      cards: "0.00",
      netWorth: "3800.00",
    });
    expect(worth.points.at(-1)).toEqual({
      date: "2026-12-07",
      accounts: "3800.00",
      othersPrivate: "0.00",
      cards: "300.00",
      netWorth: "3500.00",
    });
    expect(worth.futureInstallments).toBe("600.00");

    const theirs = (await ok(stranger, "GET", "/api/accounts/net-worth")) as NetWorth;
    expect(theirs.points.at(-1)).toMatchObject({ accounts: "99999.00", cards: "0.00" });
    expect(theirs.futureInstallments).toBe("0.00");
  });

  it("is zero on every day for a family with no account or card", async () => {
    const owner = await signUpWithFamily(t.app, { language: "es" });
    const worth = (await ok(owner, "GET", "/api/accounts/net-worth")) as NetWorth;
    expect(worth.points.map((point) => point.netWorth)).toEqual(Array(13).fill("0.00"));
    expect(worth.futureInstallments).toBe("0.00");
  });
});

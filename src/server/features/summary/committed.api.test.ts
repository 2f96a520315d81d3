import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommittedResponse } from "../../../contract/committed";
import type { InstallmentSeriesDetail } from "../../../contract/installments";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { incomes, recurringRules } from "../../db/schema";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  setBudgetPeriod,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/**
 * What the coming budget months already hold (docs/product.md#already-committed), and a card's
 * limit used by its purchases not yet paid, future installments included.
 */

// Today: 2026-11-20 in the server's calendar.
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

/** A family with 12x R$ 300,00 on a card from today, rent of R$ 240,00 on the 5th, and a future bill. */
async function household() {
  const owner = await signUp(t.app, { name: "Ana" });
  expect((await call(owner, "POST", "/api/family", { name: "Casa" })).statusCode).toBe(201);
  await call(owner, "DELETE", "/api/expenses/examples/clear");
  const category = await createCategory(t.app, owner);
  const card = await createPaymentMethod(t.app, owner, {
    name: "Nubank",
    closingDay: 3,
    dueDay: 10,
    creditLimit: "5000.00",
  });
  const series = await call(owner, "POST", "/api/installments", {
    description: "Geladeira",
    total: "3600.00",
    count: 12,
    firstDate: "2026-11-20",
    categoryId: category.id,
    paymentMethodId: card.id,
  });
  expect(series.statusCode, series.body).toBe(201);
  const rule = await call(owner, "POST", "/api/recurring", {
    description: "Aluguel",
    amount: "240.00",
    categoryId: category.id,
    frequency: "monthly",
    dayOfMonth: 5,
    startDate: "2026-01-05",
  });
  expect(rule.statusCode, rule.body).toBe(201);
  await createExpense(t.app, owner, {
    categoryId: category.id,
    date: "2026-12-15",
    amount: "100.00",
  });
  return {
    owner,
    card,
    category,
    series: series.json() as InstallmentSeriesDetail,
    ruleId: rule.json().id as string,
  };
}

const familyIdOf = async (who: SignedIn) =>
  (await call(who, "GET", "/api/family")).json().id as string;

const committed = async (who: SignedIn, year: number, month: number) => {
  const res = await call(who, "GET", `/api/summary/committed?year=${year}&month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CommittedResponse).periods;
};

describe("what the coming budget months already hold", () => {
  it("counts installments, recurring bills still to come and other expenses dated then", async () => {
    const { owner } = await household();
    const periods = await committed(owner, 2026, 11);
    expect(
      periods.map((p) => [p.year, p.month, p.installments, p.recurring, p.other, p.total]),
    ).toEqual([
      [2026, 12, "300.00", "240.00", "100.00", "640.00"],
      [2027, 1, "300.00", "240.00", "0.00", "540.00"],
      [2027, 2, "300.00", "240.00", "0.00", "540.00"],
    ]);
    expect(periods[0]).toMatchObject({ first: "2026-12-01", last: "2026-12-31" });
  });

  it("counts a rule's dates only after today and not yet created, and no paused rule", async () => {
    const { owner, ruleId } = await household();
    // November's rent was created on the 5th: what November still holds is none of it.
    const [november] = await committed(owner, 2026, 10);
    expect(november).toMatchObject({ month: 11, recurring: "0.00", installments: "300.00" });
    await call(owner, "PATCH", `/api/recurring/${ruleId}`, { paused: true });
    const [december] = await committed(owner, 2026, 11);
    expect(december?.recurring).toBe("0.00");
  });

  it("counts no income rule: a salary commits nothing", async () => {
    const { owner } = await household();
    const salary = await call(owner, "POST", "/api/recurring", {
      entry: "income",
      incomeKind: "salary",
      description: "Salário",
      amount: "5000.00",
      frequency: "monthly",
      businessDay: 5,
      startDate: "2026-01-01",
    });
    expect(salary.statusCode, salary.body).toBe(201);
    const periods = await committed(owner, 2026, 11);
    expect(periods.map((p) => [p.recurring, p.total])).toEqual([
      ["240.00", "640.00"],
      ["240.00", "540.00"],
      ["240.00", "540.00"],
    ]);
  });

  it("follows the family's budget month", async () => {
    const { owner } = await household();
    await setBudgetPeriod(t.app, owner, {
      start: "fixed-day",
      day: 10,
      saturdays: false,
      closedDay: "stay",
    });
    // December is 10 Dec - 9 Jan: the 2/12 of 20 Dec, the rent of 5 Jan and the bill of 15 Dec.
    const [december] = await committed(owner, 2026, 11);
    expect(december).toMatchObject({
      first: "2026-12-10",
      last: "2027-01-09",
      installments: "300.00",
      recurring: "240.00",
      other: "100.00",
    });
  });

  it("expects income recorded then and recurring income still to come, and says what is free", async () => {
    const { owner } = await household();
    // A salary on the 5th from a rule (not yet generated past today), and a 13th recorded ahead.
    await t.database.db.insert(recurringRules).values({
      familyId: await familyIdOf(owner),
      entry: "income",
      incomeKind: "salary",
      description: "Salário",
      amount: "5000.00",
      paidByUserId: owner.user.id,
      frequency: "monthly",
      dayOfMonth: 5,
      startDate: "2026-01-05",
      generatedThrough: "2026-11-20",
    });
    await t.database.db.insert(incomes).values({
      familyId: await familyIdOf(owner),
      description: "13º salário",
      kind: "thirteenth",
      amount: "2500.50",
      date: "2026-12-18",
      receivedByUserId: owner.user.id,
      addedByUserId: owner.user.id,
    });
    // Another family's income is not this family's.
    const other = await signUp(t.app);
    expect((await call(other, "POST", "/api/family", { name: "Outra" })).statusCode).toBe(201);
    await t.database.db.insert(incomes).values({
      familyId: await familyIdOf(other),
      description: "x",
      kind: "other",
      amount: "999.00",
      date: "2026-12-18",
    });
    const periods = await committed(owner, 2026, 11);
    expect(periods.map((p) => [p.month, p.recurring, p.total, p.income, p.free])).toEqual([
      // The salary rule is income, never a recurring bill.
      [12, "240.00", "640.00", "7500.50", "6860.50"],
      [1, "240.00", "540.00", "5000.00", "4460.00"],
      [2, "240.00", "540.00", "5000.00", "4460.00"],
    ]);
  });

  it("says what is short when more is spoken for than comes in", async () => {
    const { owner } = await household();
    await t.database.db.insert(incomes).values({
      familyId: await familyIdOf(owner),
      description: "Freela",
      kind: "freelance",
      amount: "100.00",
      date: "2027-01-02",
    });
    const [, january] = await committed(owner, 2026, 11);
    expect(january).toMatchObject({ total: "540.00", income: "100.00", free: "-440.00" });
  });

  it("costs the caller plus two statements, whatever the family holds", async () => {
    const { owner } = await household();
    t.statements.reset();
    await committed(owner, 2026, 11);
    expect(t.statements.texts).toHaveLength(3);
  });

  it("is another family's never", async () => {
    await household();
    const stranger = await signUp(t.app, { name: "Bia" });
    await call(stranger, "POST", "/api/family", { name: "Outra" });
    await call(stranger, "DELETE", "/api/expenses/examples/clear");
    const periods = await committed(stranger, 2026, 11);
    expect(periods.every((p) => p.total === "0.00")).toBe(true);
  });
});

describe("a card's limit used", () => {
  it("is every purchase not yet paid, future installments included", async () => {
    const { owner, card, series } = await household();
    const method = async () =>
      ((await call(owner, "GET", "/api/payment-methods")).json() as PaymentMethod[]).find(
        (m) => m.id === card.id,
      );
    expect(await method()).toMatchObject({ creditLimit: "5000.00", limitUsed: "3600.00" });
    const account = await createPaymentMethod(t.app, owner, { kind: "checking", name: "Itaú" });
    expect(account.limitUsed).toBeNull();
    const paid = await call(
      owner,
      "POST",
      `/api/card-bills/${series.installments[0]?.billId}/payments`,
      {
        fromMethodId: account.id,
        amount: "300.00",
        paidOn: "2026-11-20",
      },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await method())?.limitUsed).toBe("3300.00");
    const changed = await call(owner, "PATCH", `/api/payment-methods/${card.id}`, {
      creditLimit: "6000.00",
    });
    expect(changed.json()).toMatchObject({ creditLimit: "6000.00", limitUsed: "3300.00" });
  });
});

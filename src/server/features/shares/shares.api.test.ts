import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BalanceLines, Balances } from "../../../contract/balances";
import type { HistoryEntry } from "../../../contract/history";
import { fromCents, toCents } from "../../../contract/money";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/**
 * For whom and who owes whom (docs/product.md#for-whom, #who-owes-whom): the shares the
 * database stores from each write's split and the family's rule, the balances and settlements.
 */

const clock = testClock(new Date("2026-03-20T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  // Many households of two from one address: past the registration limit of a real network.
  t = await createTestApp({ clock, env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const call = (who: SignedIn, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** The stored shares of an expense, by user id, in cents. */
async function sharesOf(expenseId: string): Promise<Record<string, string>> {
  const { rows } = await t.database.pool.query<{ user_id: string; amount: string }>(
    "select user_id, amount::text from expense_shares where expense_id = $1",
    [expenseId],
  );
  return Object.fromEntries(rows.map((row) => [row.user_id, row.amount]));
}

async function balances(who: SignedIn, query = ""): Promise<Balances> {
  const res = await call(who, "GET", `/api/balances${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function couple(language = "en") {
  const ana = await signUpWithFamily(t.app, { language });
  const leo = await joinFamilyOf(t.app, ana);
  const category = await createCategory(t.app, ana);
  return { ana, leo, category };
}

const idOf = (who: SignedIn) => who.user.id;

describe("for whom an expense is", () => {
  it("is the family's by default, split equally between the members, the cent left over to the owner", async () => {
    const { ana, leo, category } = await couple();
    const expense = await createExpense(t.app, leo, { categoryId: category.id, amount: "10.01" });
    expect(expense.split).toEqual({ mode: "family" });
    expect(await sharesOf(expense.id)).toEqual({ [idOf(ana)]: "5.01", [idOf(leo)]: "5.00" });
  });

  it("stores one member's, percentages and amounts, each adding up to the amount", async () => {
    const { ana, leo, category } = await couple();
    const mine = await createExpense(t.app, leo, {
      categoryId: category.id,
      amount: "90.00",
      split: { mode: "one", userId: idOf(leo) },
    });
    expect(await sharesOf(mine.id)).toEqual({ [idOf(leo)]: "90.00" });
    const percent = await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "200.00",
      split: {
        mode: "percent",
        shares: [
          { userId: idOf(ana), percent: "60" },
          { userId: idOf(leo), percent: "40.00" },
        ],
      },
    });
    expect(percent.split).toEqual({
      mode: "percent",
      shares: [
        { userId: idOf(ana), percent: "60" },
        { userId: idOf(leo), percent: "40" },
      ],
    });
    expect(await sharesOf(percent.id)).toEqual({ [idOf(ana)]: "120.00", [idOf(leo)]: "80.00" });
    const amounts = await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "50.00",
      split: {
        mode: "amounts",
        shares: [
          { userId: idOf(ana), amount: "12.5" },
          { userId: idOf(leo), amount: "37.50" },
        ],
      },
    });
    expect(await sharesOf(amounts.id)).toEqual({ [idOf(ana)]: "12.50", [idOf(leo)]: "37.50" });
  });

  it("refuses shares that do not add up, and people outside the family, with translated errors", async () => {
    const { ana, leo, category } = await couple("pt");
    const stranger = await signUpWithFamily(t.app);
    const base = {
      description: "Compra",
      amount: "100.00",
      date: "2026-03-10",
      categoryId: category.id,
    };
    const cases: [object, string][] = [
      [
        {
          mode: "amounts",
          shares: [
            { userId: idOf(ana), amount: "60.00" },
            { userId: idOf(leo), amount: "30.00" },
          ],
        },
        "As partes precisam somar o valor da despesa",
      ],
      [
        {
          mode: "percent",
          shares: [
            { userId: idOf(ana), percent: "60" },
            { userId: idOf(leo), percent: "30" },
          ],
        },
        "Os percentuais precisam somar 100%",
      ],
      [{ mode: "one", userId: idOf(stranger) }, "Escolha membros da família"],
      [
        {
          mode: "percent",
          shares: [
            { userId: idOf(ana), percent: "50" },
            { userId: idOf(ana), percent: "50" },
          ],
        },
        "Cada membro pode aparecer só uma vez",
      ],
    ];
    for (const [split, message] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/expenses",
        headers: { cookie: ana.cookie },
        payload: { ...base, split },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const list = await call(ana, "GET", "/api/expenses");
    expect(list.json()).toEqual([]);
  });

  it("refuses an edit of the amount alone that leaves typed amounts not adding up, and re-splits on a new amount", async () => {
    const { ana, leo, category } = await couple();
    const expense = await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "100.00",
      split: {
        mode: "amounts",
        shares: [
          { userId: idOf(ana), amount: "70.00" },
          { userId: idOf(leo), amount: "30.00" },
        ],
      },
    });
    const refused = await call(ana, "PATCH", `/api/expenses/${expense.id}`, { amount: "120.00" });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ path: "split" });
    const toPercent = await call(ana, "PATCH", `/api/expenses/${expense.id}`, {
      split: {
        mode: "percent",
        shares: [
          { userId: idOf(ana), percent: "25" },
          { userId: idOf(leo), percent: "75" },
        ],
      },
    });
    expect(toPercent.statusCode, toPercent.body).toBe(200);
    expect(await sharesOf(expense.id)).toEqual({ [idOf(ana)]: "25.00", [idOf(leo)]: "75.00" });
    await call(ana, "PATCH", `/api/expenses/${expense.id}`, { amount: "0.03" });
    // 0.75 and 2.25 cents: the whole cents are 0 and 2, and the cent left goes to the larger remainder, Ana's.
    expect(await sharesOf(expense.id)).toEqual({ [idOf(ana)]: "0.01", [idOf(leo)]: "0.02" });
  });

  it("takes the family's rule of the expense's date, and a later rule or a new member re-splits nothing written", async () => {
    const { ana, leo, category } = await couple();
    const before = await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "100.00",
      date: "2026-02-28",
    });
    const member = await call(leo, "PUT", "/api/family/split-rules", {
      validFrom: "2026-03-01",
      weights: null,
    });
    expect(member.statusCode).toBe(403);
    const set = await call(ana, "PUT", "/api/family/split-rules", {
      validFrom: "2026-03-01",
      weights: [
        { userId: idOf(ana), weight: 5000 },
        { userId: idOf(leo), weight: 3000 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call(leo, "GET", "/api/family/split-rules")).json()).toEqual({
      rules: [
        {
          validFrom: "2026-03-01",
          weights: [
            { userId: idOf(ana), weight: 5000 },
            { userId: idOf(leo), weight: 3000 },
          ].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
        },
      ],
    });
    const after = await createExpense(t.app, leo, {
      categoryId: category.id,
      amount: "100.00",
      date: "2026-03-01",
    });
    expect(await sharesOf(before.id)).toEqual({ [idOf(ana)]: "50.00", [idOf(leo)]: "50.00" });
    expect(await sharesOf(after.id)).toEqual({ [idOf(ana)]: "62.50", [idOf(leo)]: "37.50" });

    // A third member joins: old expenses keep their shares, even when their description changes.
    const bia = await joinFamilyOf(t.app, ana);
    await call(ana, "PATCH", `/api/expenses/${before.id}`, { description: "Outra" });
    expect(await sharesOf(before.id)).toEqual({ [idOf(ana)]: "50.00", [idOf(leo)]: "50.00" });
    // A new amount re-splits by the rule of its date and today's members: Bia is in the equal rule.
    await call(ana, "PATCH", `/api/expenses/${before.id}`, { amount: "90.00" });
    expect(await sharesOf(before.id)).toEqual({
      [idOf(ana)]: "30.00",
      [idOf(leo)]: "30.00",
      [idOf(bia)]: "30.00",
    });
    // The ratio names Ana and Léo only: Bia weighs nothing there.
    const third = await createExpense(t.app, bia, { categoryId: category.id, date: "2026-03-05" });
    expect(Object.keys(await sharesOf(third.id)).sort()).toEqual([idOf(ana), idOf(leo)].sort());

    const removed = await call(ana, "DELETE", "/api/family/split-rules/2026-03-01");
    expect(removed.json()).toEqual({ rules: [] });
    expect(await sharesOf(after.id)).toEqual({ [idOf(ana)]: "62.50", [idOf(leo)]: "37.50" });
    const again = await call(ana, "DELETE", "/api/family/split-rules/2026-03-01");
    expect(again.statusCode).toBe(404);
  });

  it("refuses a rule that weighs everyone at zero or names someone outside the family", async () => {
    const { ana, leo } = await couple();
    const stranger = await signUpWithFamily(t.app);
    const zero = await call(ana, "PUT", "/api/family/split-rules", {
      validFrom: "2026-03-01",
      weights: [
        { userId: idOf(ana), weight: 0 },
        { userId: idOf(leo), weight: 0 },
      ],
    });
    expect(zero.statusCode).toBe(400);
    const outside = await call(ana, "PUT", "/api/family/split-rules", {
      validFrom: "2026-03-01",
      weights: [{ userId: idOf(stranger), weight: 1 }],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0]).toMatchObject({ path: "weights" });
  });

  it("gives shares to what imports, installments and recurring rules write too", async () => {
    const { ana, leo, category } = await couple();
    const series = await call(ana, "POST", "/api/installments", {
      description: "Geladeira",
      total: "300.00",
      count: 3,
      firstDate: "2026-03-10",
      categoryId: category.id,
    });
    expect(series.statusCode, series.body).toBe(201);
    const { rows } = await t.database.pool.query<{ n: number; total: string }>(
      `select count(*)::int as n, sum(s.amount)::text as total from expense_shares s
       join expenses e on e.id = s.expense_id where e.family_id = $1 and s.user_id = $2`,
      [ana.familyId, idOf(leo)],
    );
    expect(rows[0]).toEqual({ n: 3, total: "150.00" });
  });

  it("splits a purchase in installments as chosen, every installment alike, but never by typed amounts", async () => {
    const { ana, leo, category } = await couple();
    const made = await call(ana, "POST", "/api/installments", {
      description: "Geladeira",
      total: "300.00",
      count: 3,
      firstDate: "2026-03-10",
      categoryId: category.id,
      split: { mode: "one", userId: idOf(leo) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const installments = made.json().installments as { id: string }[];
    for (const installment of installments) {
      expect(await sharesOf(installment.id)).toEqual({ [idOf(leo)]: "100.00" });
    }
    const changed = await call(ana, "PATCH", `/api/installments/${made.json().id}`, {
      from: 2,
      split: {
        mode: "percent",
        shares: [
          { userId: idOf(ana), percent: "25" },
          { userId: idOf(leo), percent: "75" },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await sharesOf(installments[0]?.id as string)).toEqual({ [idOf(leo)]: "100.00" });
    expect(await sharesOf(installments[2]?.id as string)).toEqual({
      [idOf(ana)]: "25.00",
      [idOf(leo)]: "75.00",
    });
    const amounts = await call(ana, "POST", "/api/installments", {
      description: "TV",
      total: "300.00",
      count: 3,
      firstDate: "2026-03-10",
      categoryId: category.id,
      split: { mode: "amounts", shares: [{ userId: idOf(ana), amount: "300.00" }] },
    });
    expect(amounts.statusCode).toBe(400);
    expect(amounts.json().errors[0]).toMatchObject({ path: "split" });
  });

  it("records for whom in the history", async () => {
    const { ana, leo, category } = await couple();
    const expense = await createExpense(t.app, ana, {
      categoryId: category.id,
      split: { mode: "one", userId: idOf(leo) },
    });
    const history = await call(ana, "GET", "/api/family/history");
    const entries = history.json().items as HistoryEntry[];
    const created = entries.find((entry) => entry.subjectId === expense.id);
    expect(created?.changes).toContainEqual({
      field: "forWhom",
      before: null,
      after: expect.any(String),
    });
  });
});

describe("who owes whom", () => {
  it("Ana pays R$ 200,00 split 60/40, Léo pays R$ 90,00 for himself: Léo owes R$ 80,00 until he settles with a PIX", async () => {
    const { ana, leo, category } = await couple();
    await createExpense(t.app, ana, {
      categoryId: category.id,
      description: "Mercado",
      amount: "200.00",
      split: {
        mode: "percent",
        shares: [
          { userId: idOf(ana), percent: "60" },
          { userId: idOf(leo), percent: "40" },
        ],
      },
    });
    await createExpense(t.app, leo, {
      categoryId: category.id,
      amount: "90.00",
      split: { mode: "one", userId: idOf(leo) },
    });
    const owed = await balances(leo);
    expect(owed.debts).toEqual([
      { debtorUserId: idOf(leo), creditorUserId: idOf(ana), amount: "80.00" },
    ]);
    expect(owed.members).toEqual([
      {
        userId: idOf(ana),
        paid: "200.00",
        share: "120.00",
        settledOut: "0.00",
        settledIn: "0.00",
        net: "80.00",
        ahead: "0.00",
      },
      {
        userId: idOf(leo),
        paid: "90.00",
        share: "170.00",
        settledOut: "0.00",
        settledIn: "0.00",
        net: "-80.00",
        ahead: "0.00",
      },
    ]);
    const settled = await call(leo, "POST", "/api/settlements", {
      fromUserId: idOf(leo),
      toUserId: idOf(ana),
      amount: "80.00",
      paidOn: "2026-03-20",
      method: "pix",
    });
    expect(settled.statusCode, settled.body).toBe(201);
    // The same reader as before the settlement: the kept answer moved with it.
    const after = await balances(leo);
    expect(after.debts).toEqual([]);
    expect(after.members.map((m) => m.net)).toEqual(["0.00", "0.00"]);
    // A settlement is never spending: the month's total is the two expenses.
    const summary = await call(ana, "GET", "/api/summary?year=2026&month=3");
    expect(summary.json().totalSpent).toBe("290.00");
    const lines = (
      await call(ana, "GET", `/api/balances/lines?userId=${idOf(ana)}&otherUserId=${idOf(leo)}`)
    ).json() as BalanceLines;
    expect(lines.lines.map((line) => line.kind).sort()).toEqual(["expense", "settlement"]);

    const undo = await call(ana, "DELETE", `/api/settlements/${settled.json().id}`);
    expect(undo.statusCode).toBe(200);
    expect((await balances(ana)).debts[0]?.amount).toBe("80.00");
    const history = (await call(ana, "GET", "/api/family/history")).json().items as HistoryEntry[];
    expect(history.filter((entry) => entry.kind === "settlement").map((e) => e.action)).toEqual([
      "deleted",
      "created",
    ]);
  });

  it("counts what has come due: a R$ 3.600,00 fridge in 12 on the first day is one installment owed, eleven ahead (docs/product.md#who-owes-whom)", async () => {
    const { ana, leo, category } = await couple("pt");
    const fridge = await call(ana, "POST", "/api/installments", {
      description: "Geladeira",
      total: "3600.00",
      count: 12,
      firstDate: "2026-03-20",
      categoryId: category.id,
    });
    expect(fridge.statusCode, fridge.body).toBe(201);
    // A future-dated expense and a future-dated settlement count from their dates on too.
    await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "40.00",
      date: "2026-03-25",
    });
    const early = await call(leo, "POST", "/api/settlements", {
      fromUserId: idOf(leo),
      toUserId: idOf(ana),
      amount: "10.00",
      paidOn: "2026-03-28",
      method: "pix",
    });
    expect(early.statusCode, early.body).toBe(201);
    const today = await balances(leo);
    expect(today.debts).toEqual([
      { debtorUserId: idOf(leo), creditorUserId: idOf(ana), amount: "150.00" },
    ]);
    expect(today.members.map((m) => [m.paid, m.share, m.settledOut, m.ahead])).toEqual([
      ["300.00", "150.00", "0.00", "0.00"],
      ["0.00", "150.00", "0.00", "1670.00"],
    ]);
    // The month: its rest (the 40.00 of the 25th) is ahead, the next months are not its.
    const march = await balances(leo, "?year=2026&month=3");
    expect(march.members.map((m) => m.ahead)).toEqual(["0.00", "20.00"]);
    const lines = (
      await call(ana, "GET", `/api/balances/lines?userId=${idOf(ana)}&otherUserId=${idOf(leo)}`)
    ).json() as BalanceLines;
    expect(lines.lines.map((line) => [line.kind, line.date])).toEqual([["expense", "2026-03-20"]]);

    // A new day brings what fell due with no write in between: the kept answer moves with it.
    clock.set(new Date("2026-03-28T12:00:00Z"));
    try {
      const later = await balances(leo);
      expect(later.debts).toEqual([
        // One installment (150.00) and the 40.00's half, less the 10.00 settled.
        { debtorUserId: idOf(leo), creditorUserId: idOf(ana), amount: "160.00" },
      ]);
      expect(later.members.map((m) => m.ahead)).toEqual(["0.00", "1650.00"]);
    } finally {
      clock.set(new Date("2026-03-20T12:00:00Z"));
    }
  });

  it("refuses a settlement with oneself or someone outside the family", async () => {
    const { ana, leo } = await couple();
    const stranger = await signUpWithFamily(t.app);
    const self = await call(ana, "POST", "/api/settlements", {
      fromUserId: idOf(ana),
      toUserId: idOf(ana),
      amount: "10.00",
      paidOn: "2026-03-20",
      method: "cash",
    });
    expect(self.statusCode).toBe(400);
    const outside = await call(ana, "POST", "/api/settlements", {
      fromUserId: idOf(leo),
      toUserId: idOf(stranger),
      amount: "10.00",
      paidOn: "2026-03-20",
      method: "cash",
    });
    expect(outside.statusCode).toBe(400);
  });

  it("counts a budget month's expenses and settlements only in that month", async () => {
    const { ana, leo, category } = await couple();
    await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "100.00",
      date: "2026-02-10",
    });
    await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "40.00",
      date: "2026-03-10",
    });
    await call(leo, "POST", "/api/settlements", {
      fromUserId: idOf(leo),
      toUserId: idOf(ana),
      amount: "50.00",
      paidOn: "2026-03-01",
      method: "transfer",
    });
    const march = await balances(ana, "?year=2026&month=3");
    expect(march.period).toEqual({ year: 2026, month: 3, first: "2026-03-01", last: "2026-03-31" });
    // March: Léo owes 20 of the 40 and paid 50 back: Ana owes him 30.
    expect(march.debts).toEqual([
      { debtorUserId: idOf(ana), creditorUserId: idOf(leo), amount: "30.00" },
    ]);
    const all = await balances(ana);
    expect(all.debts).toEqual([
      { debtorUserId: idOf(leo), creditorUserId: idOf(ana), amount: "20.00" },
    ]);
  });

  it("adds up to zero and to the reference sums, whatever the payers, splits and settlements (property)", async () => {
    const owner = await signUpWithFamily(t.app);
    const people = [owner, await joinFamilyOf(t.app, owner), await joinFamilyOf(t.app, owner)];
    const category = await createCategory(t.app, owner);
    const ids = people.map(idOf);
    const someSplit = fc.oneof(
      fc.constant({ mode: "family" as const }),
      fc
        .integer({ min: 0, max: 2 })
        .map((i) => ({ mode: "one" as const, userId: ids[i] as string })),
      fc
        .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }))
        .filter(([a, b]) => a + b <= 10_000)
        .map(([a, b]) => ({
          mode: "percent" as const,
          shares: [a, b, 10_000 - a - b].map((p, i) => ({
            userId: ids[i] as string,
            percent: fromCents(p),
          })),
        })),
    );
    const someExpense = fc.record({
      payer: fc.integer({ min: 0, max: 2 }),
      cents: fc.integer({ min: 1, max: 5_000_00 }),
      split: someSplit,
    });
    const someSettlement = fc.record({
      from: fc.integer({ min: 0, max: 2 }),
      to: fc.integer({ min: 0, max: 2 }),
      cents: fc.integer({ min: 1, max: 1_000_00 }),
    });
    // One draw of a household's month (a run is a family of its own, so one is drawn per test run).
    const [drawn] = fc.sample(
      fc.tuple(
        fc.array(someExpense, { minLength: 25, maxLength: 25 }),
        fc.array(someSettlement, { minLength: 6, maxLength: 6 }),
      ),
      1,
    );
    if (!drawn) throw new Error("fast-check drew nothing");
    const [expensesDrawn, settlementsDrawn] = drawn;
    const net = [0, 0, 0];
    for (const drawn of expensesDrawn) {
      const payer = people[drawn.payer] as FamilyMemberSession;
      const expense = await createExpense(t.app, payer, {
        categoryId: category.id,
        amount: fromCents(drawn.cents),
        paidByUserId: idOf(payer),
        split: drawn.split,
      });
      const shares = await sharesOf(expense.id);
      const total = Object.values(shares).reduce((sum, a) => sum + toCents(a), 0);
      expect(total).toBe(drawn.cents);
      for (const [userId, amount] of Object.entries(shares)) {
        const i = ids.indexOf(userId);
        if (i !== drawn.payer) {
          net[i] = (net[i] as number) - toCents(amount);
          net[drawn.payer] = (net[drawn.payer] as number) + toCents(amount);
        }
      }
    }
    for (const drawn of settlementsDrawn) {
      if (drawn.from === drawn.to) continue;
      const res = await call(owner, "POST", "/api/settlements", {
        fromUserId: ids[drawn.from],
        toUserId: ids[drawn.to],
        amount: fromCents(drawn.cents),
        paidOn: "2026-03-15",
        method: "pix",
      });
      expect(res.statusCode, res.body).toBe(201);
      net[drawn.from] = (net[drawn.from] as number) + drawn.cents;
      net[drawn.to] = (net[drawn.to] as number) - drawn.cents;
    }
    const result = await balances(owner);
    expect(result.members.map((m) => toCents(m.net))).toEqual(net);
    expect(result.members.reduce((sum, m) => sum + toCents(m.net), 0)).toBe(0);
  });
});

describe("viewing as a member (docs/product.md#viewing-as-a-member)", () => {
  it("adds up each person's shares, who paid them, and leaves another's private expense to its author", async () => {
    const { ana, leo, category } = await couple();
    await createExpense(t.app, ana, {
      categoryId: category.id,
      amount: "200.00",
      split: {
        mode: "percent",
        shares: [
          { userId: idOf(ana), percent: "60" },
          { userId: idOf(leo), percent: "40" },
        ],
      },
    });
    await createExpense(t.app, leo, {
      categoryId: category.id,
      amount: "90.00",
      split: { mode: "one", userId: idOf(leo) },
    });
    await createExpense(t.app, ana, { categoryId: category.id, amount: "50.00", private: true });
    const summary = async (who: SignedIn, view?: string) => {
      const res = await call(
        who,
        "GET",
        `/api/summary?year=2026&month=3${view ? `&view=${view}` : ""}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await summary(leo)).totalSpent).toBe("340.00");
    // Léo sees Ana's shares without her private expense; Ana sees hers with it.
    const anaByLeo = await summary(leo, idOf(ana));
    expect(anaByLeo.totalSpent).toBe("120.00");
    expect(anaByLeo.spentByPayer).toEqual([{ userId: idOf(ana), spent: "120.00" }]);
    expect(anaByLeo.latest).toHaveLength(1);
    expect((await summary(ana, idOf(ana))).totalSpent).toBe("170.00");
    const leoByAna = await summary(ana, idOf(leo));
    expect(leoByAna.totalSpent).toBe("170.00");
    expect(leoByAna.spentByCategory).toEqual([{ categoryId: category.id, spent: "170.00" }]);
    expect(leoByAna.spentByPayer).toEqual([
      { userId: idOf(leo), spent: "90.00" },
      { userId: idOf(ana), spent: "80.00" },
    ]);
    const trend = await call(ana, "GET", `/api/summary/trend?year=2026&month=3&view=${idOf(leo)}`);
    expect(trend.json().months.at(-1).spent).toBe("170.00");
    // Someone outside the family has no shares here: nothing, never another family's.
    const stranger = await signUpWithFamily(t.app);
    expect((await summary(ana, idOf(stranger))).totalSpent).toBe("0.00");
  });
});

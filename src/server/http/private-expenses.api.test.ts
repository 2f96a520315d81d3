import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expense } from "../../contract/expenses";
import type { HistoryEntry } from "../../contract/history";
import type { SignedIn } from "../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  type FamilyMemberSession,
  joinFamilyOf,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../testing/test-app";

/**
 * Private expenses (docs/product.md#private-expenses): Ana's "Presente surpresa", on her card, in
 * a category of the family, is seen in full by her alone. Léo, the other member, calls every GET
 * route of the route table and finds neither its description nor its category, payer, author,
 * card or bill anywhere: only "Gasto privado" and its amount, counted in the totals.
 */

const SECRET = "Presente surpresa";
/** Ana's private income, on her account: its description is found nowhere by Léo either. */
const SECRET_INCOME = "Bônus sigiloso";
const clock = testClock(new Date("2026-03-20T12:00:00Z"));
let t: TestApp;
let ana: FamilyMemberSession;
let leo: FamilyMemberSession;
let secret: Expense;
let shared: Expense;
let categoryId: string;
let cardId: string;
let seriesId: string;
let inviteCode: string;
let deletedSecretEntry: HistoryEntry;
let secretIncomeId: string;
let secretGoalId: string;
/** Ana's account, where her private income came in. */
let accountId: string;

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";
const call = (who: SignedIn, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ clock });
  ana = await signUpWithFamily(t.app, { language: "pt" });
  leo = await joinFamilyOf(t.app, ana);
  categoryId = (await createCategory(t.app, ana, { name: "Presentes" })).id;
  cardId = (await createPaymentMethod(t.app, ana)).id;
  secret = await createExpense(t.app, ana, {
    categoryId,
    description: SECRET,
    amount: "150.00",
    date: "2026-03-12",
    paymentMethodId: cardId,
    private: true,
  });
  // Changed by Ana (an entry about it), and a second one made and deleted (a restorable entry).
  const changed = await call(ana, "PATCH", `/api/expenses/${secret.id}`, {
    description: `${SECRET} da Bia`,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const gone = await createExpense(t.app, ana, {
    categoryId,
    description: `${SECRET} 2`,
    amount: "10.00",
    date: "2026-03-13",
    private: true,
  });
  expect((await call(ana, "DELETE", `/api/expenses/${gone.id}`)).statusCode).toBe(200);
  shared = await createExpense(t.app, ana, {
    categoryId,
    description: "Mercado",
    amount: "40.00",
    date: "2026-03-12",
    paymentMethodId: cardId,
  });
  const series = await call(ana, "POST", "/api/installments", {
    description: "Geladeira",
    total: "300.00",
    count: 3,
    firstDate: "2026-03-10",
    categoryId,
  });
  seriesId = series.json().id;
  const rule = await call(ana, "POST", "/api/recurring", {
    description: "Aluguel",
    amount: "900.00",
    categoryId,
    frequency: "monthly",
    dayOfMonth: 5,
    startDate: "2026-03-01",
  });
  expect(rule.statusCode, rule.body).toBe(201);
  const account = await createPaymentMethod(t.app, ana, { kind: "checking", name: "Conta Ana" });
  accountId = account.id;
  const income = await call(ana, "POST", "/api/incomes", {
    description: SECRET_INCOME,
    amount: "700.00",
    kind: "other",
    date: "2026-03-12",
    paymentMethodId: account.id,
    private: true,
  });
  expect(income.statusCode, income.body).toBe(201);
  secretIncomeId = income.json().id;
  const changedIncome = await call(ana, "PATCH", `/api/incomes/${secretIncomeId}`, {
    description: `${SECRET_INCOME} de março`,
  });
  expect(changedIncome.statusCode, changedIncome.body).toBe(200);
  // Her private savings goal (docs/product.md#caixinhas-savings-goals), in a shared account, with
  // money moved in from another shared account: the transfer shows, nothing of the goal.
  const savings = await createPaymentMethod(t.app, ana, { kind: "savings", name: "Poupança" });
  const goal = await call(ana, "POST", "/api/goals", {
    name: SECRET,
    targetAmount: "300.00",
    methodId: savings.id,
    isPrivate: true,
  });
  expect(goal.statusCode, goal.body).toBe(201);
  secretGoalId = goal.json().id;
  const contribution = await call(ana, "POST", `/api/goals/${secretGoalId}/contributions`, {
    amount: "50.00",
    date: "2026-03-12",
    fromMethodId: account.id,
    note: SECRET,
  });
  expect(contribution.statusCode, contribution.body).toBe(201);
  // Her private category rule for it (docs/product.md#category-rules): hers alone, its text too.
  const privateRule = await call(ana, "POST", "/api/category-rules", {
    matchKind: "contains",
    pattern: SECRET,
    categoryId,
    private: true,
  });
  expect(privateRule.statusCode, privateRule.body).toBe(201);
  inviteCode = (await call(ana, "POST", "/api/family/invite")).json().inviteCode;
  const history = (await call(ana, "GET", "/api/family/history")).json().items as HistoryEntry[];
  deletedSecretEntry = history.find(
    (entry) => entry.subjectId === gone.id && entry.action === "deleted",
  ) as HistoryEntry;
});
afterAll(() => t.close());

/** Léo's requests for each GET route; more than one where filters could find the expense. */
const getRequests = (): Record<string, string[]> => {
  const month = "year=2026&month=3";
  const pair = `userId=${ana.user.id}&otherUserId=${leo.user.id}`;
  const filters = [
    "",
    `?search=${encodeURIComponent("presente")}`,
    `?categoryId=${categoryId}`,
    `?paidByUserId=${ana.user.id}`,
    `?paymentMethodId=${cardId}`,
    "?from=2026-03-12&to=2026-03-12",
  ];
  return {
    "/api/expenses": ["/api/expenses", `/api/expenses?${month}`],
    "/api/expenses/page": filters.map((f) => `/api/expenses/page${f}`),
    "/api/expenses/export.csv": filters.map((f) => `/api/expenses/export.csv${f}`),
    "/api/summary": [`/api/summary?${month}`],
    "/api/summary/trend": [`/api/summary/trend?${month}`],
    "/api/summary/committed": [`/api/summary/committed?${month}`],
    "/api/balances": ["/api/balances", `/api/balances?${month}`],
    "/api/balances/lines": [`/api/balances/lines?${pair}`],
    "/api/family/history": [
      "/api/family/history",
      `/api/family/history?actorUserId=${ana.user.id}`,
      "/api/family/history?kind=expense",
      "/api/family/history?kind=income",
    ],
    "/api/incomes": [`/api/incomes?${month}`],
    "/api/card-bills/:id": [`/api/card-bills/${secret.billId}`],
    "/api/payment-methods/:id/bills": [`/api/payment-methods/${cardId}/bills`],
    "/api/payment-methods": ["/api/payment-methods"],
    "/api/accounts/balances": [`/api/accounts/balances?${month}`],
    "/api/accounts/net-worth": ["/api/accounts/net-worth"],
    "/api/transfers": ["/api/transfers"],
    "/api/goals": ["/api/goals"],
    "/api/goals/:id/contributions": [`/api/goals/${secretGoalId}/contributions`],
    "/api/accounts/:id/reconciliation": [`/api/accounts/${accountId}/reconciliation`],
    "/api/installments/:id": [`/api/installments/${seriesId}`],
    "/api/recurring": ["/api/recurring"],
    "/api/recurring/due": [`/api/recurring/due?${month}`],
    "/api/categories": ["/api/categories"],
    "/api/category-rules": ["/api/category-rules"],
    "/api/category-rules/suggestion": [
      `/api/category-rules/suggestion?description=${encodeURIComponent(SECRET)}`,
    ],
    "/api/category-rules/offer": [
      `/api/category-rules/offer?expenseId=${secret.id}`,
      `/api/category-rules/offer?expenseId=${shared.id}`,
    ],
    "/api/family": ["/api/family"],
    "/api/family/members": ["/api/family/members"],
    "/api/family/people": ["/api/family/people"],
    "/api/family/split-rules": ["/api/family/split-rules"],
    "/api/family/invite/:code": [`/api/family/invite/${inviteCode}`],
    "/api/family/join/:code": [`/api/family/join/${inviteCode}`],
    "/api/notifications": ["/api/notifications"],
    "/api/notifications/unread-count": ["/api/notifications/unread-count"],
    "/api/auth/user": ["/api/auth/user"],
    "/api/auth/verify-email": ["/api/auth/verify-email?token=x"],
    "/api/profile/sessions": ["/api/profile/sessions"],
    "/api/health": ["/api/health"],
    "/api/openapi.json": ["/api/openapi.json"],
    "/api/docs": ["/api/docs"],
  };
};

/** Routes not walked, and why: they cannot carry an expense. */
const notWalked: Record<string, string> = {
  // A stream of topic names ("expenses changed"), never data (decision 009); a GET holds it open.
  "/api/events": "topics only",
  // Signs Léo out (the GET of a link); it answers nothing of the family.
  "/api/logout": "signs out",
  // The API's documentation, the same for everyone: /api/docs and /api/openapi.json are walked.
  "/api/docs/static/theme/contrast.css": "static",
  "/api/docs/static/index.html": "static",
  "/api/docs/static/swagger-initializer.js": "static",
  "/api/docs/static/*": "static",
  "/api/docs/json": "the OpenAPI document",
  "/api/docs/yaml": "the OpenAPI document",
};

/** Every object in a JSON answer. */
function* objectsOf(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsOf(item);
  else if (value && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsOf(item);
  }
}

describe("another member's private expense", () => {
  it("is in no GET answer of the route table, but as 'Gasto privado' and its amount", async () => {
    const requests = getRequests();
    const routes = [
      ...new Set(t.app.apiRoutes.filter((r) => r.method === "GET").map((r) => r.url)),
    ];
    const missing = routes.filter((url) => !requests[url] && !notWalked[url]);
    expect(missing, "add a request for each GET route to this walk").toEqual([]);
    expect(Object.keys(requests).filter((url) => !routes.includes(url))).toEqual([]);
    let walked = 0;
    for (const url of routes) {
      for (const request of requests[url] ?? []) {
        const res = await call(leo, "GET", request);
        const where = `GET ${request}: ${res.statusCode}`;
        expect(res.statusCode, where).toBeLessThan(500);
        expect(res.body.toLowerCase(), where).not.toContain("presente surpresa");
        expect(res.body.toLowerCase(), where).not.toContain(SECRET_INCOME.toLowerCase());
        walked += 1;
        if (!res.headers["content-type"]?.toString().startsWith("application/json")) continue;
        for (const object of objectsOf(res.json())) {
          if (object.id === secret.id) {
            expect(object, where).toMatchObject({
              description: "",
              categoryId: null,
              paidByUserId: null,
              addedByUserId: null,
              paymentMethodId: null,
              billId: null,
              split: { mode: "private" },
              private: true,
              amount: "150.00",
            });
          }
          // Another member's private income is in no list: only in the totals it enters.
          expect(object.id, where).not.toBe(secretIncomeId);
          // Her private goal is in no list either: only in othersPrivate's sums.
          expect(object.id, where).not.toBe(secretGoalId);
          // Her private entries say only that one happened: not of what.
          expect(object.subjectId, where).not.toBe(secret.id);
          expect(object.subjectId, where).not.toBe(secretIncomeId);
          if ("subjectLabel" in object && object.private === true) {
            expect(object, where).toMatchObject({
              actorUserId: null,
              actorName: null,
              subjectId: null,
              subjectLabel: null,
              changes: [],
            });
          }
        }
      }
    }
    expect(walked).toBe(Object.values(requests).flat().length);
  });

  it("a private income counts in the month's income of the other member, never in his list", async () => {
    const march = (await call(leo, "GET", "/api/incomes?year=2026&month=3")).json();
    expect(march).toEqual({ items: [], total: "700.00" });
    const own = (await call(ana, "GET", "/api/incomes?year=2026&month=3")).json();
    expect(own.items.map((i: { id: string }) => i.id)).toEqual([secretIncomeId]);
    expect(own.total).toBe("700.00");
  });

  it("counts in the month's total as one 'Gastos privados' line, in no category, and is listed by date with its amount", async () => {
    const summary = (await call(leo, "GET", "/api/summary?year=2026&month=3")).json();
    // Its category's spending is what Léo may see; the private 150.00 is its own line.
    expect(
      summary.spentByCategory.find((c: { categoryId: string }) => c.categoryId === categoryId)
        ?.spent,
    ).toBe("1040.00");
    expect(summary.privateSpent).toBe("150.00");
    expect(summary.uncategorisedSpent).toBe("0.00");
    const author = (await call(ana, "GET", "/api/summary?year=2026&month=3")).json();
    expect(
      author.spentByCategory.find((c: { categoryId: string }) => c.categoryId === categoryId)
        ?.spent,
    ).toBe("1190.00");
    expect(author.privateSpent).toBe("0.00");
    // In no payer's sum, which would say whose it is: Ana's shows what Léo may see she paid.
    const anaPaid = (rows: { userId: string | null; spent: string }[]) =>
      rows.find((row) => row.userId === ana.user.id)?.spent;
    expect(summary.totalSpent).toBe("1190.00");
    expect(anaPaid(summary.spentByPayer)).toBe("1040.00");
    const own = (await call(ana, "GET", "/api/summary?year=2026&month=3")).json();
    expect(anaPaid(own.spentByPayer)).toBe("1190.00");
    const balances = (await call(leo, "GET", "/api/balances?year=2026&month=3")).json();
    expect(
      balances.members.find((m: { userId: string }) => m.userId === ana.user.id),
    ).toMatchObject({ paid: "1040.00" });
    const page = (await call(leo, "GET", "/api/expenses/page")).json();
    expect(page.items.map((e: Expense) => e.id)).toContain(secret.id);
    const searched = (await call(leo, "GET", "/api/expenses/page?search=presente")).json();
    expect(searched.totals).toEqual({ count: 0, amount: "0.00" });
    const csv = (await call(leo, "GET", "/api/expenses/export.csv")).body;
    expect(csv).toContain("Private expense");
    expect(csv).toContain("150.00");
  });

  it("is seen in full by its author, everywhere", async () => {
    const page = (await call(ana, "GET", "/api/expenses/page?search=presente")).json();
    expect(page.items).toEqual([
      expect.objectContaining({
        id: secret.id,
        description: `${SECRET} da Bia`,
        categoryId,
        paidByUserId: ana.user.id,
        private: true,
        split: { mode: "one", userId: ana.user.id },
      }),
    ]);
    const history = (await call(ana, "GET", "/api/family/history")).json().items as HistoryEntry[];
    expect(history.find((e) => e.subjectId === secret.id && e.action === "changed")).toMatchObject({
      subjectLabel: `${SECRET} da Bia`,
      private: true,
    });
  });

  it("cannot be changed, moved, deleted or restored by anyone else: it is not there for them", async () => {
    expect(
      (await call(leo, "PATCH", `/api/expenses/${secret.id}`, { amount: "1.00" })).statusCode,
    ).toBe(404);
    expect((await call(leo, "DELETE", `/api/expenses/${secret.id}`)).statusCode).toBe(404);
    expect(
      (await call(leo, "POST", `/api/expenses/${secret.id}/move-bill`, { to: "next" })).statusCode,
    ).toBe(404);
    expect(
      (await call(leo, "POST", `/api/family/history/${deletedSecretEntry.id}/restore`)).statusCode,
    ).toBe(404);
    const page = (await call(ana, "GET", "/api/expenses/page")).json();
    expect(page.items.find((e: Expense) => e.id === secret.id)?.amount).toBe("150.00");
  });

  it("is paid by and for its author; only its author makes an expense private", async () => {
    const paidByLeo = await call(ana, "POST", "/api/expenses", {
      description: "Segredo",
      amount: "5.00",
      date: "2026-03-14",
      categoryId,
      paidByUserId: leo.user.id,
      private: true,
    });
    expect(paidByLeo.statusCode).toBe(400);
    expect(paidByLeo.json().errors[0]).toMatchObject({
      path: "paidByUserId",
      message: "Um gasto privado é pago por quem o adiciona e só para essa pessoa",
    });
    const byLeo = await call(leo, "PATCH", `/api/expenses/${shared.id}`, { private: true });
    expect(byLeo.statusCode).toBe(400);
    const installment = (await call(ana, "GET", `/api/installments/${seriesId}`)).json()
      .installments[0] as Expense;
    const privateInstallment = await call(ana, "PATCH", `/api/expenses/${installment.id}`, {
      private: true,
    });
    expect(privateInstallment.statusCode).toBe(400);
    // Made private by Ana: for her alone from then on, and its shares hers.
    const made = await call(ana, "PATCH", `/api/expenses/${shared.id}`, { private: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().split).toEqual({ mode: "one", userId: ana.user.id });
    const balances = (await call(leo, "GET", "/api/balances")).json();
    expect(balances.debts).toEqual([
      // Léo's half of the installments and of the rent; nothing of the private ones.
      { debtorUserId: leo.user.id, creditorUserId: ana.user.id, amount: expect.any(String) },
    ]);
    const lines = (
      await call(leo, "GET", `/api/balances/lines?userId=${ana.user.id}&otherUserId=${leo.user.id}`)
    ).json();
    expect(lines.lines.map((l: { id: string }) => l.id)).not.toContain(shared.id);
    expect(lines.lines.map((l: { id: string }) => l.id)).not.toContain(secret.id);
  });

  it("answers the same person twice with 400, so no pair lists her private expenses", async () => {
    const same = await call(
      leo,
      "GET",
      `/api/balances/lines?userId=${ana.user.id}&otherUserId=${ana.user.id}`,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().errors[0].path).toBe("otherUserId");
    expect(same.body).not.toContain(secret.id);
  });

  it("finds her private expense before any field of a change: every check answers 404", async () => {
    for (const payload of [
      { paymentMethodId: cardId },
      { paidByUserId: ana.user.id },
      { categoryId: categoryId },
      { split: { mode: "one", userId: leo.user.id } },
      { description: "x" },
    ]) {
      const res = await call(leo, "PATCH", `/api/expenses/${secret.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.json().code).toBe("expense_not_found");
    }
  });

  it("shows others none of its instants, bill or card: not on the bill, not in the limit", async () => {
    const page = (await call(leo, "GET", "/api/expenses/page?limit=100")).json();
    const row = page.items.find((e: Expense) => e.id === secret.id) as Expense;
    // A list carries no expense's instants (contract/expenses.ts, expenseListItemSchema).
    expect(row).not.toHaveProperty("createdAt");
    expect(row).not.toHaveProperty("updatedAt");
    expect(row.isExample).toBe(false);
    const own = (await call(ana, "GET", "/api/expenses/page?limit=100")).json();
    const billId = (own.items.find((e: Expense) => e.id === secret.id) as Expense).billId;
    expect(billId).not.toBeNull();
    const bill = (await call(leo, "GET", `/api/card-bills/${billId}`)).json();
    expect(bill.lines.map((e: Expense) => e.id)).not.toContain(secret.id);
    const mine = (await call(ana, "GET", `/api/card-bills/${billId}`)).json();
    expect(mine.lines.map((e: Expense) => e.id)).toContain(secret.id);
    expect(Number(mine.total) - Number(bill.total)).toBeGreaterThanOrEqual(150);
    const methods = (await call(leo, "GET", "/api/payment-methods")).json();
    const herMethods = (await call(ana, "GET", "/api/payment-methods")).json();
    const used = (list: { id: string; limitUsed: string | null }[]) =>
      Number(list.find((m) => m.id === cardId)?.limitUsed);
    expect(used(herMethods.items ?? herMethods) - used(methods.items ?? methods)).toBe(
      Number(mine.total) - Number(bill.total),
    );
  });
});

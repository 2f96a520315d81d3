import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expense } from "../../contract/expenses";
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
 * The adversarial walk of private expenses (docs/product.md#private-expenses), both ways: Ana and
 * Léo each have a private expense on a card, a private purchase with a private refund of it, a
 * private purchase in 3 installments on a card and a private income. Each calls every GET route
 * with every query parameter the OpenAPI document lists, each with each value that could find the
 * other's rows (each member's id, the same id twice, each month of the series, each category,
 * method, bill and series), and every change of a row with the other's private ids. Nothing of
 * the other's private rows comes back but an amount on a date, and the other's private writes
 * change nothing in what they read but the amounts of "Gastos privados".
 */

const clock = testClock(new Date("2026-03-20T12:00:00Z"));
let t: TestApp;

type Person = {
  who: FamilyMemberSession;
  card: string;
  otherCard: string;
  account: string;
  /** Their private account. */
  safe: string;
  /** The words of their private rows' descriptions, none of which another member may read. */
  secrets: string[];
  /** Their private expenses' ids: the expense, the purchase and its refund, the installments. */
  privateIds: string[];
  refundId: string;
  purchaseId: string;
  seriesId: string;
  incomeId: string;
  sharedSeriesId: string;
  /** Their private savings goal (docs/product.md#caixinhas-savings-goals). */
  goalId: string;
};
let ana: Person;
let leo: Person;
let casa: string;
let saude: string;
let inviteCode: string;

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";
const call = (who: SignedIn, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function ok(who: SignedIn, method: Method, url: string, payload?: object) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** One member's private rows, and a shared purchase in installments beside them. */
async function privateLife(who: FamilyMemberSession, name: string): Promise<Person> {
  const card = (await createPaymentMethod(t.app, who, { name: `Cartão ${name}` })).id;
  const otherCard = (await createPaymentMethod(t.app, who, { name: `Cartão 2 ${name}` })).id;
  const account = (
    await createPaymentMethod(t.app, who, { kind: "checking", name: `Conta ${name}` })
  ).id;
  const secrets = [
    `sigilo${name}`,
    `remedio${name}`,
    `joia${name}`,
    `bonus${name}`,
    `cofre${name}`,
    `mesada${name}`,
    `caixinha${name}`,
  ];
  // Their 'Só meu' account (docs/product.md#private-accounts), with money moved into it from
  // their shared account: the others may know it exists, never its name or note.
  const safe = (
    await createPaymentMethod(t.app, who, {
      kind: "savings",
      name: `Cofre ${secrets[4]}`,
      openingBalance: "700.00",
      openingDate: "2026-03-01",
      isPrivate: true,
    })
  ).id;
  await ok(who, "POST", "/api/transfers", {
    fromMethodId: account,
    toMethodId: safe,
    amount: "25.00",
    date: "2026-03-15",
    note: `Para a ${secrets[5]}`,
  });
  const expense = await createExpense(t.app, who, {
    categoryId: saude,
    description: `Consulta ${secrets[0]}`,
    amount: "120.00",
    date: "2026-03-12",
    paymentMethodId: card,
    private: true,
  });
  const purchase = await createExpense(t.app, who, {
    categoryId: saude,
    description: `Farmácia ${secrets[1]}`,
    amount: "80.00",
    date: "2026-03-13",
    paymentMethodId: account,
    private: true,
  });
  const refund = await ok(who, "POST", `/api/expenses/${purchase.id}/refunds`, {
    amount: "30.00",
    date: "2026-03-14",
  });
  const series = await ok(who, "POST", "/api/installments", {
    description: `Anel ${secrets[2]}`,
    total: "300.00",
    count: 3,
    firstDate: "2026-03-10",
    categoryId: saude,
    paymentMethodId: card,
    private: true,
  });
  const income = await ok(who, "POST", "/api/incomes", {
    description: `Prêmio ${secrets[3]}`,
    amount: "500.00",
    kind: "other",
    date: "2026-03-12",
    paymentMethodId: account,
    private: true,
  });
  await createExpense(t.app, who, {
    categoryId: casa,
    description: `Mercado de ${name}`,
    amount: "40.00",
    date: "2026-03-12",
    paymentMethodId: card,
  });
  const shared = await ok(who, "POST", "/api/installments", {
    description: `Sofá de ${name}`,
    total: "200.00",
    count: 2,
    firstDate: "2026-03-11",
    categoryId: casa,
    paymentMethodId: card,
  });
  // Their private savings goal in their shared account, with money moved in from their private
  // one and money already there: the others see only its sums (othersPrivate).
  const goal = await ok(who, "POST", "/api/goals", {
    name: `Meta ${secrets[6]}`,
    targetAmount: "900.00",
    targetMonth: "2026-12",
    methodId: account,
    isPrivate: true,
  });
  await ok(who, "POST", `/api/goals/${goal.id}/contributions`, {
    amount: "30.00",
    date: "2026-03-16",
    fromMethodId: safe,
    note: `De ${secrets[6]}`,
  });
  await ok(who, "POST", `/api/goals/${goal.id}/contributions`, {
    amount: "20.00",
    date: "2026-03-17",
    note: `Guardado ${secrets[6]}`,
  });
  return {
    who,
    card,
    otherCard,
    account,
    safe,
    secrets,
    privateIds: [
      expense.id,
      purchase.id,
      refund.id,
      ...series.installments.map((row: Expense) => row.id),
    ],
    refundId: refund.id,
    purchaseId: purchase.id,
    seriesId: series.id,
    incomeId: income.id,
    sharedSeriesId: shared.id,
    goalId: goal.id,
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const anaSession = await signUpWithFamily(t.app, { language: "pt" });
  const leoSession = await joinFamilyOf(t.app, anaSession);
  casa = (await createCategory(t.app, anaSession, { name: "Casa", monthlyBudget: "1000.00" })).id;
  saude = (await createCategory(t.app, anaSession, { name: "Saúde", monthlyBudget: "100.00" })).id;
  ana = await privateLife(anaSession, "Ana");
  leo = await privateLife(leoSession, "Leo");
  inviteCode = (await ok(anaSession, "POST", "/api/family/invite")).inviteCode;
});
afterAll(() => t.close());

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: { enum?: [] } };
type OpenApi = { paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>> };

/** The values each query parameter is given: everything that could find a private row. */
async function valuesOf(
  reader: Person,
  author: Person,
  route: string,
  parameter: OpenApiParameter,
) {
  const members = [reader.who.user.id, author.who.user.id];
  const methods = [reader, author].flatMap((p) => [p.card, p.otherCard, p.account, p.safe]);
  const byName: Record<string, string[]> = {
    month: ["3", "4", "5"],
    year: ["2026"],
    view: members,
    userId: members,
    otherUserId: members,
    paidByUserId: members,
    actorUserId: members,
    categoryId: [casa, saude],
    paymentMethodId: methods,
    search: author.secrets,
    // The quick add's suggestion for the author's private descriptions, and the learned rule's
    // offer for every expense of both (docs/product.md#category-rules, #learned-rules).
    description: author.secrets,
    amount: ["150.00"],
    expenseId: [...author.privateIds, ...reader.privateIds],
    limit: ["100"],
    language: ["pt", "en"],
    token: ["x"],
    // A reconciliation's day: the month of the private rows and a later one.
    date: ["2026-03-31", "2026-05-31"],
    from: route === "/api/family/history" ? ["2026-03-01T00:00:00Z"] : ["2026-03-12", "2026-04-10"],
    to: route === "/api/family/history" ? ["2026-12-31T00:00:00Z"] : ["2026-03-13", "2026-05-31"],
  };
  const listed = byName[parameter.name] ?? parameter.schema?.enum;
  if (listed) return listed.map(String);
  if (parameter.name === "cursor") return []; // followed from each first page (walk, below)
  throw new Error(`add values for ${route}?${parameter.name} to this walk`);
}

/** The ids a path parameter is given: every bill, method and series of both members. */
async function pathValues(reader: Person, author: Person, route: string): Promise<string[]> {
  const methods = [reader, author].flatMap((p) => [p.card, p.otherCard, p.account, p.safe]);
  if (route === "/api/payment-methods/:id/bills") return methods;
  // Each account against its bank: the cards answer not found, the accounts their entries.
  if (route === "/api/accounts/:id/reconciliation") return methods;
  if (route === "/api/card-bills/:id") {
    // Every bill of both members' cards, as its author lists them.
    const bills: string[] = [];
    for (const person of [reader, author]) {
      for (const card of [person.card, person.otherCard]) {
        const listed = await ok(person.who, "GET", `/api/payment-methods/${card}/bills`);
        bills.push(...(listed.items ?? listed).map((bill: { id: string }) => bill.id));
      }
    }
    return bills;
  }
  if (route === "/api/installments/:id") {
    return [author.seriesId, author.sharedSeriesId, reader.seriesId];
  }
  // Each member's private goal: the reader's own contributions, the author's not found.
  if (route === "/api/goals/:id/contributions") return [author.goalId, reader.goalId];
  if (route === "/api/family/invite/:code" || route === "/api/family/join/:code") {
    return [inviteCode];
  }
  throw new Error(`add values for ${route} to this walk`);
}

const notWalked = new Set([
  // A stream of topic names, never data (decision 009); a GET holds it open.
  "/api/events",
  "/api/logout",
  "/api/docs/static/theme/contrast.css",
  "/api/docs/static/index.html",
  "/api/docs/static/swagger-initializer.js",
  "/api/docs/static/*",
  "/api/docs/json",
  "/api/docs/yaml",
  "/api/docs",
]);

/**
 * Every GET request of the walk: each route with its required parameters, then each parameter
 * the OpenAPI document lists with each of its values, then the pairs of members both ways and
 * the same member twice.
 */
async function requestsFor(reader: Person, author: Person): Promise<string[]> {
  const openapi = (await ok(reader.who, "GET", "/api/openapi.json")) as OpenApi;
  const routes = [...new Set(t.app.apiRoutes.filter((r) => r.method === "GET").map((r) => r.url))];
  const requests: string[] = [];
  for (const route of routes) {
    if (notWalked.has(route)) continue;
    const documented = openapi.paths[route.replace(/:(\w+)/g, "{$1}")]?.get;
    const parameters = documented?.parameters ?? [];
    const paths = route.includes(":") ? await pathValues(reader, author, route) : [route];
    const urls = route.includes(":") ? paths.map((id) => route.replace(/:\w+/, id)) : paths;
    const query = parameters.filter((p) => p.in === "query");
    const base: Record<string, string> = {};
    for (const p of query.filter((p) => p.required)) {
      base[p.name] = (await valuesOf(reader, author, route, p))[0] as string;
    }
    // Both or neither of month and year; balance lines need a pair.
    if (query.some((p) => p.name === "month") && !base.month) Object.assign(base, { year: "2026" });
    if (route === "/api/balances/lines") {
      Object.assign(base, { userId: author.who.user.id, otherUserId: reader.who.user.id });
    }
    const combos: Record<string, string>[] = [base];
    for (const p of query) {
      for (const value of await valuesOf(reader, author, route, p)) {
        combos.push({ ...base, ...(p.name === "month" ? { year: "2026" } : {}), [p.name]: value });
      }
    }
    if (route === "/api/balances/lines") {
      for (const userId of [reader.who.user.id, author.who.user.id]) {
        for (const otherUserId of [reader.who.user.id, author.who.user.id]) {
          combos.push({ userId, otherUserId });
        }
      }
    }
    for (const url of urls) {
      for (const combo of combos) {
        const search = new URLSearchParams(combo).toString();
        requests.push(search ? `${url}?${search}` : url);
      }
    }
  }
  return [...new Set(requests)];
}

/** Every object in a JSON answer. */
function* objectsOf(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsOf(item);
  else if (value && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsOf(item);
  }
}

/** The walk's answers, each checked for the author's private rows; a cursor is followed once. */
async function walk(reader: Person, author: Person): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const queue = await requestsFor(reader, author);
  for (let i = 0; i < queue.length; i++) {
    const request = queue[i] as string;
    const res = await call(reader.who, "GET", request);
    const where = `GET ${request}: ${res.statusCode}`;
    expect(res.statusCode, where).toBeLessThan(500);
    answers.set(request, `${res.statusCode} ${res.body}`);
    const body = res.body.toLowerCase();
    for (const secret of author.secrets) expect(body, where).not.toContain(secret.toLowerCase());
    expect(body, where).not.toContain(author.seriesId);
    expect(body, where).not.toContain(author.incomeId);
    expect(body, where).not.toContain(author.goalId);
    if (!res.headers["content-type"]?.toString().startsWith("application/json")) continue;
    const json = res.json();
    for (const object of objectsOf(json)) {
      // An account's entry to clear against its bank (docs/product.md#reconciliation): another's
      // private expense there is its kind, id, date and amount, nothing else.
      if (author.privateIds.includes(object.id as string) && "hidden" in object) {
        expect(object, where).toEqual({
          kind: "expense",
          id: object.id,
          date: object.date,
          amount: object.amount,
          label: "",
          hidden: true,
          cleared: object.cleared,
        });
        continue;
      }
      if (author.privateIds.includes(object.id as string)) {
        expect(object, where).toMatchObject({
          description: "",
          categoryId: null,
          paidByUserId: null,
          addedByUserId: null,
          paymentMethodId: null,
          billId: null,
          seriesId: null,
          installment: null,
          installmentCount: null,
          refundOfId: null,
          split: { mode: "private" },
          private: true,
        });
        // Where its instants are carried (a list leaves them out), they tell only its date.
        if ("createdAt" in object) {
          expect(object.createdAt, where).toBe(`${object.date}T00:00:00.000Z`);
        }
      }
      // A history entry of another's private write: that one happened, nothing of it.
      if ("subjectLabel" in object && object.private === true && object.actorUserId === null) {
        expect(object, where).toMatchObject({ subjectId: null, changes: [], actorName: null });
        expect(object.kind, where).not.toBe("installments");
      }
    }
    const next = json?.nextCursor;
    if (typeof next === "string" && !request.includes("cursor=")) {
      queue.push(
        `${request}${request.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(next)}`,
      );
    }
  }
  return answers;
}

/** The walk's answers but the family history, whose entries say a private write happened. */
const withoutHistory = (answers: Map<string, string>) =>
  new Map([...answers].filter(([request]) => !request.startsWith("/api/family/history")));

describe("the adversarial walk of private rows", () => {
  it("finds nothing of the other's private rows in any GET, with any parameter, both ways", async () => {
    for (const [reader, author] of [
      [leo, ana],
      [ana, leo],
    ] as const) {
      const answers = await walk(reader, author);
      // Every parameter of every route was walked: hundreds of requests, none of them a 5xx.
      expect(answers.size).toBeGreaterThan(100);
    }
  });

  it("answers the same member twice with 400, whoever is asked about", async () => {
    for (const person of [ana, leo]) {
      const res = await call(
        leo.who,
        "GET",
        `/api/balances/lines?userId=${person.who.user.id}&otherUserId=${person.who.user.id}`,
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it("changes nothing the other reads when the author renames, moves or recategorises a private row", async () => {
    const before = withoutHistory(await walk(leo, ana));
    await ok(ana.who, "PATCH", `/api/expenses/${ana.privateIds[0]}`, {
      description: `Exame ${ana.secrets[0]}`,
      categoryId: casa,
      paymentMethodId: ana.otherCard,
    });
    await ok(ana.who, "PATCH", `/api/expenses/${ana.refundId}`, {
      description: `Estorno ${ana.secrets[1]}`,
    });
    await ok(ana.who, "PATCH", `/api/installments/${ana.seriesId}`, {
      from: 1,
      description: `Colar ${ana.secrets[2]}`,
      categoryId: casa,
    });
    await ok(ana.who, "PATCH", `/api/incomes/${ana.incomeId}`, {
      description: `Gratificação ${ana.secrets[3]}`,
      kind: "freelance",
    });
    const after = withoutHistory(await walk(leo, ana));
    expect([...before.keys()].filter((k) => !after.has(k))).toEqual([]);
    // Only the bills the author's other card has now are asked about besides (by their ids,
    // which only the author's list gives): empty for the other member, as the walk checked.
    const added = [...after.keys()].filter((k) => !before.has(k));
    expect(added.every((request) => request.startsWith("/api/card-bills/"))).toBe(true);
    for (const [request, answer] of before) expect(after.get(request), request).toBe(answer);
  });

  it("moves only the total and 'Gastos privados' of the other's summary when a private expense is added", async () => {
    const read = async () => (await ok(leo.who, "GET", "/api/summary?year=2026&month=3")) as object;
    const before = await read();
    const added = await createExpense(t.app, ana.who, {
      categoryId: saude,
      description: `Terapia ${ana.secrets[0]}`,
      amount: "25.00",
      date: "2026-03-15",
      private: true,
    });
    ana.privateIds.push(added.id);
    const after = await read();
    const changed = diffPaths(before, after);
    // The latest three list it as an amount on a date (as the walk checks); nothing else moves.
    // Its week's total counts it, as the month's does: its date is no secret.
    expect(changed.filter((path) => !path.startsWith("latest"))).toEqual([
      "privateSpent",
      "spentByWeek.2",
      "totalSpent",
    ]);
    expect(Number((after as { privateSpent: string }).privateSpent)).toBeCloseTo(
      Number((before as { privateSpent: string }).privateSpent) + 25,
    );
  });

  it("answers every change of the other's private rows 404, and changes nothing", async () => {
    const own = async () =>
      JSON.stringify([
        await ok(ana.who, "GET", "/api/expenses/page?limit=100"),
        await ok(ana.who, "GET", "/api/incomes?year=2026&month=3"),
        await ok(ana.who, "GET", `/api/installments/${ana.seriesId}`),
      ]);
    const before = await own();
    const expenseChanges: [Method, string, object | undefined][] = [
      ["PATCH", "/api/expenses/:id", { description: "x" }],
      ["PATCH", "/api/expenses/:id", { paymentMethodId: leo.card }],
      ["PATCH", "/api/expenses/:id", { private: false }],
      ["DELETE", "/api/expenses/:id", undefined],
      ["POST", "/api/expenses/:id/refunds", { amount: "1.00", date: "2026-03-15" }],
      ["POST", "/api/expenses/:id/move-bill", { to: "next" }],
    ];
    const seriesChanges: [Method, string, object | undefined][] = [
      ["GET", "/api/installments/:id", undefined],
      ["PATCH", "/api/installments/:id", { from: 1, description: "x" }],
      ["DELETE", "/api/installments/:id?from=1", undefined],
      ["POST", "/api/installments/:id/pay-off", undefined],
    ];
    const incomeChanges: [Method, string, object | undefined][] = [
      ["PATCH", "/api/incomes/:id", { description: "x" }],
      ["DELETE", "/api/incomes/:id", undefined],
    ];
    // Every route that changes one expense, series or income is in the lists above.
    const walked = new Set(
      [...expenseChanges, ...seriesChanges, ...incomeChanges].map(
        ([method, url]) => `${method} ${url.split("?")[0]}`,
      ),
    );
    const changing = t.app.apiRoutes
      .filter(
        (r) => r.method !== "GET" && /^\/api\/(expenses|installments|incomes)\/:id/.test(r.url),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(changing.filter((route) => !walked.has(route))).toEqual([]);
    const tries = [
      ...ana.privateIds.flatMap((id) => expenseChanges.map((c) => [...c, id] as const)),
      ...seriesChanges.map((c) => [...c, ana.seriesId] as const),
      ...incomeChanges.map((c) => [...c, ana.incomeId] as const),
    ];
    for (const [method, url, payload, id] of tries) {
      const res = await call(leo.who, method, url.replace(":id", id), payload);
      expect(res.statusCode, `${method} ${url} ${id}: ${res.body}`).toBe(404);
    }
    expect(await own()).toBe(before);
  });
});

describe("what another member's delete takes", () => {
  it("clearing the examples leaves another member's private example, and a shared purchase's refunds are shared", async () => {
    const owner = await signUpWithFamily(t.app, { clearStarterData: false });
    const member = await joinFamilyOf(t.app, owner);
    const examples = (await ok(owner, "GET", "/api/expenses/page?limit=100")).items as Expense[];
    const example = examples.find((row) => row.isExample) as Expense;
    await ok(owner, "PATCH", `/api/expenses/${example.id}`, { private: true });
    await ok(member, "DELETE", "/api/expenses/examples/clear");
    const left = (await ok(owner, "GET", "/api/expenses/page?limit=100")).items as Expense[];
    expect(left.map((row) => row.id)).toEqual([example.id]);

    // A refund made while its purchase was private is shared with it again, so the member who
    // deletes the shared purchase (and its refunds with it) deletes nothing hidden from them.
    const category = await createCategory(t.app, owner);
    const purchase = await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "50.00",
      private: true,
    });
    const refund = await ok(owner, "POST", `/api/expenses/${purchase.id}/refunds`, {
      amount: "5.00",
      date: "2026-03-11",
    });
    expect(refund.private).toBe(true);
    await ok(owner, "PATCH", `/api/expenses/${purchase.id}`, { private: false });
    const seen = (await ok(member, "GET", "/api/expenses/page?limit=100")).items as Expense[];
    expect(seen.find((row) => row.id === refund.id)).toMatchObject({
      private: false,
      refundOfId: purchase.id,
      amount: "-5.00",
    });
  });
});

describe("a private purchase in installments", () => {
  it("is paid by and for its author, each installment private, and never made shared one by one", async () => {
    const series = await ok(ana.who, "GET", `/api/installments/${ana.seriesId}`);
    expect(series.private).toBe(true);
    for (const row of series.installments as Expense[]) {
      expect(row).toMatchObject({
        private: true,
        paidByUserId: ana.who.user.id,
        split: { mode: "one", userId: ana.who.user.id },
      });
    }
    const first = (series.installments as Expense[])[0] as Expense;
    const shared = await call(ana.who, "PATCH", `/api/expenses/${first.id}`, { private: false });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().errors[0]).toEqual({
      path: "private",
      message: "Uma parcela é privada ou compartilhada junto com a compra toda",
    });
    const paidByLeo = await call(ana.who, "PATCH", `/api/installments/${ana.seriesId}`, {
      from: 2,
      paidByUserId: leo.who.user.id,
    });
    expect(paidByLeo.statusCode).toBe(400);
    expect(paidByLeo.json().errors[0].path).toBe("paidByUserId");
    const forBoth = await call(ana.who, "POST", "/api/installments", {
      description: "Presente",
      total: "20.00",
      count: 2,
      firstDate: "2026-03-10",
      categoryId: saude,
      split: { mode: "one", userId: leo.who.user.id },
      private: true,
    });
    expect(forBoth.statusCode).toBe(400);
    expect(forBoth.json().errors[0].path).toBe("split");
  });

  it("is an expense in the other's history, under its kind for its author alone", async () => {
    const entries = async (who: SignedIn, kind: string) =>
      (await ok(who, "GET", `/api/family/history?kind=${kind}`)).items as {
        subjectId: string | null;
        private: boolean;
        actorUserId: string | null;
      }[];
    const own = await entries(ana.who, "installments");
    expect(own.some((e) => e.subjectId === ana.seriesId && e.private)).toBe(true);
    // Léo: his own and the shared series under installments; Ana's private one among expenses.
    const leoInstallments = await entries(leo.who, "installments");
    expect(leoInstallments.some((e) => e.private && e.actorUserId === null)).toBe(false);
    expect(leoInstallments.some((e) => e.subjectId === ana.sharedSeriesId)).toBe(true);
    const leoExpenses = await entries(leo.who, "expense");
    const hers = leoExpenses.filter((e) => e.private && e.actorUserId === null);
    // Each of her private entries, of expenses and of the series alike, and no more.
    const herPrivate = [...(await entries(ana.who, "expense")), ...own].filter(
      (e) => e.private && e.actorUserId === ana.who.user.id,
    );
    expect(hers).toHaveLength(herPrivate.length);
    expect(herPrivate.some((e) => own.includes(e))).toBe(true);
  });
});

/** The paths of the leaves that differ between two JSON values. */
function diffPaths(a: unknown, b: unknown, path = ""): string[] {
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) =>
      diffPaths(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      ),
    );
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path];
}

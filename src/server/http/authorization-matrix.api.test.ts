import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../contract/categories";
import type { Expense, ExpenseListItem } from "../../contract/expenses";
import type { InstallmentSeriesDetail } from "../../contract/installments";
import type { PaymentMethod } from "../../contract/payment-methods";
import type { RecurringRule } from "../../contract/recurring";
import { toExpense } from "../api-rows";
import { expenses } from "../db/schema";
import { login, registerUser, type SignedIn, signUp } from "../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";
import { openApiPath } from "./openapi-path";

/**
 * Every /api route and method of the server's own route table, called by every kind of caller,
 * with the status each must get. A route added without an entry here fails the test. Calls by a
 * member of another family must never read or change this family's data.
 */

const actors = [
  "anonymous",
  "bearer",
  "noFamily",
  "member",
  "owner",
  "otherOwner",
  "removedMember",
] as const;
type Actor = (typeof actors)[number];
type Expected = Record<Actor, number>;

/** Same status for everyone signed in, another for the signed-out caller. */
const signedIn = (anonymous: number, status: number): Expected => ({
  anonymous,
  bearer: status,
  noFamily: status,
  member: status,
  owner: status,
  otherOwner: status,
  removedMember: status,
});
/** Family-scoped: 401 signed out, 404 without a family, `mine` for this family, `theirs` for the other. */
const scoped = (mine: number, theirs: number, owner = mine): Expected => ({
  anonymous: 401,
  bearer: owner,
  noFamily: 404,
  member: mine,
  owner,
  otherOwner: theirs,
  removedMember: 404,
});

let t: TestApp;
/** The fixed day the last PUT /api/family/budget-period sent, a new one each time. */
let sentPeriodDay = 2;
/** What the last PUT /api/family/card-spending sent. */
let sentCardSpending = "date";
let ownerAccount: SignedIn;
let familyId: string;
let otherFamilyCategory: Category;

type Request = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** HEAD for a stream, which a GET would hold open: the same checks, headers only. */
  method?: "HEAD";
};
type RouteCase = {
  expected: Expected;
  request: () => Promise<Request>;
  check?: (actor: Actor) => Promise<void>;
};

// One session per actor, made again only after a call that ends it (logout, login).
const headerCache = new Map<Actor, Record<string, string>>();
const as = async (actor: Actor): Promise<Record<string, string>> => {
  const cached = headerCache.get(actor);
  if (cached) return cached;
  let headers: Record<string, string>;
  if (actor === "anonymous") headers = {};
  else if (actor === "bearer") {
    headers = {
      authorization: `Bearer ${(await login(t.app, ownerAccount.email, ownerAccount.password)).token}`,
    };
  } else {
    const account = actor === "owner" ? ownerAccount : (sessions.get(actor) as SignedIn);
    headers = { cookie: (await login(t.app, account.email, account.password)).cookie };
  }
  headerCache.set(actor, headers);
  return headers;
};
const sessions = new Map<Actor, SignedIn>();

/** A new user without a family, or a new member who was just removed, keeping the old session. */
async function freshActorHeaders(actor: "noFamily" | "removedMember") {
  const user = await signUp(t.app);
  if (actor === "removedMember") {
    const owner = await as("owner");
    const code = (
      await t.app.inject({ method: "POST", url: "/api/family/invite", headers: owner })
    ).json().inviteCode;
    await t.app.inject({
      method: "POST",
      url: "/api/family/join",
      headers: { cookie: user.cookie },
      payload: { inviteCode: code },
    });
    await t.app.inject({
      method: "DELETE",
      url: `/api/family/members/${user.user.id}`,
      headers: owner,
    });
  }
  return { cookie: user.cookie };
}

/**
 * Leaving and deleting a family change the caller for good: those calls use a fresh caller of the
 * kind (a new member of this family, the owner of a new family of their own) each time.
 */
const freshForAccountActions: Record<
  string,
  Partial<Record<Actor, () => Promise<Record<string, string>>>>
> = {
  "POST /api/family/leave": {
    member: async () => {
      const user = await signUp(t.app);
      await t.app.inject({
        method: "POST",
        url: "/api/family/join",
        headers: { cookie: user.cookie },
        payload: { inviteCode: await freshInvite() },
      });
      return { cookie: user.cookie };
    },
  },
  "DELETE /api/family": {
    otherOwner: async () => ({ cookie: (await signUpWithFamily(t.app)).cookie }),
  },
};

const ownerGet = async (url: string) =>
  (await t.app.inject({ method: "GET", url, headers: await as("owner") })).json();
const ourCategory = () => createCategory(t.app, ownerAccount);
const ourExpense = async () =>
  createExpense(t.app, ownerAccount, { categoryId: (await ourCategory()).id });
/** A new budget alert of this family (spending past a 10.00 budget today): the owner's copy. */
const ownerNotification = async (): Promise<string> => {
  const category = await createCategory(t.app, ownerAccount, {
    monthlyBudget: "10.00",
    weeklyBudget: "0",
  });
  const today = new Date().toISOString().slice(0, 10);
  await createExpense(t.app, ownerAccount, {
    categoryId: category.id,
    amount: "20.00",
    date: today,
  });
  return (await ownerGet("/api/notifications")).notifications[0].id;
};
const freshInvite = async (): Promise<string> =>
  (
    await t.app.inject({ method: "POST", url: "/api/family/invite", headers: await as("owner") })
  ).json().inviteCode;

/**
 * After a call by the other family's owner, this family's object is as it was: its row, read
 * from the table, to the instant it was last changed (the lists leave that out).
 */
const unchangedExpense = (expense: () => Expense) => async (actor: Actor) => {
  if (actor !== "otherOwner") return;
  const [row] = await t.database.db.select().from(expenses).where(eq(expenses.id, expense().id));
  expect(row && toExpense(row)).toEqual(expense());
};

/** The day of the split rule the last case made or sent, a new one each time. */
let splitDay = "2030-01-01";
let splitDays = 0;
const nextSplitDay = () => {
  splitDays += 1;
  splitDay = new Date(Date.UTC(2030, 0, 1 + splitDays)).toISOString().slice(0, 10);
  return splitDay;
};
/** A rule of this family from a day no other case used. */
const ourSplitRule = async () => {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/family/split-rules",
    headers: await as("owner"),
    payload: { validFrom: nextSplitDay(), weights: null },
  });
  expect(res.statusCode, res.body).toBe(200);
};
let targetSettlementId = "";

let target: Expense;
let targetCategory: Category;
let targetMethod: PaymentMethod;
let targetSeries: InstallmentSeriesDetail;
/** A purchase of ours in 3 installments, dated far ahead so paying it off moves every one. */
const ourSeries = async (): Promise<InstallmentSeriesDetail> => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/installments",
    headers: await as("owner"),
    payload: {
      description: "Geladeira",
      total: "30.00",
      count: 3,
      firstDate: "2199-01-10",
      categoryId: (await ourCategory()).id,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const ourPaymentMethod = () => createPaymentMethod(t.app, ownerAccount);
/** Two accounts of ours to move money between (made once: a family keeps at most 50 methods). */
let transferAccounts: { from: PaymentMethod; to: PaymentMethod } | undefined;
const ourTransferAccounts = async () => {
  transferAccounts ??= {
    from: await createPaymentMethod(t.app, ownerAccount, { kind: "checking", name: "De" }),
    to: await createPaymentMethod(t.app, ownerAccount, { kind: "savings", name: "Para" }),
  };
  return transferAccounts;
};
/** A new transfer of ours, recorded by the owner. */
const ourTransfer = async (): Promise<{ id: string }> => {
  const { from, to } = await ourTransferAccounts();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/transfers",
    headers: await as("owner"),
    payload: { fromMethodId: from.id, toMethodId: to.id, amount: "1.00", date: "2026-03-10" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/**
 * A new savings goal of ours, in our savings account, with a contribution already there
 * (docs/product.md#caixinhas-savings-goals).
 */
const ourGoal = async (): Promise<{ id: string; contributionId: string }> => {
  const headers = await as("owner");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/goals",
    headers,
    payload: {
      name: "Viagem",
      targetAmount: "100.00",
      methodId: (await ourTransferAccounts()).to.id,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const contribution = await t.app.inject({
    method: "POST",
    url: `/api/goals/${res.json().id}/contributions`,
    headers,
    payload: { amount: "1.00", date: "2026-03-10" },
  });
  expect(contribution.statusCode, contribution.body).toBe(201);
  return { id: res.json().id, contributionId: contribution.json().id };
};
/**
 * A new purchase on our card, in its bill, and our account to pay it from (one card and one
 * account for the whole walk: a family keeps at most 50 methods).
 */
let ourCard: { card: PaymentMethod; account: PaymentMethod } | undefined;
let purchaseCount = 0;
const ourCardPurchase = async () => {
  ourCard ??= {
    card: await ourPaymentMethod(),
    account: await createPaymentMethod(t.app, ownerAccount, { kind: "checking", name: "Conta" }),
  };
  const { card, account } = ourCard;
  // Each in a bill of its own: a month of its own.
  const date = new Date(Date.UTC(2020, purchaseCount++, 10)).toISOString().slice(0, 10);
  const expense = await createExpense(t.app, ownerAccount, {
    categoryId: (await ourCategory()).id,
    paymentMethodId: card.id,
    amount: "50.00",
    date,
  });
  return { card, account, expense, billId: expense.billId as string };
};
let targetPurchase: Awaited<ReturnType<typeof ourCardPurchase>>;
let targetIncomeId = "";
/** A new income of our family, recorded by the owner. */
async function ourIncome(): Promise<string> {
  const made = await t.app.inject({
    method: "POST",
    url: "/api/incomes",
    headers: await as("owner"),
    payload: { description: "Salário", amount: "100.00", kind: "salary", date: paidOn },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id;
}
/** Another family's caller changed and deleted nothing of ours. */
async function unchangedIncome(actor: Actor) {
  if (actor !== "otherOwner") return;
  const month = await ownerGet("/api/incomes?month=3&year=2026");
  expect(month.items).toContainEqual(
    expect.objectContaining({ id: targetIncomeId, amount: "100.00" }),
  );
}
const paidOn = "2026-03-20";
const billOf = async () =>
  (await ownerGet(`/api/card-bills/${targetPurchase.billId}`)) as {
    paid: string;
    payments: { id: string }[];
  };
let newOwner: SignedIn;

const rulePayload = async () => ({
  description: "Aluguel",
  amount: "1.00",
  categoryId: (await ourCategory()).id,
  frequency: "monthly",
  dayOfMonth: 1,
  startDate: "2199-01-01",
});
/** A category rule of this family's (docs/product.md#category-rules), new each time. */
const rulePayloadFor = async () => ({
  matchKind: "contains",
  pattern: "carrefour",
  categoryId: (await ourCategory()).id,
});
const ourCategoryRule = async (): Promise<{ id: string }> =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/category-rules",
      headers: await as("owner"),
      payload: await rulePayloadFor(),
    })
  ).json();
const ourRule = async (): Promise<RecurringRule> =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/recurring",
      headers: await as("owner"),
      payload: await rulePayload(),
    })
  ).json();
const unchangedRule = (rule: () => RecurringRule) => async (actor: Actor) => {
  if (actor !== "otherOwner") return;
  const list = (await ownerGet("/api/recurring")) as RecurringRule[];
  expect(list.find((r) => r.id === rule().id)).toEqual(rule());
};
let targetRule: RecurringRule;

/** A new login of our owner, and the id Signed-in devices gives it. */
let targetLogin: { id: string; cookie: string };
const ownerLoginId = async () => {
  const { cookie } = await login(t.app, ownerAccount.email, ownerAccount.password);
  const list = (
    await t.app.inject({ method: "GET", url: "/api/profile/sessions", headers: { cookie } })
  ).json() as { id: string; current: boolean }[];
  return { id: list.find((s) => s.current)?.id as string, cookie };
};

const routes: Record<string, RouteCase> = {
  // Recurring expenses (docs/product.md#recurring-expenses): another family's rule answers 404 and
  // stays as it was.
  "GET /api/recurring": {
    expected: scoped(200, 200),
    request: async () => {
      await ourRule();
      return { url: "/api/recurring" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/recurring",
        headers: await as(actor),
      });
      expect(theirs.json().every((r: RecurringRule) => r.familyId !== familyId)).toBe(true);
    },
  },
  "GET /api/recurring/due": {
    expected: scoped(200, 200),
    request: async () => {
      await ourRule();
      return { url: "/api/recurring/due?month=12&year=2199" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const url = "/api/recurring/due?month=12&year=2199";
      const theirs = await t.app.inject({ method: "GET", url, headers: await as(actor) });
      expect(theirs.json()).toEqual({ items: [], total: "0.00" });
    },
  },
  "POST /api/recurring": {
    // The other family cannot file a rule under our category.
    expected: scoped(201, 400),
    request: async () => ({ url: "/api/recurring", payload: await rulePayload() }),
  },
  "PATCH /api/recurring/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetRule = await ourRule();
      return { url: `/api/recurring/${targetRule.id}`, payload: { paused: true } };
    },
    check: unchangedRule(() => targetRule),
  },
  "DELETE /api/recurring/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetRule = await ourRule();
      return { url: `/api/recurring/${targetRule.id}` };
    },
    check: unchangedRule(() => targetRule),
  },
  "GET /api/health": {
    expected: signedIn(200, 200),
    request: async () => ({ url: "/api/health" }),
  },
  // The API description and its viewer's files (features/openapi): public, the same for everyone.
  "GET /api/openapi.json": {
    expected: signedIn(200, 200),
    request: async () => ({ url: "/api/openapi.json" }),
  },
  "GET /api/docs": { expected: signedIn(200, 200), request: async () => ({ url: "/api/docs" }) },
  "GET /api/docs/json": {
    expected: signedIn(200, 200),
    request: async () => ({ url: "/api/docs/json" }),
  },
  "GET /api/docs/yaml": {
    expected: signedIn(200, 200),
    request: async () => ({ url: "/api/docs/yaml" }),
  },
  "GET /api/docs/static/index.html": {
    expected: signedIn(302, 302),
    request: async () => ({ url: "/api/docs/static/index.html" }),
  },
  "GET /api/docs/static/swagger-initializer.js": {
    expected: signedIn(200, 200),
    request: async () => ({ url: "/api/docs/static/swagger-initializer.js" }),
  },
  "GET /api/docs/static/theme/contrast.css": {
    expected: signedIn(200, 200),
    request: async () => ({ url: "/api/docs/static/theme/contrast.css" }),
  },
  "GET /api/docs/static/*": {
    expected: signedIn(200, 200),
    request: async () => ({ url: "/api/docs/static/swagger-ui.css" }),
  },
  "POST /api/auth/register": {
    expected: signedIn(201, 201),
    request: async () => ({
      url: "/api/auth/register",
      payload: { email: `m.${Math.random()}@example.org`, password: "secret-71", name: "Matrix" },
    }),
  },
  "POST /api/auth/login": {
    expected: signedIn(200, 200),
    request: async () => {
      const account = await registerUser(t.app);
      return {
        url: "/api/auth/login",
        payload: { email: account.email, password: account.password },
      };
    },
  },
  "GET /api/auth/user": {
    expected: signedIn(401, 200),
    request: async () => ({ url: "/api/auth/user" }),
  },
  "GET /api/logout": {
    expected: signedIn(302, 302),
    request: async () => ({ url: "/api/logout" }),
  },
  "POST /api/auth/forgot-password": {
    expected: signedIn(200, 200),
    request: async () => ({
      url: "/api/auth/forgot-password",
      payload: { email: `someone.${Math.random()}@example.org` },
    }),
  },
  "POST /api/auth/reset-password": {
    expected: signedIn(400, 400),
    request: async () => ({
      url: "/api/auth/reset-password",
      payload: { token: "forged", password: "secret-71" },
    }),
  },
  "GET /api/auth/verify-email": {
    expected: signedIn(302, 302),
    request: async () => ({ url: "/api/auth/verify-email?token=forged" }),
  },
  "PATCH /api/profile": {
    expected: signedIn(401, 200),
    request: async () => ({ url: "/api/profile", payload: { lastName: "Matrix" } }),
  },
  // The family's event stream: its own test (features/live-updates) reads it over a socket.
  "GET /api/events": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/events", method: "HEAD" }),
  },
  "GET /api/notifications": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/notifications" }),
  },
  "GET /api/notifications/unread-count": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/notifications/unread-count" }),
  },
  // The owner's own notification: every other caller, this family's member too, gets 404.
  "POST /api/notifications/:id/read": {
    expected: scoped(404, 404, 200),
    request: async () => ({ url: `/api/notifications/${await ownerNotification()}/read` }),
    check: async (actor) => {
      if (actor !== "member" && actor !== "otherOwner") return;
      const list = await ownerGet("/api/notifications");
      expect(list.notifications[0].readAt).toBeNull();
    },
  },
  "POST /api/notifications/read-all": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/notifications/read-all" }),
  },
  "GET /api/family": {
    expected: signedIn(401, 200),
    request: async () => ({ url: "/api/family" }),
  },
  "GET /api/family/members": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/family/members" }),
  },
  "GET /api/family/people": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/family/people" }),
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      // Our owner pays our expenses: the other family's people never include them.
      await ourExpense();
      const theirs = (
        await t.app.inject({ method: "GET", url: "/api/family/people", headers: await as(actor) })
      ).json() as { userId: string }[];
      expect(theirs.some((p) => p.userId === ownerAccount.user.id)).toBe(false);
    },
  },
  "POST /api/family": {
    expected: { ...scoped(409, 409), noFamily: 201, removedMember: 201 },
    request: async () => ({ url: "/api/family", payload: { name: "Matrix" } }),
  },
  // The owner's setting: a member may not change it; the other family's owner changes theirs only.
  "PUT /api/family/budget-period": {
    expected: scoped(403, 200, 200),
    request: async () => {
      sentPeriodDay = sentPeriodDay === 27 ? 2 : sentPeriodDay + 1;
      return {
        url: "/api/family/budget-period",
        payload: { start: "fixed-day", day: sentPeriodDay, saturdays: false, closedDay: "next" },
      };
    },
    check: async (actor) => {
      if (actor !== "member" && actor !== "otherOwner") return;
      expect((await ownerGet("/api/family")).budgetPeriod.day).not.toBe(sentPeriodDay);
    },
  },
  "PUT /api/family/card-spending": {
    // The owner flips it each time; a member or another family's owner changes nothing here.
    expected: scoped(403, 200, 200),
    request: async () => {
      const current = (await ownerGet("/api/family")).cardSpendingBy;
      sentCardSpending = current === "bill" ? "date" : "bill";
      return { url: "/api/family/card-spending", payload: { by: sentCardSpending } };
    },
    check: async (actor) => {
      if (actor !== "member" && actor !== "otherOwner") return;
      expect((await ownerGet("/api/family")).cardSpendingBy).not.toBe(sentCardSpending);
    },
  },
  "POST /api/family/invite": {
    expected: scoped(201, 201),
    request: async () => ({ url: "/api/family/invite" }),
  },
  "POST /api/family/join": {
    expected: { ...scoped(409, 409), noFamily: 200, removedMember: 200 },
    request: async () => ({
      url: "/api/family/join",
      payload: { inviteCode: await freshInvite() },
    }),
  },
  "GET /api/family/join/:code": {
    expected: signedIn(302, 302),
    request: async () => ({ url: `/api/family/join/${await freshInvite()}` }),
  },
  "GET /api/family/invite/:code": {
    // The join confirmation's preview (docs/product.md#joining-by-link): names only for someone who
    // could join.
    expected: { ...scoped(409, 409), noFamily: 200, removedMember: 200 },
    request: async () => ({ url: `/api/family/invite/${await freshInvite()}` }),
  },
  "DELETE /api/family/members/:userId": {
    // A member may not remove anyone; the other family's owner does not find our member.
    expected: { ...scoped(403, 404, 200) },
    request: async () => {
      const newcomer = await signUp(t.app);
      await t.app.inject({
        method: "POST",
        url: "/api/family/join",
        headers: { cookie: newcomer.cookie },
        payload: { inviteCode: await freshInvite() },
      });
      return { url: `/api/family/members/${newcomer.user.id}`, payload: { keepExpenses: true } };
    },
  },
  // Two-factor sign-in (docs/product.md#two-factor-sign-in): each caller's own account. The setup
  // runs before the confirmation (entries run in this order), so every caller has a pending secret
  // that a wrong code does not confirm; nobody has it on, so turning off and renewing answer 409.
  "POST /api/profile/two-factor/setup": {
    expected: signedIn(401, 200),
    request: async () => ({
      url: "/api/profile/two-factor/setup",
      payload: { password: "correct horse" },
    }),
  },
  "POST /api/profile/two-factor/confirm": {
    expected: signedIn(401, 400),
    request: async () => ({ url: "/api/profile/two-factor/confirm", payload: { code: "00000a" } }),
  },
  "POST /api/profile/two-factor/disable": {
    expected: signedIn(401, 409),
    request: async () => ({
      url: "/api/profile/two-factor/disable",
      payload: { password: "correct horse", code: "000000" },
    }),
  },
  "POST /api/profile/two-factor/recovery-codes": {
    expected: signedIn(401, 409),
    request: async () => ({
      url: "/api/profile/two-factor/recovery-codes",
      payload: { password: "correct horse", code: "000000" },
    }),
  },
  // The login's second step is public, like the first: a forged challenge is refused for anyone.
  "POST /api/auth/login/two-factor": {
    expected: signedIn(401, 401),
    request: async () => ({
      url: "/api/auth/login/two-factor",
      payload: { challengeToken: "forged", code: "123456" },
    }),
  },
  "POST /api/profile/password": {
    // Every actor's password is the fixtures' "correct horse": changed to itself, it stays usable.
    expected: signedIn(401, 200),
    request: async () => ({
      url: "/api/profile/password",
      payload: { currentPassword: "correct horse", newPassword: "correct horse" },
    }),
  },
  // Signed-in devices (docs/product.md#signed-in-devices): per user, not per family. A login of our
  // owner is ended only by our owner (the bearer is the same user); anyone else gets 404 and it
  // stays signed in.
  "GET /api/profile/sessions": {
    expected: signedIn(401, 200),
    request: async () => ({ url: "/api/profile/sessions" }),
    check: async (actor) => {
      if (actor === "anonymous") return;
      const ownerLogin = await ownerLoginId();
      const res = await t.app.inject({
        method: "GET",
        url: "/api/profile/sessions",
        headers: await as(actor),
      });
      expect(res.json().some((s: { id: string }) => s.id === ownerLogin.id)).toBe(
        actor === "owner" || actor === "bearer",
      );
    },
  },
  "DELETE /api/profile/sessions/:id": {
    expected: { ...signedIn(401, 404), owner: 200, bearer: 200 },
    request: async () => {
      targetLogin = await ownerLoginId();
      return {
        url: `/api/profile/sessions/${targetLogin.id}`,
        payload: { password: "correct horse" },
      };
    },
    check: async (actor) => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/auth/user",
        headers: { cookie: targetLogin.cookie },
      });
      expect(res.statusCode).toBe(actor === "owner" || actor === "bearer" ? 401 : 200);
    },
  },
  "POST /api/profile/sessions/end-others": {
    expected: signedIn(401, 200),
    request: async () => {
      targetLogin = await ownerLoginId();
      return { url: "/api/profile/sessions/end-others", payload: { password: "correct horse" } };
    },
    check: async (actor) => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/auth/user",
        headers: { cookie: targetLogin.cookie },
      });
      expect(res.statusCode).toBe(actor === "owner" || actor === "bearer" ? 401 : 200);
    },
  },
  "POST /api/family/leave": {
    // The owner (alone in the other family too) cannot leave; a member can.
    expected: { ...scoped(200, 409, 409) },
    request: async () => ({ url: "/api/family/leave" }),
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      expect((await ownerGet("/api/family")).id).toBe(familyId);
    },
  },
  "POST /api/family/transfer": {
    // Only our owner hands our family over; the other family's owner does not find our member.
    expected: { ...scoped(403, 404, 200) },
    request: async () => {
      newOwner = await signUp(t.app);
      await t.app.inject({
        method: "POST",
        url: "/api/family/join",
        headers: { cookie: newOwner.cookie },
        payload: { inviteCode: await freshInvite() },
      });
      return { url: "/api/family/transfer", payload: { userId: newOwner.user.id } };
    },
    check: async (actor) => {
      if (actor === "owner" || actor === "bearer") {
        // Hand it back, so the actors after this one find the family as it was.
        const back = await t.app.inject({
          method: "POST",
          url: "/api/family/transfer",
          headers: { cookie: newOwner.cookie },
          payload: { userId: ownerAccount.user.id },
        });
        expect(back.statusCode, back.body).toBe(200);
      }
      expect((await ownerGet("/api/family")).role).toBe("owner");
    },
  },
  "DELETE /api/family": {
    // Our owner still has members; the other family's owner (alone) deletes only their own.
    expected: { ...scoped(403, 200, 409) },
    request: async () => ({ url: "/api/family", payload: { name: "Família Teste" } }),
    check: async () => {
      expect((await ownerGet("/api/family")).id).toBe(familyId);
    },
  },
  "GET /api/categories": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/categories" }),
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = (
        await t.app.inject({ method: "GET", url: "/api/categories", headers: await as(actor) })
      ).json();
      expect(theirs.every((c: Category) => c.familyId !== familyId)).toBe(true);
    },
  },
  "POST /api/categories": {
    expected: scoped(201, 201),
    request: async () => ({
      url: "/api/categories",
      payload: {
        name: "M",
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "1.00",
        monthlyBudget: "4.00",
      },
    }),
  },
  "PATCH /api/categories/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetCategory = await ourCategory();
      return { url: `/api/categories/${targetCategory.id}`, payload: { name: "Renamed" } };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const list = (await ownerGet("/api/categories")) as Category[];
      expect(list.find((c) => c.id === targetCategory.id)?.name).toBe("Mercado");
    },
  },
  "DELETE /api/categories/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetCategory = await ourCategory();
      return { url: `/api/categories/${targetCategory.id}` };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const list = (await ownerGet("/api/categories")) as Category[];
      expect(list.some((c) => c.id === targetCategory.id)).toBe(true);
    },
  },
  // Payment methods (docs/product.md#payment-methods): any member of the family, nobody else.
  "GET /api/payment-methods": {
    expected: scoped(200, 200),
    request: async () => {
      targetMethod = await ourPaymentMethod();
      return { url: "/api/payment-methods" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = (
        await t.app.inject({ method: "GET", url: "/api/payment-methods", headers: await as(actor) })
      ).json();
      expect(theirs.some((m: PaymentMethod) => m.familyId === familyId)).toBe(false);
    },
  },
  // Accounts' balances (docs/product.md#account-balances): the family's, read by any member; another
  // family's owner reads their own, which holds none of ours.
  "GET /api/accounts/balances": {
    expected: scoped(200, 200),
    request: async () => {
      await createPaymentMethod(t.app, ownerAccount, {
        kind: "savings",
        name: `Poupança ${crypto.randomUUID()}`,
        openingBalance: "10.00",
        openingDate: "2026-01-01",
      });
      return { url: "/api/accounts/balances?month=3&year=2026" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/accounts/balances?month=3&year=2026",
        headers: await as("otherOwner"),
      });
      expect(theirs.json()).toEqual({ date: "2026-03-31", total: "0.00", accounts: [] });
    },
  },
  // The net worth (docs/product.md#net-worth): the family's, read by any member; another family's
  // owner reads their own, which holds none of ours.
  "GET /api/accounts/net-worth": {
    expected: scoped(200, 200),
    request: async () => {
      await createPaymentMethod(t.app, ownerAccount, {
        kind: "savings",
        name: `Reserva ${crypto.randomUUID()}`,
        openingBalance: "10.00",
        openingDate: "2020-01-01",
      });
      return { url: "/api/accounts/net-worth" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/accounts/net-worth",
        headers: await as("otherOwner"),
      });
      expect(theirs.json().points.at(-1)).toMatchObject({ accounts: "0.00", cards: "0.00" });
    },
  },
  // Category rules (docs/product.md#category-rules): any member, over the family's own categories,
  // accounts and expenses; another family's owner names ours only to be refused.
  "GET /api/category-rules": {
    expected: scoped(200, 200),
    request: async () => {
      await ourCategoryRule();
      return { url: "/api/category-rules" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/category-rules",
        headers: await as("otherOwner"),
      });
      expect(theirs.json()).toEqual({ items: [] });
    },
  },
  "POST /api/category-rules": {
    expected: scoped(201, 400),
    request: async () => ({ url: "/api/category-rules", payload: await rulePayloadFor() }),
  },
  "PUT /api/category-rules/order": {
    expected: scoped(200, 400),
    request: async () => {
      await ourCategoryRule();
      const ours = (await ownerGet("/api/category-rules")) as { items: { id: string }[] };
      return {
        url: "/api/category-rules/order",
        payload: { ids: ours.items.map((rule) => rule.id).reverse() },
      };
    },
  },
  "POST /api/category-rules/test": {
    expected: scoped(200, 400),
    request: async () => ({ url: "/api/category-rules/test", payload: await rulePayloadFor() }),
  },
  "GET /api/category-rules/suggestion": {
    expected: scoped(200, 200),
    request: async () => {
      await ourCategoryRule();
      return { url: "/api/category-rules/suggestion?description=PAG*CARREFOUR" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/category-rules/suggestion?description=PAG*CARREFOUR",
        headers: await as("otherOwner"),
      });
      expect(theirs.json()).toEqual({ categoryId: null, rule: null });
    },
  },
  "GET /api/category-rules/offer": {
    expected: scoped(200, 404),
    request: async () => ({
      url: `/api/category-rules/offer?expenseId=${(await ourExpense()).id}`,
    }),
  },
  "PUT /api/category-rules/:id": {
    expected: scoped(200, 404),
    request: async () => ({
      url: `/api/category-rules/${(await ourCategoryRule()).id}`,
      payload: await rulePayloadFor(),
    }),
  },
  "DELETE /api/category-rules/:id": {
    expected: scoped(200, 404),
    request: async () => ({ url: `/api/category-rules/${(await ourCategoryRule()).id}` }),
  },
  "POST /api/category-rules/:id/apply": {
    expected: scoped(200, 404),
    request: async () => ({ url: `/api/category-rules/${(await ourCategoryRule()).id}/apply` }),
  },
  // Transfers between accounts (docs/product.md#transfers): any member of the family, between the
  // family's own accounts; another family's owner names ours only to be refused.
  "GET /api/transfers": {
    expected: scoped(200, 200),
    request: async () => {
      await ourTransfer();
      return { url: "/api/transfers" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/transfers",
        headers: await as("otherOwner"),
      });
      expect(theirs.json()).toEqual({ items: [] });
    },
  },
  "POST /api/transfers": {
    expected: scoped(201, 400),
    request: async () => {
      const { from, to } = await ourTransferAccounts();
      return {
        url: "/api/transfers",
        payload: { fromMethodId: from.id, toMethodId: to.id, amount: "1.00", date: "2026-03-10" },
      };
    },
  },
  "DELETE /api/transfers/:id": {
    expected: scoped(200, 404),
    request: async () => ({ url: `/api/transfers/${(await ourTransfer()).id}` }),
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const ours = (await ownerGet("/api/transfers")) as { items: { id: string }[] };
      expect(ours.items.length).toBeGreaterThan(0);
    },
  },
  // Savings goals (docs/product.md#caixinhas-savings-goals): any member of the family, on its
  // goals; another family's owner names ours only to be told they are not found.
  "GET /api/goals": {
    expected: scoped(200, 200),
    request: async () => {
      await ourGoal();
      return { url: "/api/goals" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/goals",
        headers: await as("otherOwner"),
      });
      expect(theirs.json()).toEqual({
        items: [],
        othersPrivate: { count: 0, saved: "0.00", target: "0.00" },
      });
    },
  },
  "POST /api/goals": {
    expected: scoped(201, 400),
    request: async () => ({
      url: "/api/goals",
      payload: {
        name: "Reforma",
        targetAmount: "10.00",
        targetMonth: "2027-03",
        methodId: (await ourTransferAccounts()).to.id,
      },
    }),
  },
  "PATCH /api/goals/:id": {
    expected: scoped(200, 404),
    request: async () => ({
      url: `/api/goals/${(await ourGoal()).id}`,
      payload: { name: "Viagem de férias" },
    }),
  },
  "DELETE /api/goals/:id": {
    expected: scoped(200, 404),
    request: async () => ({ url: `/api/goals/${(await ourGoal()).id}` }),
  },
  "GET /api/goals/:id/contributions": {
    expected: scoped(200, 404),
    request: async () => ({ url: `/api/goals/${(await ourGoal()).id}/contributions` }),
  },
  "POST /api/goals/:id/contributions": {
    expected: scoped(201, 404),
    request: async () => ({
      url: `/api/goals/${(await ourGoal()).id}/contributions`,
      payload: { amount: "-1.00", date: "2026-03-11" },
    }),
  },
  "DELETE /api/goals/:id/contributions/:cid": {
    expected: scoped(200, 404),
    request: async () => {
      const goal = await ourGoal();
      return { url: `/api/goals/${goal.id}/contributions/${goal.contributionId}` };
    },
  },
  // Reconciliation with the bank (docs/product.md#reconciliation): any member, on the family's own
  // accounts; another family's owner names ours only to be told it is not found.
  "GET /api/accounts/:id/reconciliation": {
    expected: scoped(200, 404),
    request: async () => ({
      url: `/api/accounts/${(await ourTransferAccounts()).from.id}/reconciliation`,
    }),
  },
  "PUT /api/accounts/:id/cleared": {
    expected: scoped(200, 404),
    request: async () => {
      const transfer = await ourTransfer();
      return {
        url: `/api/accounts/${(await ourTransferAccounts()).from.id}/cleared`,
        payload: { kind: "transfer", entryId: transfer.id, cleared: true },
      };
    },
  },
  "POST /api/accounts/:id/reconciliations": {
    expected: scoped(201, 404),
    request: async () => ({
      url: `/api/accounts/${(await ourTransferAccounts()).to.id}/reconciliations`,
      payload: { date: "2020-01-01", bankBalance: "5.00", reason: "Conferido" },
    }),
  },
  "POST /api/payment-methods": {
    expected: scoped(201, 201),
    request: async () => ({
      url: "/api/payment-methods",
      payload: { kind: "cash", name: `Carteira ${crypto.randomUUID()}` },
    }),
  },
  "PATCH /api/payment-methods/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetMethod = await ourPaymentMethod();
      return { url: `/api/payment-methods/${targetMethod.id}`, payload: { dueDay: 20 } };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const list = (await ownerGet("/api/payment-methods")) as PaymentMethod[];
      expect(list.find((m) => m.id === targetMethod.id)).toEqual(targetMethod);
    },
  },
  "DELETE /api/payment-methods/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetMethod = await ourPaymentMethod();
      return { url: `/api/payment-methods/${targetMethod.id}` };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const list = (await ownerGet("/api/payment-methods")) as PaymentMethod[];
      expect(list.some((m) => m.id === targetMethod.id)).toBe(true);
    },
  },
  // The family's default split (docs/product.md#the-familys-default-split): members read it, the
  // owner sets it; another family's owner only ever reads and sets their own.
  "GET /api/family/split-rules": {
    expected: scoped(200, 200),
    request: async () => {
      await ourSplitRule();
      return { url: "/api/family/split-rules" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/family/split-rules",
        headers: await as("otherOwner"),
      });
      expect(theirs.json().rules.some((r: { validFrom: string }) => r.validFrom === splitDay)).toBe(
        false,
      );
    },
  },
  "PUT /api/family/split-rules": {
    expected: scoped(403, 200, 200),
    request: async () => ({
      url: "/api/family/split-rules",
      payload: { validFrom: nextSplitDay(), weights: null },
    }),
    check: async (actor) => {
      if (actor !== "member" && actor !== "otherOwner") return;
      const ours = (await ownerGet("/api/family/split-rules")).rules as { validFrom: string }[];
      expect(ours.some((r) => r.validFrom === splitDay)).toBe(false);
    },
  },
  "DELETE /api/family/split-rules/:validFrom": {
    expected: scoped(403, 404, 200),
    request: async () => {
      await ourSplitRule();
      return { url: `/api/family/split-rules/${splitDay}` };
    },
    check: async (actor) => {
      if (actor !== "member" && actor !== "otherOwner") return;
      const ours = (await ownerGet("/api/family/split-rules")).rules as { validFrom: string }[];
      expect(ours.some((r) => r.validFrom === splitDay)).toBe(true);
    },
  },
  // Who owes whom (docs/product.md#who-owes-whom): the family's members only.
  "GET /api/balances": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      return { url: "/api/balances" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/balances",
        headers: await as("otherOwner"),
      });
      expect(theirs.body).not.toContain(ownerAccount.user.id);
    },
  },
  "GET /api/balances/lines": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      const member = sessions.get("member") as SignedIn;
      return {
        url: `/api/balances/lines?userId=${ownerAccount.user.id}&otherUserId=${member.user.id}`,
      };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const member = sessions.get("member") as SignedIn;
      const theirs = await t.app.inject({
        method: "GET",
        url: `/api/balances/lines?userId=${ownerAccount.user.id}&otherUserId=${member.user.id}`,
        headers: await as("otherOwner"),
      });
      expect(theirs.json().lines).toEqual([]);
    },
  },
  "POST /api/settlements": {
    // Another family's owner cannot name our members: they are not of their family.
    expected: scoped(201, 400),
    request: async () => {
      const member = sessions.get("member") as SignedIn;
      return {
        url: "/api/settlements",
        payload: {
          fromUserId: member.user.id,
          toUserId: ownerAccount.user.id,
          amount: "1.00",
          paidOn: "2026-01-10",
          method: "pix",
        },
      };
    },
  },
  "DELETE /api/settlements/:id": {
    expected: scoped(200, 404),
    request: async () => {
      const member = sessions.get("member") as SignedIn;
      const made = await t.app.inject({
        method: "POST",
        url: "/api/settlements",
        headers: await as("owner"),
        payload: {
          fromUserId: member.user.id,
          toUserId: ownerAccount.user.id,
          amount: "1.00",
          paidOn: "2026-01-10",
          method: "cash",
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      targetSettlementId = made.json().id;
      return { url: `/api/settlements/${targetSettlementId}` };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const member = sessions.get("member") as SignedIn;
      const lines = await ownerGet(
        `/api/balances/lines?userId=${ownerAccount.user.id}&otherUserId=${member.user.id}`,
      );
      expect(lines.lines.some((l: { id: string }) => l.id === targetSettlementId)).toBe(true);
    },
  },
  // Income (docs/product.md#income): the family's members only.
  "GET /api/incomes": {
    expected: scoped(200, 200),
    request: async () => {
      await ourIncome();
      return { url: "/api/incomes?month=3&year=2026" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/incomes?month=3&year=2026",
        headers: await as("otherOwner"),
      });
      expect(theirs.json()).toEqual({ items: [], total: "0.00" });
    },
  },
  "POST /api/incomes": {
    expected: scoped(201, 201),
    request: async () => ({
      url: "/api/incomes",
      payload: { description: "Freela", amount: "10.00", kind: "freelance", date: paidOn },
    }),
  },
  "PATCH /api/incomes/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetIncomeId = await ourIncome();
      return { url: `/api/incomes/${targetIncomeId}`, payload: { amount: "999.99" } };
    },
    check: unchangedIncome,
  },
  "DELETE /api/incomes/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetIncomeId = await ourIncome();
      return { url: `/api/incomes/${targetIncomeId}` };
    },
    check: unchangedIncome,
  },
  // A card's bills (docs/product.md#card-bills): the family's members only.
  "GET /api/payment-methods/:id/bills": {
    expected: scoped(200, 404),
    request: async () => {
      targetPurchase = await ourCardPurchase();
      return { url: `/api/payment-methods/${targetPurchase.card.id}/bills` };
    },
  },
  "GET /api/card-bills/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetPurchase = await ourCardPurchase();
      return { url: `/api/card-bills/${targetPurchase.billId}` };
    },
  },
  "POST /api/card-bills/:id/payments": {
    // The other family's owner names our account too: the bill is not found before it.
    expected: scoped(201, 404),
    request: async () => {
      targetPurchase = await ourCardPurchase();
      return {
        url: `/api/card-bills/${targetPurchase.billId}/payments`,
        payload: { fromMethodId: targetPurchase.account.id, amount: "1.00", paidOn },
      };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      expect((await billOf()).paid).toBe("0.00");
    },
  },
  "DELETE /api/card-bills/:id/payments/:paymentId": {
    expected: scoped(200, 404),
    request: async () => {
      targetPurchase = await ourCardPurchase();
      const paid = await t.app.inject({
        method: "POST",
        url: `/api/card-bills/${targetPurchase.billId}/payments`,
        headers: await as("owner"),
        payload: { fromMethodId: targetPurchase.account.id, amount: "1.00", paidOn },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const paymentId = paid.json().payments[0].id;
      return { url: `/api/card-bills/${targetPurchase.billId}/payments/${paymentId}` };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      expect((await billOf()).payments).toHaveLength(1);
    },
  },
  "POST /api/expenses/:id/move-bill": {
    expected: scoped(200, 404),
    request: async () => {
      targetPurchase = await ourCardPurchase();
      return {
        url: `/api/expenses/${targetPurchase.expense.id}/move-bill`,
        payload: { to: "next" },
      };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const list = (await ownerGet("/api/expenses")) as ExpenseListItem[];
      expect(list.find((e) => e.id === targetPurchase.expense.id)?.billId).toBe(
        targetPurchase.billId,
      );
    },
  },
  // What the coming months already hold (docs/product.md#already-committed): our own family's.
  "GET /api/summary/committed": {
    expected: scoped(200, 200),
    request: async () => {
      await ourSeries();
      return { url: "/api/summary/committed?month=12&year=2198" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = (
        await t.app.inject({
          method: "GET",
          url: "/api/summary/committed?month=12&year=2198",
          headers: await as(actor),
        })
      ).json();
      expect(theirs.periods[0].installments).toBe("0.00");
      expect(
        (await ownerGet("/api/summary/committed?month=12&year=2198")).periods[0].installments,
      ).not.toBe("0.00");
    },
  },
  // Purchases in installments (docs/product.md#installments).
  "POST /api/installments": {
    expected: scoped(201, 400),
    request: async () => ({
      url: "/api/installments",
      payload: {
        description: "Geladeira",
        total: "30.00",
        count: 3,
        firstDate: "2026-03-10",
        categoryId: (await ourCategory()).id,
      },
    }),
  },
  "GET /api/installments/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetSeries = await ourSeries();
      return { url: `/api/installments/${targetSeries.id}` };
    },
  },
  "PATCH /api/installments/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetSeries = await ourSeries();
      return { url: `/api/installments/${targetSeries.id}`, payload: { from: 2, amount: "1.00" } };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      expect((await ownerGet(`/api/installments/${targetSeries.id}`)).installments).toEqual(
        targetSeries.installments,
      );
    },
  },
  "DELETE /api/installments/:id": {
    expected: scoped(200, 404),
    request: async () => {
      targetSeries = await ourSeries();
      return { url: `/api/installments/${targetSeries.id}?from=1` };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      expect((await ownerGet(`/api/installments/${targetSeries.id}`)).installments).toHaveLength(3);
    },
  },
  "POST /api/installments/:id/pay-off": {
    expected: scoped(200, 404),
    request: async () => {
      targetSeries = await ourSeries();
      return { url: `/api/installments/${targetSeries.id}/pay-off` };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      expect((await ownerGet(`/api/installments/${targetSeries.id}`)).installments).toEqual(
        targetSeries.installments,
      );
    },
  },
  "GET /api/expenses": {
    expected: scoped(200, 200),
    request: async () => ({ url: "/api/expenses?month=3&year=2026" }),
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = (
        await t.app.inject({ method: "GET", url: "/api/expenses", headers: await as(actor) })
      ).json();
      expect(theirs.every((e: Expense) => e.familyId !== familyId)).toBe(true);
    },
  },
  "GET /api/expenses/page": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      return { url: "/api/expenses/page?limit=200" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      // Even filtering by our category, the other family finds none of our expenses.
      const category = await ourCategory();
      await createExpense(t.app, ownerAccount, { categoryId: category.id });
      for (const url of [
        "/api/expenses/page?limit=200",
        `/api/expenses/page?categoryId=${category.id}`,
        `/api/expenses/page?paidByUserId=${ownerAccount.user.id}`,
      ]) {
        const page = (await t.app.inject({ method: "GET", url, headers: await as(actor) })).json();
        expect(page.items.every((e: Expense) => e.familyId !== familyId)).toBe(true);
      }
      const filtered = (
        await t.app.inject({
          method: "GET",
          url: `/api/expenses/page?categoryId=${category.id}`,
          headers: await as(actor),
        })
      ).json();
      expect(filtered.totals).toEqual({ count: 0, amount: "0.00" });
    },
  },
  // The CSV export (docs/product.md#exporting-to-csv): the other family's file holds none of this
  // family's expenses.
  "GET /api/expenses/export.csv": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      return { url: "/api/expenses/export.csv?language=en" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const category = await ourCategory();
      await createExpense(t.app, ownerAccount, {
        categoryId: category.id,
        description: "Only ours",
      });
      for (const url of [
        "/api/expenses/export.csv?language=en",
        `/api/expenses/export.csv?categoryId=${category.id}`,
        `/api/expenses/export.csv?paidByUserId=${ownerAccount.user.id}`,
      ]) {
        const res = await t.app.inject({ method: "GET", url, headers: await as(actor) });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain("Only ours");
      }
      const filtered = await t.app.inject({
        method: "GET",
        url: `/api/expenses/export.csv?categoryId=${category.id}&language=en`,
        headers: await as(actor),
      });
      expect(filtered.body.trim().split("\r\n")).toHaveLength(1);
    },
  },
  "GET /api/summary": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      return { url: "/api/summary?month=3&year=2026" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = (
        await t.app.inject({
          method: "GET",
          url: "/api/summary?month=3&year=2026",
          headers: await as(actor),
        })
      ).json();
      expect(theirs.categories.every((c: Category) => c.familyId !== familyId)).toBe(true);
      expect(theirs.latest.every((e: Expense) => e.familyId !== familyId)).toBe(true);
      expect(theirs.totalSpent).toBe("0.00");
    },
  },
  "GET /api/summary/trend": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      return { url: "/api/summary/trend?month=3&year=2026" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = (
        await t.app.inject({
          method: "GET",
          url: "/api/summary/trend?month=3&year=2026",
          headers: await as(actor),
        })
      ).json();
      // Only their own categories, and none of our spending in any month.
      const theirCategories = (
        await t.app.inject({ method: "GET", url: "/api/categories", headers: await as(actor) })
      ).json() as Category[];
      expect(theirs.categories.map((c: { id: string }) => c.id)).toEqual(
        theirCategories.map((c) => c.id),
      );
      expect(theirCategories.every((c) => c.familyId !== familyId)).toBe(true);
      expect(theirs.months.every((m: { spent: string }) => m.spent === "0.00")).toBe(true);
    },
  },
  "POST /api/expenses": {
    // The other family cannot file an expense under our category.
    expected: scoped(201, 400),
    request: async () => ({
      url: "/api/expenses",
      payload: {
        description: "M",
        amount: "1.00",
        date: "2026-03-01",
        categoryId: (await ourCategory()).id,
        // Paid by our member: a payer of this family, never one the other family may name.
        paidByUserId: (sessions.get("member") as SignedIn).user.id,
      },
    }),
  },
  "POST /api/imports/preview": {
    // Each family's preview reads the file against its own expenses.
    expected: scoped(200, 200),
    request: async () => ({
      url: "/api/imports/preview",
      payload: {
        contentBase64: Buffer.from("Data;Descrição;Valor\n10/03/2026;Compra;-10,00\n").toString(
          "base64",
        ),
      },
    }),
  },
  "POST /api/imports": {
    // The other family cannot import a line under our category: nothing is imported.
    expected: scoped(201, 400),
    request: async () => ({
      url: "/api/imports",
      headers: { "idempotency-key": crypto.randomUUID() },
      payload: {
        lines: [
          {
            description: "Importada",
            amount: "1.00",
            date: "2026-03-01",
            categoryId: (await ourCategory()).id,
          },
        ],
      },
    }),
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const theirs = (
        await t.app.inject({ method: "GET", url: "/api/expenses", headers: await as(actor) })
      ).json();
      expect(theirs.some((e: Expense) => e.description === "Importada")).toBe(false);
    },
  },
  "DELETE /api/expenses/examples/clear": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      return { url: "/api/expenses/examples/clear" };
    },
  },
  "PATCH /api/expenses/:id": {
    expected: scoped(200, 404),
    request: async () => {
      target = await ourExpense();
      return { url: `/api/expenses/${target.id}`, payload: { amount: "999.99" } };
    },
    check: unchangedExpense(() => target),
  },
  // A refund of another family's purchase: not found, and nothing written against it.
  "POST /api/expenses/:id/refunds": {
    expected: scoped(201, 404),
    request: async () => {
      target = await ourExpense();
      return {
        url: `/api/expenses/${target.id}/refunds`,
        payload: { amount: "1.00", date: "2026-03-10" },
      };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const list = (await ownerGet("/api/expenses")) as ExpenseListItem[];
      expect(list.filter((e) => e.refundOfId === target.id)).toEqual([]);
    },
  },
  "DELETE /api/expenses/:id": {
    expected: scoped(200, 404),
    request: async () => {
      target = await ourExpense();
      return { url: `/api/expenses/${target.id}` };
    },
    check: unchangedExpense(() => target),
  },
  // The family history: members only; another family's caller sees none of its entries.
  "GET /api/family/history": {
    expected: scoped(200, 200),
    request: async () => {
      await ourExpense();
      return { url: "/api/family/history" };
    },
    check: async (actor) => {
      if (actor !== "otherOwner") return;
      const ours = new Set(
        (await ownerGet("/api/family/history")).items.map((e: { id: string }) => e.id),
      );
      expect(ours.size).toBeGreaterThan(0);
      const theirs = await t.app.inject({
        method: "GET",
        url: "/api/family/history",
        headers: await as(actor),
      });
      expect(theirs.json().items.some((e: { id: string }) => ours.has(e.id))).toBe(false);
    },
  },
  // A fresh deleted expense each call: any member restores it; to anyone else it does not exist.
  "POST /api/family/history/:id/restore": {
    expected: scoped(200, 404),
    request: async () => {
      const expense = await ourExpense();
      await t.app.inject({
        method: "DELETE",
        url: `/api/expenses/${expense.id}`,
        headers: await as("owner"),
      });
      const entry = (await ownerGet("/api/family/history?kind=expense")).items.find(
        (e: { subjectId: string; action: string }) =>
          e.subjectId === expense.id && e.action === "deleted",
      );
      restoreEntryId = entry.id;
      return { url: `/api/family/history/${entry.id}/restore` };
    },
    check: async (actor) => {
      if (actor !== "otherOwner" && actor !== "removedMember") return;
      const entries = (await ownerGet("/api/family/history?kind=expense")).items;
      const entry = entries.find((e: { id: string }) => e.id === restoreEntryId);
      expect(entry.restorable).toBe(true);
    },
  },
};
let restoreEntryId: string;

beforeAll(async () => {
  // The matrix signs up well over the default 30 accounts an hour from one address.
  // Routes are called again and again from one address by the same users: no limit may answer.
  t = await createTestApp({
    env: {
      RATE_LIMIT_REGISTER_PER_IP: "100000",
      // Many actors' wrong codes and refused proofs come from one address here.
      RATE_LIMIT_REAUTH_PER_IP: "100000",
      RATE_LIMIT_JOIN_PER_IP: "100000",
      RATE_LIMIT_JOIN_PER_USER: "100000",
    },
  });
  const owner = await signUpWithFamily(t.app);
  ownerAccount = owner;
  familyId = owner.familyId;
  const invite = async () =>
    (
      await t.app.inject({
        method: "POST",
        url: "/api/family/invite",
        headers: { cookie: owner.cookie },
      })
    ).json().inviteCode;
  const join = async (who: SignedIn) =>
    t.app.inject({
      method: "POST",
      url: "/api/family/join",
      headers: { cookie: who.cookie },
      payload: { inviteCode: await invite() },
    });
  sessions.set("noFamily", await signUp(t.app));
  const member = await signUp(t.app);
  await join(member);
  sessions.set("member", member);
  const removed = await signUp(t.app);
  await join(removed);
  await t.app.inject({
    method: "DELETE",
    url: `/api/family/members/${removed.user.id}`,
    headers: { cookie: owner.cookie },
  });
  sessions.set("removedMember", removed);
  const other = await signUpWithFamily(t.app);
  sessions.set("otherOwner", other);
  otherFamilyCategory = await createCategory(t.app, other);
});
afterAll(() => t.close());

describe("authorization matrix", () => {
  it("has an entry for every /api route and method the server registers", () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(routes).sort()).toEqual(registered);
  });

  for (const [route, routeCase] of Object.entries(routes)) {
    const [method = "GET"] = route.split(" ");
    it(route, async () => {
      const got: Partial<Expected> = {};
      for (const actor of actors) {
        // Joining or creating a family changes the caller: those calls use a fresh one of its kind.
        const changesMembership =
          (actor === "noFamily" || actor === "removedMember") &&
          /^(POST \/api\/family(\/join)?|GET \/api\/family\/join\/:code)$/.test(route);
        const fresh = freshForAccountActions[route]?.[actor];
        const headers = changesMembership
          ? await freshActorHeaders(actor)
          : fresh
            ? await fresh()
            : await as(actor);
        const { url, payload, headers: extra, method: asked } = await routeCase.request();
        const res = await t.app.inject({
          method: (asked ?? method) as "GET",
          url,
          headers: { ...headers, ...extra },
          ...(payload !== undefined ? { payload: payload as object } : {}),
        });
        got[actor] = res.statusCode;
        if (route === "GET /api/logout" || route === "POST /api/auth/login")
          headerCache.delete(actor);
        // A password change, like ending the other devices, ends the user's other logins: the
        // owner's and the bearer's are one user.
        if (
          (route === "POST /api/profile/password" ||
            route === "POST /api/profile/sessions/end-others") &&
          (actor === "owner" || actor === "bearer")
        ) {
          headerCache.delete("owner");
          headerCache.delete("bearer");
          ownerAccount = await login(t.app, ownerAccount.email, ownerAccount.password);
        }
        expect(res.statusCode, `${route} as ${actor}: ${res.body}`).toBeLessThan(500);
        // Every /api answer, refusals and redirects included, is kept by no cache (http/no-store.ts).
        expect(res.headers["cache-control"], `${route} as ${actor}`).toBe("no-store");
        await routeCase.check?.(actor);
      }
      expect(got).toEqual(routeCase.expected);
    });
  }

  it("documents a session as needed exactly where a signed-out caller gets 401 (/api/openapi.json)", () => {
    const { paths } = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const documented = Object.entries(routes).filter(([route]) => {
      const [method = "", url = ""] = route.split(" ");
      return paths[openApiPath(url)]?.[method.toLowerCase()] !== undefined;
    });
    // Everything but the viewer's own files (hidden from the document).
    const viewer = Object.keys(routes).filter((route) => route.startsWith("GET /api/docs"));
    expect(documented.length).toBe(Object.keys(routes).length - viewer.length);
    for (const [route, { expected }] of documented) {
      const [method = "", url = ""] = route.split(" ");
      const { security } = paths[openApiPath(url)]?.[method.toLowerCase()] ?? {};
      // 401 for everyone (a forged two-factor challenge) is the call's own refusal, not a session's.
      const needsSession =
        expected.anonymous === 401 && Object.values(expected).some((status) => status !== 401);
      expect(security?.length !== 0, route).toBe(needsSession);
    }
  });

  it("left the other family's data alone", async () => {
    const theirs = (
      await t.app.inject({ method: "GET", url: "/api/categories", headers: await as("otherOwner") })
    ).json() as Category[];
    expect(theirs.find((c) => c.id === otherFamilyCategory.id)).toBeDefined();
  });
});

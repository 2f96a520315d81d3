import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { BudgetPeriodRule } from "../../contract/budget-period-rule";
import type { Category } from "../../contract/categories";
import type { Expense } from "../../contract/expenses";
import type { PaymentMethod } from "../../contract/payment-methods";
import { type SignedIn, signUp } from "./api-helpers";

export type FamilyMemberSession = SignedIn & { familyId: string };

/** A signed-in user who owns a new family (with its starter data unless cleared). */
export async function signUpWithFamily(
  app: FastifyInstance,
  options: { language?: string; clearStarterData?: boolean } = {},
): Promise<FamilyMemberSession> {
  const user = await signUp(app, { preferredLanguage: options.language ?? "en" });
  const res = await app.inject({
    method: "POST",
    url: "/api/family",
    headers: { cookie: user.cookie },
    payload: { name: "Família Teste" },
  });
  expect(res.statusCode, res.body).toBe(201);
  if (options.clearStarterData !== false) {
    const categories = await app.inject({
      method: "GET",
      url: "/api/categories",
      headers: { cookie: user.cookie },
    });
    for (const category of categories.json() as Category[]) {
      await app.inject({
        method: "DELETE",
        url: `/api/categories/${category.id}`,
        headers: { cookie: user.cookie },
      });
    }
    await app.inject({
      method: "DELETE",
      url: "/api/expenses/examples/clear",
      headers: { cookie: user.cookie },
    });
  }
  return { ...user, familyId: res.json().id };
}

/** A new user who joins `owner`'s family with a fresh invite code. */
export async function joinFamilyOf(
  app: FastifyInstance,
  owner: SignedIn,
): Promise<FamilyMemberSession> {
  const invite = await app.inject({
    method: "POST",
    url: "/api/family/invite",
    headers: { cookie: owner.cookie },
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const member = await signUp(app);
  const joined = await app.inject({
    method: "POST",
    url: "/api/family/join",
    headers: { cookie: member.cookie },
    payload: { inviteCode: invite.json().inviteCode },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return { ...member, familyId: joined.json().id };
}

export async function createCategory(
  app: FastifyInstance,
  who: SignedIn,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<Category> {
  const res = await app.inject({
    method: "POST",
    url: "/api/categories",
    headers: { cookie: who.cookie },
    payload: {
      name: "Mercado",
      icon: "tag",
      color: "#3b82f6",
      weeklyBudget: "100.00",
      monthlyBudget: "400.00",
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function createExpense(
  app: FastifyInstance,
  who: SignedIn,
  input: { categoryId: string } & Partial<Record<string, unknown>>,
): Promise<Expense> {
  const res = await app.inject({
    method: "POST",
    url: "/api/expenses",
    headers: { cookie: who.cookie },
    payload: { description: "Compra", amount: "10.00", date: "2026-03-10", ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let methodSequence = 0;

/** A payment method of `who`'s family: a credit card closing on the 3rd, due on the 10th, unless overridden. */
export async function createPaymentMethod(
  app: FastifyInstance,
  who: SignedIn,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<PaymentMethod> {
  const res = await app.inject({
    method: "POST",
    url: "/api/payment-methods",
    headers: { cookie: who.cookie },
    payload: {
      name: `Cartão ${++methodSequence}`,
      ...(overrides.kind === undefined || overrides.kind === "credit_card"
        ? { kind: "credit_card", closingDay: 3, dueDay: 10 }
        : {}),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The owner sets the family's budget month (docs/product.md#budget-periods); the rule stored. */
export async function setBudgetPeriod(
  app: FastifyInstance,
  owner: SignedIn,
  rule: BudgetPeriodRule,
): Promise<BudgetPeriodRule> {
  const res = await app.inject({
    method: "PUT",
    url: "/api/family/budget-period",
    headers: { cookie: owner.cookie },
    payload: rule,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().budgetPeriod;
}

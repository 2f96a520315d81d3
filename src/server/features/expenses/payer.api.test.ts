import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expense } from "../../../contract/expenses";
import type { FamilyPerson } from "../../../contract/family";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createCategory, createExpense } from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * Who paid (DESIGN.md decision 15): the payer of an expense defaults to who adds it, may be any
 * current member, and a member who leaves keeps their name on what they paid.
 */

let t: TestApp;
beforeAll(async () => {
  // Every case signs several people up from one address.
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

const call = (
  who: SignedIn,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...headers },
    ...(payload ? { payload } : {}),
  });

async function join(owner: SignedIn, name: string) {
  const member = await signUp(t.app, { name });
  const invite = await call(owner, "POST", "/api/family/invite");
  const joined = await call(member, "POST", "/api/family/join", {
    inviteCode: invite.json().inviteCode,
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return member;
}

/** An owner (Olga, who writes in `language`) and a member (Mario), without starter data. */
async function household(language = "en") {
  const owner = await signUp(t.app, { name: "Olga Owner", preferredLanguage: language });
  const created = await call(owner, "POST", "/api/family", { name: "Casa" });
  expect(created.statusCode, created.body).toBe(201);
  await call(owner, "DELETE", "/api/expenses/examples/clear");
  const member = await join(owner, "Mario Member");
  const category = await createCategory(t.app, owner, { name: "Contas" });
  return { owner, member, categoryId: category.id };
}

const people = async (who: SignedIn) => {
  const res = await call(who, "GET", "/api/family/people");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FamilyPerson[];
};

describe("the payer of a new expense", () => {
  it("is whoever adds it when the request does not say", async () => {
    const { member, categoryId } = await household();
    const expense = await createExpense(t.app, member, { categoryId });
    expect(expense.paidByUserId).toBe(member.user.id);
    expect(expense.addedByUserId).toBe(member.user.id);
  });

  it("is the member the request names; who typed it stays addedByUserId", async () => {
    const { owner, member, categoryId } = await household();
    const expense = await createExpense(t.app, owner, { categoryId, paidByUserId: member.user.id });
    expect(expense).toMatchObject({ paidByUserId: member.user.id, addedByUserId: owner.user.id });
    const listed = (await call(owner, "GET", "/api/expenses")).json() as Expense[];
    expect(listed.map((e) => e.paidByUserId)).toEqual([member.user.id]);
  });

  it("must be a current member of the caller's family: 400 with a translated field error", async () => {
    const { owner, categoryId } = await household("pt");
    const elsewhere = await household();
    const loner = await signUp(t.app);
    for (const paidByUserId of [
      elsewhere.owner.user.id,
      elsewhere.member.user.id,
      loner.user.id,
      "00000000-0000-4000-8000-000000000000",
      "not-a-uuid",
    ]) {
      const res = await call(owner, "POST", "/api/expenses", {
        description: "Luz",
        amount: "80.00",
        date: "2026-03-10",
        categoryId,
        paidByUserId,
      });
      expect(res.statusCode, paidByUserId).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation_error",
        errors: [{ path: "paidByUserId", message: "Escolha um membro da família" }],
      });
    }
    expect((await call(owner, "GET", "/api/expenses")).json()).toEqual([]);
  });

  it("answers the error in English and Spanish too", async () => {
    const stranger = await signUp(t.app);
    for (const [language, message] of [
      ["en", "Choose a member of the family"],
      ["es", "Elige a un miembro de la familia"],
    ]) {
      const { owner, categoryId } = await household(language);
      const res = await call(owner, "POST", "/api/expenses", {
        description: "Luz",
        amount: "80.00",
        date: "2026-03-10",
        categoryId,
        paidByUserId: stranger.user.id,
      });
      expect(res.json().errors[0].message).toBe(message);
    }
  });

  it("is the creator on the example expenses of a new family", async () => {
    const owner = await signUp(t.app, { name: "Olga Owner" });
    await call(owner, "POST", "/api/family", { name: "Casa" });
    const examples = (await call(owner, "GET", "/api/expenses")).json() as Expense[];
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.every((e) => e.isExample && e.paidByUserId === owner.user.id)).toBe(true);
  });
});

describe("changing the payer", () => {
  it("accepts another current member and refuses anyone else", async () => {
    const { owner, member, categoryId } = await household();
    const expense = await createExpense(t.app, owner, { categoryId });
    const changed = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paidByUserId: member.user.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().paidByUserId).toBe(member.user.id);
    const stranger = await signUp(t.app);
    const refused = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paidByUserId: stranger.user.id,
      description: "changed",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: "paidByUserId", message: "Choose a member of the family" },
    ]);
    const [row] = (await call(owner, "GET", "/api/expenses")).json() as Expense[];
    expect(row).toMatchObject({ paidByUserId: member.user.id, description: "Compra" });
  });

  it("keeps a former member as the payer while the expense is edited, but never makes one", async () => {
    const { owner, member, categoryId } = await household();
    const paidByMario = await createExpense(t.app, owner, {
      categoryId,
      paidByUserId: member.user.id,
    });
    const other = await createExpense(t.app, owner, { categoryId });
    const removed = await call(owner, "DELETE", `/api/family/members/${member.user.id}`, {
      keepExpenses: true,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The form sends the payer it shows: the one the expense already has.
    const kept = await call(owner, "PATCH", `/api/expenses/${paidByMario.id}`, {
      description: "Luz de março",
      paidByUserId: member.user.id,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      description: "Luz de março",
      paidByUserId: member.user.id,
    });
    const moved = await call(owner, "PATCH", `/api/expenses/${other.id}`, {
      paidByUserId: member.user.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors[0].path).toBe("paidByUserId");
  });
});

describe("GET /api/family/people", () => {
  it("lists the members, then former members who paid, with only their names", async () => {
    const { owner, member, categoryId } = await household();
    const leaver = await join(owner, "Lia Leaver");
    const quiet = await join(owner, "Quinn Quiet");
    await createExpense(t.app, owner, { categoryId, paidByUserId: member.user.id });
    await createExpense(t.app, leaver, { categoryId });
    await call(owner, "DELETE", `/api/family/members/${member.user.id}`, { keepExpenses: true });
    expect((await call(leaver, "POST", "/api/family/leave")).statusCode).toBe(200);
    // A former member who paid nothing is nobody the family needs to name.
    await call(owner, "DELETE", `/api/family/members/${quiet.user.id}`, { keepExpenses: true });

    const list = await people(owner);
    expect(list.map((p) => [p.name, p.isMember])).toEqual([
      ["Olga Owner", true],
      ["Lia Leaver", false],
      ["Mario Member", false],
    ]);
    expect(list[0]).toMatchObject({ userId: owner.user.id, email: owner.user.email });
    for (const former of list.slice(1)) {
      expect(former).toMatchObject({ email: null, profileImageUrl: null });
    }
    // The expenses still name them.
    const expenses = (await call(owner, "GET", "/api/expenses")).json() as Expense[];
    expect(new Set(expenses.map((e) => e.paidByUserId))).toEqual(
      new Set([member.user.id, leaver.user.id]),
    );
  });

  it("lists current members who paid nothing, and nobody of another family", async () => {
    const { owner, member } = await household();
    const elsewhere = await household();
    await createExpense(t.app, elsewhere.owner, { categoryId: elsewhere.categoryId });
    const list = await people(member);
    expect(list.map((p) => [p.userId, p.isMember])).toEqual([
      [owner.user.id, true],
      [member.user.id, true],
    ]);
  });

  it("answers 404 without a family", async () => {
    const loner = await signUp(t.app);
    const res = await call(loner, "GET", "/api/family/people");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_in_family");
  });
});

describe("GET /api/summary per payer", () => {
  it("adds up each payer's month, former members included", async () => {
    const { owner, member, categoryId } = await household();
    const add = (paidByUserId: string, amount: string, date = "2026-03-10") =>
      createExpense(t.app, owner, { categoryId, paidByUserId, amount, date });
    await add(owner.user.id, "10.10");
    await add(member.user.id, "20.00");
    await add(member.user.id, "0.05");
    await add(member.user.id, "500.00", "2026-04-01");
    await call(owner, "DELETE", `/api/family/members/${member.user.id}`, { keepExpenses: true });
    const res = await call(owner, "GET", "/api/summary?year=2026&month=3");
    const summary = res.json() as MonthSummaryResponse;
    expect(summary.spentByPayer).toEqual([
      { userId: member.user.id, spent: "20.05" },
      { userId: owner.user.id, spent: "10.10" },
    ]);
    expect(summary.totalSpent).toBe("30.15");
  });
});

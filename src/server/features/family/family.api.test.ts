import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITE_CODE_ALPHABET } from "../../../contract/family";
import { categories, expenses } from "../../db/schema";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const as = (who: SignedIn | null) => (who ? { cookie: who.cookie } : {});
const call = (
  who: SignedIn | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

async function familyWithMember(language = "en") {
  const owner = await signUp(t.app, { preferredLanguage: language, name: "Olga Owner" });
  const created = await call(owner, "POST", "/api/family", { name: "  Casa Silva " });
  expect(created.statusCode, created.body).toBe(201);
  const member = await signUp(t.app, { name: "Mario Member" });
  const invite = await call(owner, "POST", "/api/family/invite");
  const joined = await call(member, "POST", "/api/family/join", {
    inviteCode: invite.json().inviteCode,
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return { owner, member, familyId: created.json().id as string };
}

/** An expense made directly in the database, so these tests need nothing of the expenses API. */
async function addExpense(familyId: string, userId: string, amount = "10.00") {
  await t.database.db
    .insert(expenses)
    .values({ familyId, addedByUserId: userId, description: "Pão", amount, date: "2026-03-10" });
}

describe("actors on every family call", () => {
  let owner: SignedIn;
  let member: SignedIn;
  let stranger: SignedIn;
  let outsider: SignedIn; // member of another family
  let familyId: string;

  beforeAll(async () => {
    ({ owner, member, familyId } = await familyWithMember());
    stranger = await signUp(t.app);
    ({ member: outsider } = await familyWithMember());
  });

  it("GET /api/family", async () => {
    expect((await call(null, "GET", "/api/family")).statusCode).toBe(401);
    const none = await call(stranger, "GET", "/api/family");
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await call(member, "GET", "/api/family")).json()).toMatchObject({
      id: familyId,
      name: "Casa Silva",
      role: "member",
      ownerId: owner.user.id,
    });
    expect((await call(owner, "GET", "/api/family")).json()).toMatchObject({
      id: familyId,
      role: "owner",
    });
    expect((await call(outsider, "GET", "/api/family")).json().id).not.toBe(familyId);
  });

  it("GET /api/family/members", async () => {
    expect((await call(null, "GET", "/api/family/members")).statusCode).toBe(401);
    const none = await call(stranger, "GET", "/api/family/members");
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe("not_in_family");
    const list = await call(member, "GET", "/api/family/members");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        userId: owner.user.id,
        role: "owner",
        user: expect.objectContaining({ email: owner.email }),
      }),
      expect.objectContaining({ userId: member.user.id, role: "member" }),
    ]);
    expect(JSON.stringify(list.json())).not.toMatch(/password/i);
    const theirs = await call(outsider, "GET", "/api/family/members");
    expect(theirs.json().map((m: { userId: string }) => m.userId)).not.toContain(owner.user.id);
  });

  it("POST /api/family", async () => {
    expect((await call(null, "POST", "/api/family", { name: "X" })).statusCode).toBe(401);
    for (const who of [member, owner, outsider]) {
      const res = await call(who, "POST", "/api/family", { name: "Second" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: "already_in_family",
        message: "You already belong to a family",
      });
    }
  });

  it("POST /api/family/invite", async () => {
    expect((await call(null, "POST", "/api/family/invite")).statusCode).toBe(401);
    expect((await call(stranger, "POST", "/api/family/invite")).json().code).toBe("not_in_family");
    for (const who of [member, owner]) {
      const res = await call(who, "POST", "/api/family/invite");
      expect(res.statusCode).toBe(201);
      const { inviteCode, url, expiresAt } = res.json();
      expect(inviteCode).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`));
      expect(url).toBe(`http://localhost:3000/api/family/join/${inviteCode}`);
      expect(Date.parse(expiresAt) - clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    }
  });

  it("POST /api/family/join", async () => {
    const code = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    expect((await call(null, "POST", "/api/family/join", { inviteCode: code })).statusCode).toBe(
      401,
    );
    for (const who of [member, owner, outsider]) {
      const res = await call(who, "POST", "/api/family/join", { inviteCode: code });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("already_in_family");
    }
    // Nobody above used it up: it still works for a newcomer.
    const newcomer = await signUp(t.app);
    expect(
      (await call(newcomer, "POST", "/api/family/join", { inviteCode: code })).statusCode,
    ).toBe(200);
  });

  it("DELETE /api/family/members/:userId", async () => {
    const url = `/api/family/members/${member.user.id}`;
    expect((await call(null, "DELETE", url)).statusCode).toBe(401);
    expect((await call(stranger, "DELETE", url)).json().code).toBe("not_in_family");
    const byMember = await call(member, "DELETE", `/api/family/members/${owner.user.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe("only_owner");
    const self = await call(owner, "DELETE", `/api/family/members/${owner.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe("cannot_remove_owner");
    const foreign = await call(owner, "DELETE", `/api/family/members/${outsider.user.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("member_not_found");
    expect((await call(outsider, "GET", "/api/family")).json()).not.toBeNull();
    const badId = await call(owner, "DELETE", "/api/family/members/not-a-uuid");
    expect(badId.statusCode).toBe(400);
  });
});

describe("creating a family", () => {
  it("makes the creator owner and seeds starter categories in their language and example expenses this month", async () => {
    const owner = await signUp(t.app, { preferredLanguage: "pt" });
    const res = await call(owner, "POST", "/api/family", { name: "Família Prado" });
    expect(res.json()).toMatchObject({
      name: "Família Prado",
      role: "owner",
      ownerId: owner.user.id,
    });
    const familyId = res.json().id;
    const seeded = await t.database.db
      .select()
      .from(categories)
      .where(eq(categories.familyId, familyId));
    expect(seeded.map((c) => c.name)).toEqual([
      "Alimentação",
      "Transporte",
      "Moradia",
      "Lazer",
      "Saúde",
    ]);
    for (const category of seeded) {
      expect(Number(category.weeklyBudget) * 4).toBeCloseTo(Number(category.monthlyBudget), 2);
    }
    const examples = await t.database.db
      .select()
      .from(expenses)
      .where(eq(expenses.familyId, familyId));
    expect(examples.length).toBeGreaterThan(0);
    for (const expense of examples) {
      expect(expense).toMatchObject({
        isExample: true,
        date: expect.stringMatching(/^2026-03-/),
        addedByUserId: owner.user.id,
      });
      expect(expense.description).toMatch(/\(exemplo\)$/);
      expect(expense.categoryId).not.toBeNull();
    }
  });

  it("refuses a blank name with a translated message", async () => {
    const owner = await signUp(t.app, { preferredLanguage: "pt" });
    const res = await call(owner, "POST", "/api/family", { name: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: "name", message: "Informe o nome da família" }]);
  });
});

describe("invites", () => {
  it("accept a code typed in lower case with spaces", async () => {
    const { owner } = await familyWithMember();
    const code: string = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    const newcomer = await signUp(t.app);
    const res = await call(newcomer, "POST", "/api/family/join", {
      inviteCode: ` ${code.toLowerCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe("member");
  });

  it("are single use", async () => {
    const { owner } = await familyWithMember();
    const code = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    expect(
      (await call(await signUp(t.app), "POST", "/api/family/join", { inviteCode: code }))
        .statusCode,
    ).toBe(200);
    const second = await call(
      await signUp(t.app, { preferredLanguage: "pt" }),
      "POST",
      "/api/family/join",
      {
        inviteCode: code,
      },
    );
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual({
      code: "invite_expired",
      message: "Código de convite expirado ou já utilizado",
    });
  });

  it("expire after 7 days", async () => {
    const { owner } = await familyWithMember();
    const first = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    clock.advance(7 * 24 * 60 * 60 * 1000 - 60_000);
    expect(
      (await call(await signUp(t.app), "POST", "/api/family/join", { inviteCode: first }))
        .statusCode,
    ).toBe(200);
    const second = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    clock.advance(7 * 24 * 60 * 60 * 1000);
    const late = await call(await signUp(t.app), "POST", "/api/family/join", {
      inviteCode: second,
    });
    expect(late.statusCode).toBe(410);
  });

  it("are revoked by a newer invite from the same member, not by another member's", async () => {
    const { owner, member } = await familyWithMember();
    const older = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    const fromMember = (await call(member, "POST", "/api/family/invite")).json().inviteCode;
    const newer = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    expect(
      (await call(await signUp(t.app), "POST", "/api/family/join", { inviteCode: older }))
        .statusCode,
    ).toBe(410);
    expect(
      (await call(await signUp(t.app), "POST", "/api/family/join", { inviteCode: newer }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(await signUp(t.app), "POST", "/api/family/join", { inviteCode: fromMember }))
        .statusCode,
    ).toBe(200);
  });

  it("answer 404 for an unknown code", async () => {
    const res = await call(
      await signUp(t.app, { preferredLanguage: "pt" }),
      "POST",
      "/api/family/join",
      {
        inviteCode: "ZZZZZZZZ",
      },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: "invalid_invite_code",
      message: "Código de convite inválido",
    });
  });

  it("let exactly one of two people racing for one code join", async () => {
    const { owner, familyId } = await familyWithMember();
    const code = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    const racers = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const results = await Promise.all(
      racers.map((racer) => call(racer, "POST", "/api/family/join", { inviteCode: code })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
    const members = (await call(owner, "GET", "/api/family/members")).json();
    expect(members).toHaveLength(3);
    expect((await call(owner, "GET", "/api/family")).json().id).toBe(familyId);
  });
});

describe("GET /api/family/join/:code (the invite link)", () => {
  const open = (who: SignedIn | null, code: string) => call(who, "GET", `/api/family/join/${code}`);

  it("sends a signed-out visitor to log in, then to the confirmation screen, never the link", async () => {
    const res = await open(null, "abcd2345");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?next=%2Fjoin%2FABCD2345");
  });

  it("joins and redirects with the query-string feedback of the spec", async () => {
    const { owner, member } = await familyWithMember();
    const code = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    const newcomer = await signUp(t.app);
    expect((await open(newcomer, code)).headers.location).toBe("/?success=familia-ingressada");
    expect((await call(newcomer, "GET", "/api/family")).json().role).toBe("member");
    expect((await open(await signUp(t.app), code)).headers.location).toBe(
      "/?error=codigo-expirado",
    );
    expect((await open(await signUp(t.app), "NOPE2345")).headers.location).toBe(
      "/?error=codigo-invalido",
    );
    const fresh = (await call(owner, "POST", "/api/family/invite")).json().inviteCode;
    expect((await open(member, fresh)).headers.location).toBe("/?error=ja-tem-familia");
  });
});

describe("removing a member", () => {
  it("takes effect on the member's very next request, with the same session", async () => {
    const { owner, member } = await familyWithMember();
    // The membership is read with the session on every request (http/sessions.ts): nothing is
    // cached between two requests of one session, whichever credential it uses.
    const bearer = { authorization: `Bearer ${member.token}` };
    for (const url of ["/api/categories", "/api/expenses", "/api/summary?month=3&year=2026"]) {
      expect((await call(member, "GET", url)).statusCode, url).toBe(200);
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/api/expenses", headers: bearer })).statusCode,
    ).toBe(200);
    const removed = await call(owner, "DELETE", `/api/family/members/${member.user.id}`);
    expect(removed.statusCode).toBe(200);
    for (const url of [
      "/api/categories",
      "/api/expenses",
      "/api/expenses/page",
      "/api/summary?month=3&year=2026",
    ]) {
      const res = await call(member, "GET", url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe("not_in_family");
    }
    const viaBearer = await t.app.inject({ method: "GET", url: "/api/expenses", headers: bearer });
    expect(viaBearer.json().code).toBe("not_in_family");
    // Joining again works from the next request on, with the same session.
    const invite = await call(owner, "POST", "/api/family/invite");
    await call(member, "POST", "/api/family/join", { inviteCode: invite.json().inviteCode });
    expect((await call(member, "GET", "/api/categories")).statusCode).toBe(200);
  });

  it("keeps their expenses by default", async () => {
    const { owner, member, familyId } = await familyWithMember();
    await addExpense(familyId, member.user.id);
    const res = await call(owner, "DELETE", `/api/family/members/${member.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: true, deletedExpenses: 0 });
    const left = await t.database.db
      .select()
      .from(expenses)
      .where(and(eq(expenses.familyId, familyId), eq(expenses.addedByUserId, member.user.id)));
    expect(left).toHaveLength(1);
    expect((await call(member, "GET", "/api/family")).json()).toBeNull();
    expect((await call(member, "GET", "/api/family/members")).statusCode).toBe(404);
  });

  it("with keepExpenses=false deletes every expense they added, and only those", async () => {
    const { owner, member, familyId } = await familyWithMember();
    await addExpense(familyId, member.user.id, "10.00");
    await addExpense(familyId, member.user.id, "20.00");
    await addExpense(familyId, owner.user.id, "30.00");
    const before = await t.database.db
      .select()
      .from(expenses)
      .where(eq(expenses.familyId, familyId));
    const res = await call(owner, "DELETE", `/api/family/members/${member.user.id}`, {
      keepExpenses: false,
    });
    expect(res.json()).toEqual({ removed: true, deletedExpenses: 2 });
    const after = await t.database.db
      .select()
      .from(expenses)
      .where(eq(expenses.familyId, familyId));
    expect(after).toHaveLength(before.length - 2);
    expect(after.some((e) => e.addedByUserId === member.user.id)).toBe(false);
  });

  it("stops the removed member's unused invites", async () => {
    const { owner, member } = await familyWithMember();
    const code = (await call(member, "POST", "/api/family/invite")).json().inviteCode;
    await call(owner, "DELETE", `/api/family/members/${member.user.id}`);
    expect(
      (await call(await signUp(t.app), "POST", "/api/family/join", { inviteCode: code }))
        .statusCode,
    ).toBe(410);
  });

  it("lets the removed member create or join another family", async () => {
    const { owner, member } = await familyWithMember();
    await call(owner, "DELETE", `/api/family/members/${member.user.id}`);
    expect((await call(member, "POST", "/api/family", { name: "Nova" })).statusCode).toBe(201);
  });
});

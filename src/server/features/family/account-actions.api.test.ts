import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenses, families } from "../../db/schema";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/** Leaving a family, handing it over and deleting it (docs/product.md#leaving-a-family). */

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const call = (
  who: SignedIn | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function newFamily(language = "en", name = "Casa Silva") {
  const owner = await signUp(t.app, { preferredLanguage: language, name: "Olga Owner" });
  const created = await call(owner, "POST", "/api/family", { name });
  expect(created.statusCode, created.body).toBe(201);
  return { owner, familyId: created.json().id as string };
}

async function join(owner: SignedIn, language = "en") {
  const member = await signUp(t.app, { name: "Mario Member", preferredLanguage: language });
  const invite = await call(owner, "POST", "/api/family/invite");
  const joined = await call(member, "POST", "/api/family/join", {
    inviteCode: invite.json().inviteCode,
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return member;
}

async function expenseBy(who: SignedIn, description: string) {
  const category = (await call(who, "GET", "/api/categories")).json()[0];
  const res = await call(who, "POST", "/api/expenses", {
    description,
    amount: "12.50",
    date: "2026-03-10",
    categoryId: category.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; addedByUserId: string };
}

const rowCounts = async (familyId: string) => {
  const { rows } = (await t.database.db.execute(sql`
    select (select count(*) from families where id = ${familyId})::int as families,
      (select count(*) from family_members where family_id = ${familyId})::int as members,
      (select count(*) from family_invites where family_id = ${familyId})::int as invites,
      (select count(*) from categories where family_id = ${familyId})::int as categories,
      (select count(*) from expenses where family_id = ${familyId})::int as expenses`)) as unknown as {
    rows: Record<string, number>[];
  };
  return rows[0];
};

describe("POST /api/family/leave", () => {
  it("lets a member leave; their expenses stay with the family under their name", async () => {
    const { owner, familyId } = await newFamily();
    const member = await join(owner);
    const theirs = await expenseBy(member, "Padaria");
    const invite = (await call(member, "POST", "/api/family/invite")).json().inviteCode;

    const res = await call(member, "POST", "/api/family/leave");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ left: true });

    expect((await call(member, "GET", "/api/family")).json()).toBeNull();
    expect((await call(member, "GET", "/api/expenses")).json().code).toBe("not_in_family");
    const members = (await call(owner, "GET", "/api/family/members")).json();
    expect(members.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id]);
    const [kept] = await t.database.db.select().from(expenses).where(eq(expenses.id, theirs.id));
    expect(kept).toMatchObject({ familyId, addedByUserId: member.user.id, description: "Padaria" });
    const list = (await call(owner, "GET", "/api/expenses")).json() as { id: string }[];
    expect(list.some((e) => e.id === theirs.id)).toBe(true);
    // The invite they had made no longer lets anyone in.
    const newcomer = await signUp(t.app);
    const joined = await call(newcomer, "POST", "/api/family/join", { inviteCode: invite });
    expect(joined.json().code).toBe("invite_expired");
    // They can start again: create or join another family.
    expect((await call(member, "POST", "/api/family", { name: "Nova" })).statusCode).toBe(201);
  });

  it("refuses the owner while other members remain, in the owner's language", async () => {
    for (const [language, message] of [
      [
        "pt",
        "Como proprietário, você não pode sair da família enquanto houver outros membros. Transfira a propriedade para um membro primeiro.",
      ],
      [
        "en",
        "As the owner you cannot leave the family while other members remain. Transfer ownership to a member first.",
      ],
      [
        "es",
        "Como propietario no puedes salir de la familia mientras haya otros miembros. Transfiere la propiedad a un miembro primero.",
      ],
    ] as const) {
      const { owner } = await newFamily(language);
      await join(owner);
      const res = await call(owner, "POST", "/api/family/leave");
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: "owner_cannot_leave", message });
      expect((await call(owner, "GET", "/api/family")).json().role).toBe("owner");
    }
  });

  it("refuses the owner alone too (the family is deleted instead), and callers without a family", async () => {
    const { owner } = await newFamily();
    expect((await call(owner, "POST", "/api/family/leave")).json().code).toBe("owner_cannot_leave");
    expect((await call(null, "POST", "/api/family/leave")).statusCode).toBe(401);
    const loner = await signUp(t.app);
    const res = await call(loner, "POST", "/api/family/leave");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_in_family");
  });
});

describe("POST /api/family/transfer", () => {
  it("makes the member the owner and the old owner a member", async () => {
    const { owner, familyId } = await newFamily();
    const member = await join(owner);
    const res = await call(owner, "POST", "/api/family/transfer", { userId: member.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: familyId, ownerId: member.user.id, role: "member" });

    expect((await call(member, "GET", "/api/family")).json()).toMatchObject({
      role: "owner",
      ownerId: member.user.id,
    });
    const roles = (await call(owner, "GET", "/api/family/members")).json();
    expect(roles.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [member.user.id, "owner"],
      [owner.user.id, "member"],
    ]);
    // The old owner may now leave; the new one runs the family.
    expect((await call(owner, "DELETE", `/api/family/members/${member.user.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(owner, "POST", "/api/family/leave")).statusCode).toBe(200);
    expect((await call(member, "GET", "/api/family/members")).json()).toHaveLength(1);
  });

  it("refuses a member, the owner themselves, a non-member and a member of another family", async () => {
    const { owner } = await newFamily("pt");
    const member = await join(owner);
    const { owner: otherOwner } = await newFamily();
    const otherMember = await join(otherOwner);
    const stranger = await signUp(t.app);

    const byMember = await call(member, "POST", "/api/family/transfer", { userId: member.user.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe("only_owner");

    const toSelf = await call(owner, "POST", "/api/family/transfer", { userId: owner.user.id });
    expect(toSelf.statusCode).toBe(400);
    expect(toSelf.json()).toEqual({
      code: "transfer_to_self",
      message: "Você já é o proprietário desta família.",
    });

    for (const userId of [stranger.user.id, otherMember.user.id, otherOwner.user.id]) {
      const res = await call(owner, "POST", "/api/family/transfer", { userId });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("member_not_found");
    }
    // The other family's owner cannot hand our member anything, nor take our family.
    const theirs = await call(otherOwner, "POST", "/api/family/transfer", {
      userId: member.user.id,
    });
    expect(theirs.json().code).toBe("member_not_found");
    expect((await call(owner, "GET", "/api/family")).json().role).toBe("owner");
    expect((await call(otherMember, "GET", "/api/family")).json().role).toBe("member");

    const bad = await call(owner, "POST", "/api/family/transfer", { userId: "not-a-uuid" });
    expect(bad.json()).toMatchObject({ code: "validation_error", errors: [{ path: "userId" }] });
    expect(
      (await call(null, "POST", "/api/family/transfer", { userId: member.user.id })).statusCode,
    ).toBe(401);
  });

  it("of two transfers at once by the same owner, one wins and the family keeps one owner", async () => {
    const { owner, familyId } = await newFamily();
    const first = await join(owner);
    const second = await join(owner);
    const results = await Promise.all(
      [first, second].map((to) =>
        call(owner, "POST", "/api/family/transfer", { userId: to.user.id }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const members = (await call(first, "GET", "/api/family/members")).json() as {
      role: string;
      userId: string;
    }[];
    const owners = members.filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
    const [family] = await t.database.db.select().from(families).where(eq(families.id, familyId));
    expect(family?.ownerId).toBe(owners[0]?.userId);
  });
});

describe("DELETE /api/family", () => {
  it("deletes the family of an owner alone with its categories, expenses, invites and membership", async () => {
    const { owner, familyId } = await newFamily("en", "Casa Silva");
    const member = await join(owner);
    await expenseBy(member, "Mercado");
    await call(owner, "POST", "/api/family/invite");
    expect((await call(member, "POST", "/api/family/leave")).statusCode).toBe(200);
    const before = await rowCounts(familyId);
    expect(before).toMatchObject({ families: 1, members: 1 });
    expect(before?.categories).toBeGreaterThan(0);
    expect(before?.expenses).toBeGreaterThan(0);
    expect(before?.invites).toBeGreaterThan(0);
    // A summary kept under the family's data version (http/family-json-cache.ts) before the delete.
    expect((await call(owner, "GET", "/api/summary?month=3&year=2026")).statusCode).toBe(200);

    const res = await call(owner, "DELETE", "/api/family", { name: " Casa Silva " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(await rowCounts(familyId)).toEqual({
      families: 0,
      members: 0,
      invites: 0,
      categories: 0,
      expenses: 0,
    });
    expect((await call(owner, "GET", "/api/family")).json()).toBeNull();
    const summary = await call(owner, "GET", "/api/summary?month=3&year=2026");
    expect(summary.json().code).toBe("not_in_family");
    // The member who left keeps their account; the owner can start a new family.
    expect((await call(member, "GET", "/api/auth/user")).statusCode).toBe(200);
    expect((await call(owner, "POST", "/api/family", { name: "Outra" })).statusCode).toBe(201);
  });

  it("refuses a wrong name as a translated error on the field, and deletes nothing", async () => {
    const { owner, familyId } = await newFamily("pt", "Casa Silva");
    const before = await rowCounts(familyId);
    for (const name of ["casa silva", "Casa", "Casa Silva!"]) {
      const res = await call(owner, "DELETE", "/api/family", { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: "family_name_mismatch",
        message: "O nome digitado não é o nome da família.",
        errors: [{ path: "name", message: "O nome digitado não é o nome da família" }],
      });
    }
    const empty = await call(owner, "DELETE", "/api/family", { name: "" });
    expect(empty.json()).toMatchObject({
      code: "validation_error",
      errors: [{ path: "name", message: "Digite o nome da família para confirmar" }],
    });
    expect(await rowCounts(familyId)).toEqual(before);
  });

  it("refuses while other members remain, and refuses members and other families", async () => {
    const { owner, familyId } = await newFamily("en", "Casa Silva");
    const member = await join(owner);
    const { owner: otherOwner, familyId: otherId } = await newFamily("en", "Casa Silva");
    const before = await rowCounts(familyId);

    const withMembers = await call(owner, "DELETE", "/api/family", { name: "Casa Silva" });
    expect(withMembers.statusCode).toBe(409);
    expect(withMembers.json()).toEqual({
      code: "family_has_members",
      message:
        "The family still has other members. Transfer ownership to a member, or remove them, before deleting it.",
    });
    const byMember = await call(member, "DELETE", "/api/family", { name: "Casa Silva" });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe("only_owner");
    expect(await rowCounts(familyId)).toEqual(before);

    // The other owner's call only ever reaches their own family, even with the same name.
    expect(
      (await call(otherOwner, "DELETE", "/api/family", { name: "Casa Silva" })).statusCode,
    ).toBe(200);
    expect((await rowCounts(otherId))?.families).toBe(0);
    expect(await rowCounts(familyId)).toEqual(before);
    expect((await call(null, "DELETE", "/api/family", { name: "Casa Silva" })).statusCode).toBe(
      401,
    );
    const loner = await signUp(t.app);
    expect((await call(loner, "DELETE", "/api/family", { name: "Casa Silva" })).json().code).toBe(
      "not_in_family",
    );
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyInvites, users } from "../../db/schema";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/**
 * Join confirmation (docs/product.md#joining-by-link): the invite link joins in one step only when
 * opened directly, from the app itself or by an API client; from another site it leads to the
 * confirmation screen, whose preview shows only the family's name and the inviter's name.
 */

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_REGISTER_PER_IP: "100000" } });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function ownerWithInvite(name = "Olga Owner") {
  const owner = await signUp(t.app, { name });
  const created = await t.app.inject({
    method: "POST",
    url: "/api/family",
    headers: { cookie: owner.cookie },
    payload: { name: "Casa Silva" },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { owner, code: await newInvite(owner) };
}

async function newInvite(owner: SignedIn): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/family/invite",
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().inviteCode;
}

const openLink = (
  who: SignedIn | null,
  code: string,
  fetchSite?: string,
  method: "GET" | "HEAD" = "GET",
) =>
  t.app.inject({
    method,
    url: `/api/family/join/${code}`,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(fetchSite ? { "sec-fetch-site": fetchSite } : {}),
    },
  });

const familyOf = async (who: SignedIn) =>
  (
    await t.app.inject({ method: "GET", url: "/api/family", headers: { cookie: who.cookie } })
  ).json();

const preview = (who: SignedIn | null, code: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/family/invite/${code}`,
    headers: who ? { cookie: who.cookie } : {},
  });

describe("GET /api/family/join/:code by where it was opened", () => {
  for (const fetchSite of ["cross-site", "same-site", "something-new"]) {
    it(`opened with Sec-Fetch-Site: ${fetchSite}, leads to the confirmation screen and joins nobody`, async () => {
      const { code } = await ownerWithInvite();
      const visitor = await signUp(t.app);
      const res = await openLink(visitor, code.toLowerCase(), fetchSite);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/join/${code}`);
      expect(await familyOf(visitor)).toBeNull();
      const [invite] = await t.database.db
        .select()
        .from(familyInvites)
        .where(eq(familyInvites.inviteCode, code));
      expect(invite?.usedAt).toBeNull();
      // The code is still usable: the confirmation screen's POST joins with it.
      const joined = await t.app.inject({
        method: "POST",
        url: "/api/family/join",
        headers: { cookie: visitor.cookie, "content-type": "application/json" },
        payload: { inviteCode: code },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      expect((await familyOf(visitor)).name).toBe("Casa Silva");
    });
  }

  it("signed out and opened from another site, goes through the sign-in to the confirmation screen", async () => {
    const res = await openLink(null, "abcd2345", "cross-site");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?next=${encodeURIComponent("/join/ABCD2345")}`);
    // Opened directly too: a /login?next= address can be crafted by anyone, so what follows a
    // sign-in never joins by itself.
    expect((await openLink(null, "abcd2345", "none")).headers.location).toBe(
      `/login?next=${encodeURIComponent("/join/ABCD2345")}`,
    );
  });

  it("keeps a strange code inside the screen's path", async () => {
    const res = await openLink(await signUp(t.app), "a%3Fb%23c%2F..", "cross-site");
    expect(res.headers.location).toBe(`/join/${encodeURIComponent("A?B#C/..")}`);
  });

  for (const fetchSite of ["none", "same-origin", undefined]) {
    it(`opened with ${fetchSite ? `Sec-Fetch-Site: ${fetchSite}` : "no Sec-Fetch-Site"}, joins in one step`, async () => {
      const { code } = await ownerWithInvite();
      const visitor = await signUp(t.app);
      const res = await openLink(visitor, code, fetchSite);
      expect(res.headers.location).toBe("/?success=familia-ingressada");
      expect((await familyOf(visitor)).role).toBe("member");
    });
  }

  it("never joins by HEAD, however it was opened", async () => {
    const { code } = await ownerWithInvite();
    const visitor = await signUp(t.app);
    for (const fetchSite of ["none", "same-origin", undefined]) {
      const res = await openLink(visitor, code, fetchSite, "HEAD");
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/join/${code}`);
    }
    expect(await familyOf(visitor)).toBeNull();
  });
});

describe("GET /api/family/invite/:code (the confirmation screen's preview)", () => {
  it("shows only the family's name and the inviter's name", async () => {
    const { code } = await ownerWithInvite("Olga Owner");
    const res = await preview(await signUp(t.app), code.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toStrictEqual({ familyName: "Casa Silva", invitedByName: "Olga Owner" });
    expect(res.body).not.toContain("@");
  });

  it("names the inviter by first and last name without a name, and by nobody without either", async () => {
    const { owner, code } = await ownerWithInvite();
    await t.database.db
      .update(users)
      .set({ name: "  ", firstName: "Olga", lastName: "Souza" })
      .where(eq(users.id, owner.user.id));
    const visitor = await signUp(t.app);
    expect((await preview(visitor, code)).json().invitedByName).toBe("Olga Souza");
    await t.database.db
      .update(users)
      .set({ name: null, firstName: null, lastName: null })
      .where(eq(users.id, owner.user.id));
    expect((await preview(visitor, code)).json()).toStrictEqual({
      familyName: "Casa Silva",
      invitedByName: null,
    });
  });

  it("answers the join's own errors, translated, and no names, for codes that would not join", async () => {
    const { owner, code } = await ownerWithInvite();
    const visitor = await signUp(t.app, { preferredLanguage: "pt" });

    const unknown = await preview(visitor, "NOPE2345");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: "invalid_invite_code",
      message: "Código de convite inválido",
    });

    // Revoked by a newer invite of the same member.
    const newer = await newInvite(owner);
    const revoked = await preview(visitor, code);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toMatchObject({
      code: "invite_expired",
      message: "Código de convite expirado ou já utilizado",
    });
    expect(revoked.body).not.toContain("Casa Silva");

    // Used.
    const other = await signUp(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/family/join",
      headers: { cookie: other.cookie },
      payload: { inviteCode: newer },
    });
    expect((await preview(visitor, newer)).statusCode).toBe(410);

    // Expired.
    const later = await newInvite(owner);
    clock.advance(7 * DAY_MS + 1);
    try {
      expect((await preview(visitor, later)).json().code).toBe("invite_expired");
    } finally {
      clock.advance(-(7 * DAY_MS + 1));
    }
    expect((await preview(visitor, later)).statusCode).toBe(200);

    // Already in a family: the join would say so too.
    const member = await preview(other, later);
    expect(member.statusCode).toBe(409);
    expect(member.json().code).toBe("already_in_family");
  });

  it("is for signed-in callers with a well-formed code only", async () => {
    const { code } = await ownerWithInvite();
    const signedOut = await preview(null, code);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain("Casa Silva");
    const tooLong = await preview(await signUp(t.app), "A".repeat(33));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe("validation_error");
  });
});

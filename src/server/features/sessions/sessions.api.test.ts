import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedInDevice } from "../../../contract/sessions";
import { sessions } from "../../db/schema";
import { cookieHeader, registerUser, type SignedIn } from "../../testing/api-helpers";
import { capturingMailer, createTestApp, type TestApp, testClock } from "../../testing/test-app";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const IPAD_SAFARI =
  "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const clock = testClock();
const mailer = capturingMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer });
});
afterAll(() => t.close());

type Account = { email: string; password: string; userId: string };

async function account(language = "en"): Promise<Account> {
  const registered = await registerUser(t.app, { preferredLanguage: language });
  return { email: registered.email, password: registered.password, userId: registered.user.id };
}

/** A login from a device with that User-Agent (none: the header is left out). */
async function signIn(who: Account, userAgent?: string): Promise<SignedIn> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: who.email, password: who.password },
    headers: userAgent === undefined ? {} : { "user-agent": userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    user: res.json().user,
    token: res.json().token,
    cookie: cookieHeader(res.headers["set-cookie"]),
    email: who.email,
    password: who.password,
  };
}

const cookieOf = (who: SignedIn) => ({ cookie: who.cookie });
const bearerOf = (who: SignedIn) => ({ authorization: `Bearer ${who.token}` });

const list = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: "GET", url: "/api/profile/sessions", headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SignedInDevice[];
};
/** The password registerUser gives every account (testing/api-helpers.ts). */
const PASSWORD = "correct horse";

/** Ending logins asks for the account's password (docs/product.md#signed-in-devices). */
const end = (
  headers: Record<string, string>,
  id: string,
  language = "en",
  payload: object = { password: PASSWORD },
) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/profile/sessions/${id}`,
    headers: { ...headers, "accept-language": language },
    payload,
  });
const endOthers = (headers: Record<string, string>, payload: object = { password: PASSWORD }) =>
  t.app.inject({ method: "POST", url: "/api/profile/sessions/end-others", headers, payload });
const status = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/user", headers })).statusCode;

/** The id the list gives the login that makes the call. */
const currentId = async (who: SignedIn) =>
  (await list(cookieOf(who))).find((login) => login.current)?.id as string;

describe("Signed-in devices", () => {
  it("refuses a signed-out caller on every call", async () => {
    for (const res of [
      await t.app.inject({ method: "GET", url: "/api/profile/sessions" }),
      await end({}, "0".repeat(32)),
      await endOthers({}),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().code).toBe("unauthorized");
    }
  });

  it("names each login's device from the User-Agent it signed in with", async () => {
    const who = await account();
    await signIn(who, IPHONE_SAFARI);
    await signIn(who, IPAD_SAFARI);
    await signIn(who);
    const computer = await signIn(who, WINDOWS_CHROME);
    const devices = (await list(cookieOf(computer))).map((login) => login.device);
    expect(devices).toHaveLength(4);
    expect(devices).toEqual(
      expect.arrayContaining([
        { type: "phone", os: "iOS", browser: "Safari" },
        { type: "tablet", os: "iOS", browser: "Safari" },
        { type: "desktop", os: "Windows", browser: "Chrome" },
        // No User-Agent (an API client): nothing to name.
        { type: "unknown", os: null, browser: null },
      ]),
    );
  });

  it("keeps only the parser's names, never the header itself", async () => {
    const who = await account();
    const hostile = `Mozilla/5.0 (Windows NT 10.0) Chrome/124.0 Safari/537.36 \u202e<script>${"x".repeat(3000)}`;
    const signedIn = await signIn(who, hostile);
    const rows = await t.database.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(eq(sessions.userId, who.userId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const stored = JSON.stringify(row.sess);
      expect(stored).not.toContain("Mozilla");
      expect(stored).not.toContain("script");
      expect((row.sess as { device: unknown }).device).toEqual({
        type: "desktop",
        os: "Windows",
        browser: "Chrome",
      });
    }
    expect(signedIn.token).toBeTruthy();
  });

  it("lists only the caller's own live logins, the current one first and marked, then the newest seen", async () => {
    const who = await account();
    const someoneElse = await account();
    const old = await signIn(who, IPHONE_SAFARI);
    clock.advance(2 * HOUR);
    const recent = await signIn(who, IPAD_SAFARI);
    clock.advance(2 * HOUR);
    await signIn(someoneElse, WINDOWS_CHROME);
    const me = await signIn(who, WINDOWS_CHROME);
    // The old login is used again through its bearer token (more than an hour later: touched).
    clock.advance(2 * HOUR);
    expect(await status(bearerOf(old))).toBe(200);
    const seenAt = clock.now().toISOString();

    const logins = await list(cookieOf(me));
    expect(logins.map((login) => [login.device.type, login.current])).toEqual([
      ["desktop", true],
      ["phone", false],
      ["tablet", false],
    ]);
    // A login's last seen is the newer of its two rows: here its bearer token's.
    expect(logins[1]?.lastSeenAt).toBe(seenAt);
    expect(logins[1]?.createdAt).not.toBe(seenAt);
    // The same list, seen from the other login: only which one is current changes.
    const fromIpad = await list(bearerOf(recent));
    expect(fromIpad[0]).toMatchObject({ device: { type: "tablet" }, current: true });
    expect(fromIpad.filter((login) => login.current)).toHaveLength(1);
    expect(new Set(fromIpad.map((login) => login.id))).toEqual(
      new Set(logins.map((login) => login.id)),
    );
    for (const login of logins) expect(login.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("leaves out logins that have expired", async () => {
    const who = await account();
    await signIn(who, IPHONE_SAFARI);
    // Past the 30-day idle timeout without a request.
    clock.advance(31 * DAY);
    const me = await signIn(who, WINDOWS_CHROME);
    const logins = await list(cookieOf(me));
    expect(logins).toHaveLength(1);
    expect(logins[0]?.current).toBe(true);
  });

  it("shows a login made before devices were recorded as an unknown device", async () => {
    const who = await account();
    const me = await signIn(who, WINDOWS_CHROME);
    const older = await signIn(who, IPHONE_SAFARI);
    const olderId = await currentId(older);
    await t.database.db
      .update(sessions)
      .set({ sess: sql`${sessions.sess} - 'device'` })
      .where(sql`${sessions.sess}->>'loginId' = ${olderId}`);
    const logins = await list(cookieOf(me));
    expect(logins.find((login) => login.id === olderId)?.device).toEqual({
      type: "unknown",
      os: null,
      browser: null,
    });
  });

  it("ends one login, both its cookie and its bearer token, and leaves the others", async () => {
    const who = await account();
    const phone = await signIn(who, IPHONE_SAFARI);
    const tablet = await signIn(who, IPAD_SAFARI);
    const me = await signIn(who, WINDOWS_CHROME);
    const phoneId = await currentId(phone);

    const res = await end(cookieOf(me), phoneId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1, current: false });
    // This browser keeps its cookie.
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await status(cookieOf(phone))).toBe(401);
    expect(await status(bearerOf(phone))).toBe(401);
    expect(await status(cookieOf(tablet))).toBe(200);
    expect(await status(bearerOf(tablet))).toBe(200);
    expect(await status(cookieOf(me))).toBe(200);
    expect((await list(cookieOf(me))).map((login) => login.id)).not.toContain(phoneId);
    // Ended already: gone, like an unknown id.
    expect((await end(cookieOf(me), phoneId)).statusCode).toBe(404);
  });

  it("asks for the password: a wrong or missing one ends nothing, with a translated error", async () => {
    const who = await account("pt");
    const phone = await signIn(who, IPHONE_SAFARI);
    const me = await signIn(who, WINDOWS_CHROME);
    const phoneId = await currentId(phone);
    const wrong = await end(cookieOf(me), phoneId, "pt", { password: "not it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: "wrong_current_password",
      errors: [{ path: "password", message: "A senha atual não está correta." }],
    });
    const missing = await end(cookieOf(me), phoneId, "pt", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("validation_error");
    const others = await t.app.inject({
      method: "POST",
      url: "/api/profile/sessions/end-others",
      headers: { ...cookieOf(me), "accept-language": "pt" },
      payload: { password: "not it" },
    });
    expect(others.statusCode).toBe(400);
    expect(others.json().code).toBe("wrong_current_password");
    const bodiless = await t.app.inject({
      method: "POST",
      url: "/api/profile/sessions/end-others",
      headers: cookieOf(me),
    });
    expect(bodiless.statusCode).toBe(400);
    expect(await status(cookieOf(phone))).toBe(200);
    expect(await status(bearerOf(phone))).toBe(200);
    expect(await list(cookieOf(me))).toHaveLength(2);
  });

  it("answers another user's login exactly like an unknown one, and leaves it signed in", async () => {
    const who = await account("pt");
    const me = await signIn(who, WINDOWS_CHROME);
    const stranger = await signIn(await account(), IPHONE_SAFARI);
    const theirs = await end(cookieOf(me), await currentId(stranger), "pt");
    const unknown = await end(cookieOf(me), "0123456789abcdef0123456789abcdef", "pt");
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      code: "not_found",
      message: "Sessão não encontrada ou já encerrada.",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(theirs.json());
    expect(await status(cookieOf(stranger))).toBe(200);
    expect(await status(bearerOf(stranger))).toBe(200);
    // Their list still has it, and mine never showed it.
    expect(await list(cookieOf(stranger))).toHaveLength(1);
    expect(await list(cookieOf(me))).toHaveLength(1);
  });

  it("refuses an id that is not a login's id with a translated field error", async () => {
    const me = await signIn(await account("es"), WINDOWS_CHROME);
    for (const id of ["abc", "0123456789ABCDEF0123456789ABCDEF", "g".repeat(32)]) {
      const res = await end(cookieOf(me), id, "es");
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation_error",
        errors: [{ path: "id" }],
      });
    }
  });

  it("ends the caller's own login like a logout: the cookie is cleared and both credentials stop working", async () => {
    const who = await account();
    const other = await signIn(who, IPHONE_SAFARI);
    const me = await signIn(who, WINDOWS_CHROME);
    const res = await end(cookieOf(me), await currentId(me));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1, current: true });
    expect(String(res.headers["set-cookie"])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await status(cookieOf(me))).toBe(401);
    expect(await status(bearerOf(me))).toBe(401);
    expect(await status(cookieOf(other))).toBe(200);

    // Through the bearer token there is no cookie to clear.
    const api = await signIn(who, "family-budget-script/1.0");
    const byToken = await end(bearerOf(api), await currentId(api));
    expect(byToken.json()).toEqual({ ended: 1, current: true });
    expect(byToken.headers["set-cookie"]).toBeUndefined();
    expect(await status(bearerOf(api))).toBe(401);
  });

  it("ends every other login and keeps the current one", async () => {
    const who = await account();
    const someoneElse = await signIn(await account(), IPHONE_SAFARI);
    const phone = await signIn(who, IPHONE_SAFARI);
    const tablet = await signIn(who, IPAD_SAFARI);
    const me = await signIn(who, WINDOWS_CHROME);

    const res = await endOthers(bearerOf(me));
    expect(res.statusCode, res.body).toBe(200);
    // Logins, not rows: each was a cookie and a bearer token.
    expect(res.json()).toEqual({ ended: 2 });
    for (const gone of [phone, tablet]) {
      expect(await status(cookieOf(gone))).toBe(401);
      expect(await status(bearerOf(gone))).toBe(401);
    }
    expect(await status(cookieOf(me))).toBe(200);
    expect(await status(bearerOf(me))).toBe(200);
    expect(await status(cookieOf(someoneElse))).toBe(200);
    expect(await list(cookieOf(me))).toEqual([expect.objectContaining({ current: true })]);
    // Nothing left to end.
    expect((await endOthers(cookieOf(me))).json()).toEqual({ ended: 0 });
  });

  it("still ends every other login on a password change, and every login on a reset", async () => {
    const who = await account();
    await signIn(who, IPHONE_SAFARI);
    const me = await signIn(who, WINDOWS_CHROME);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/profile/password",
      headers: cookieOf(me),
      payload: { currentPassword: who.password, newPassword: "a new passphrase" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await list(cookieOf(me))).toEqual([expect.objectContaining({ current: true })]);

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: who.email },
    });
    expect(reset.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const link = mailer.last()?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    const done = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "another passphrase" },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await status(cookieOf(me))).toBe(401);
    const rows = await t.database.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.userId, who.userId));
    expect(rows).toEqual([]);
  });

  it("never answers a credential: no cookie id, bearer token or stored sid", async () => {
    const who = await account();
    const phone = await signIn(who, IPHONE_SAFARI);
    const me = await signIn(who, WINDOWS_CHROME);
    const stored = await t.database.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.userId, who.userId));
    const res = await t.app.inject({
      method: "GET",
      url: "/api/profile/sessions",
      headers: cookieOf(me),
    });
    const secrets = [
      ...[phone, me].flatMap((login) => [login.token, login.cookie.split("=")[1] as string]),
      ...stored.map((row) => row.sid),
    ];
    expect(secrets).toHaveLength(8);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    // Exactly the contract's fields, nothing else from the session row.
    for (const login of res.json() as SignedInDevice[]) {
      expect(Object.keys(login).sort()).toEqual([
        "createdAt",
        "current",
        "device",
        "id",
        "lastSeenAt",
      ]);
    }
    // The id ends the login, but is no key to it: as a cookie or a bearer token it is nobody.
    const id = await currentId(phone);
    expect(await status({ authorization: `Bearer ${id}` })).toBe(401);
    expect(await status({ cookie: `sid=${id}` })).toBe(401);
  });
});

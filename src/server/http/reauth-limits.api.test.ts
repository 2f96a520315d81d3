import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedInDevice } from "../../contract/sessions";
import { login, type SignedIn, signUp } from "../testing/api-helpers";
import { createTestApp, type TestApp, testClock } from "../testing/test-app";

/**
 * The re-authentication limits (http/reauth-limits.ts, docs/product.md#rate-limits): every route
 * that checks the current password or a code counts attempts per session and per IP before the
 * check, so 40 parallel wrong tries reach it at most 10 times, and a right one works again once
 * the 15-minute window ended.
 */

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    // The per-session limit keeps its default (10); the per-IP one is made small to be reached.
    env: { RATE_LIMIT_REAUTH_PER_IP: "15", RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
});
afterAll(() => t.close());

const WINDOW_MS = 15 * 60_000;
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now().getTime() });
const wrongCodeOf = (secret: string) =>
  String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, "0");

const send = (
  who: SignedIn,
  method: "POST" | "DELETE",
  url: string,
  payload: object,
  remoteAddress = "10.70.0.1",
) => t.app.inject({ method, url, payload, remoteAddress, headers: { cookie: who.cookie } });

async function startSetup(who: SignedIn) {
  const res = await send(who, "POST", "/api/profile/two-factor/setup", { password: who.password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().secret as string;
}

async function withTwoFactor(who: SignedIn) {
  const secret = await startSetup(who);
  const res = await send(who, "POST", "/api/profile/two-factor/confirm", { code: codeOf(secret) });
  expect(res.statusCode, res.body).toBe(200);
  // The confirmation's code is spent: the next right code is the next step's.
  clock.advance(30_000);
  return secret;
}

/** Another login of the same account, and its id as the caller's device list shows it. */
async function otherLogin(who: SignedIn) {
  const other = await login(t.app, who.email, who.password);
  const res = await t.app.inject({
    method: "GET",
    url: "/api/profile/sessions",
    headers: { cookie: other.cookie },
  });
  return (res.json() as SignedInDevice[]).find((device) => device.current)?.id ?? "";
}

type Attempt = { method: "POST" | "DELETE"; url: string; wrong: object; right: () => object };

/** Each route that checks a password or a code, with a wrong and a right body for `who`. */
const routes: Record<string, (who: SignedIn) => Promise<Attempt>> = {
  "POST /api/profile/password": async (who) => ({
    method: "POST",
    url: "/api/profile/password",
    wrong: { currentPassword: "not my password", newPassword: "a new passphrase" },
    right: () => ({ currentPassword: who.password, newPassword: "a new passphrase" }),
  }),
  "POST /api/profile/two-factor/setup": async (who) => ({
    method: "POST",
    url: "/api/profile/two-factor/setup",
    wrong: { password: "not my password" },
    right: () => ({ password: who.password }),
  }),
  "POST /api/profile/two-factor/confirm": async (who) => {
    const secret = await startSetup(who);
    return {
      method: "POST",
      url: "/api/profile/two-factor/confirm",
      wrong: { code: wrongCodeOf(secret) },
      right: () => ({ code: codeOf(secret) }),
    };
  },
  "POST /api/profile/two-factor/disable": async (who) => {
    const secret = await withTwoFactor(who);
    return {
      method: "POST",
      url: "/api/profile/two-factor/disable",
      wrong: { password: who.password, code: wrongCodeOf(secret) },
      right: () => ({ password: who.password, code: codeOf(secret) }),
    };
  },
  "POST /api/profile/two-factor/recovery-codes": async (who) => {
    const secret = await withTwoFactor(who);
    return {
      method: "POST",
      url: "/api/profile/two-factor/recovery-codes",
      wrong: { password: "not my password", code: codeOf(secret) },
      right: () => ({ password: who.password, code: codeOf(secret) }),
    };
  },
  "DELETE /api/profile/sessions/:id": async (who) => ({
    method: "DELETE",
    url: `/api/profile/sessions/${await otherLogin(who)}`,
    wrong: { password: "not my password" },
    right: () => ({ password: who.password }),
  }),
  "POST /api/profile/sessions/end-others": async (who) => ({
    method: "POST",
    url: "/api/profile/sessions/end-others",
    wrong: { password: "not my password" },
    right: () => ({ password: who.password }),
  }),
};

/** The status codes of the answers, counted. */
const counted = (answers: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
};

let routeIndex = 0;

describe("re-authentication limits", () => {
  it.each(Object.keys(routes))(
    "%s: 40 parallel wrong tries from 8 addresses reach the check 10 times, the rest get a translated 429; a right one works after the window",
    async (route) => {
      const who = await signUp(t.app, { preferredLanguage: "pt" });
      const attempt = await routes[route]?.(who);
      if (!attempt) throw new Error(route);
      const net = ++routeIndex;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          send(who, attempt.method, attempt.url, attempt.wrong, `10.71.${net}.${i % 8}`),
        ),
      );
      // A 400 is an answer of the check itself (wrong password or code); a 429 never reached it.
      expect(counted(answers)).toEqual({ 400: 10, 429: 30 });
      const refused = answers.find((res) => res.statusCode === 429);
      expect(refused?.json()).toEqual({
        code: "too_many_reauth_attempts",
        message:
          "Muitas tentativas com senha ou código incorretos. Aguarde 15 minutos e tente novamente.",
      });
      // Within the window even the right proof is refused, from a new address too.
      const blocked = await send(who, attempt.method, attempt.url, attempt.right(), "10.72.0.1");
      expect(blocked.statusCode).toBe(429);
      clock.advance(WINDOW_MS);
      const later = await send(who, attempt.method, attempt.url, attempt.right(), "10.72.0.1");
      expect(later.statusCode, later.body).toBe(200);
    },
  );

  it("counts per session: a stolen session's wrong guesses leave the owner's other login free to end it", async () => {
    const owner = await signUp(t.app);
    const thief = await login(t.app, owner.email, owner.password);
    const wrong = (ip: string) =>
      send(thief, "POST", "/api/profile/sessions/end-others", { password: "a guess" }, ip);
    for (let i = 0; i < 10; i++) expect((await wrong(`10.75.0.${i}`)).statusCode).toBe(400);
    expect((await wrong("10.75.1.0")).statusCode).toBe(429);
    // The owner, on their own device, still proves who they are and signs the thief out.
    const ended = await send(
      owner,
      "POST",
      "/api/profile/sessions/end-others",
      { password: owner.password },
      "10.75.2.0",
    );
    expect(ended.statusCode, ended.body).toBe(200);
    const gone = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: thief.cookie },
    });
    expect(gone.statusCode).toBe(401);
  });

  it("counts failures only: a right proof is taken back", async () => {
    const who = await signUp(t.app);
    const wrong = (ip: string) =>
      send(who, "POST", "/api/profile/two-factor/setup", { password: "not it" }, ip);
    for (let i = 0; i < 9; i++) expect((await wrong(`10.73.0.${i}`)).statusCode).toBe(400);
    // The tenth attempt is right: counted, then taken back, so one more wrong one is allowed.
    await startSetup(who);
    expect((await wrong("10.73.1.0")).statusCode).toBe(400);
    const over = await wrong("10.73.1.1");
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(
      "Too many wrong passwords or codes. Wait 15 minutes and try again.",
    );
    clock.advance(WINDOW_MS);
  });

  it("counts per address across accounts: at most RATE_LIMIT_REAUTH_PER_IP of 20 parallel reach the check", async () => {
    const people: SignedIn[] = [];
    for (let i = 0; i < 20; i++) people.push(await signUp(t.app, { preferredLanguage: "es" }));
    const answers = await Promise.all(
      people.map((who) =>
        send(who, "POST", "/api/profile/sessions/end-others", { password: "nope" }, "10.74.0.1"),
      ),
    );
    expect(counted(answers)).toEqual({ 400: 15, 429: 5 });
    expect(answers.find((res) => res.statusCode === 429)?.json().message).toBe(
      "Demasiados intentos con una contraseña o un código incorrectos. Espera 15 minutos e inténtalo de nuevo.",
    );
    // Another address is not affected.
    const elsewhere = people[0] as SignedIn;
    const res = await send(
      elsewhere,
      "POST",
      "/api/profile/sessions/end-others",
      { password: elsewhere.password },
      "10.74.0.2",
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

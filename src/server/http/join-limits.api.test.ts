import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, signUp } from "../testing/api-helpers";
import { signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../testing/test-app";

/**
 * Invite codes must not be guessable without limit (docs/product.md#rate-limits). Join attempts
 * (the JSON POST and the GET link) are counted per user and per IP before the invite is looked up.
 */

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      RATE_LIMIT_JOIN_PER_USER: "5",
      RATE_LIMIT_JOIN_PER_IP: "8",
      RATE_LIMIT_REGISTER_PER_IP: "1000",
    },
  });
});
afterAll(() => t.close());

const postJoin = (who: SignedIn, inviteCode: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/family/join",
    remoteAddress: ip,
    headers: { cookie: who.cookie },
    payload: { inviteCode },
  });
const getJoin = (who: SignedIn | null, code: string, ip: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/family/join/${code}`,
    remoteAddress: ip,
    headers: who ? { cookie: who.cookie } : {},
  });

describe("join attempts", () => {
  it("allow RATE_LIMIT_JOIN_PER_USER per user per hour, by POST and GET alike", async () => {
    const guesser = await signUp(t.app, { preferredLanguage: "pt" });
    for (let i = 0; i < 3; i++) {
      expect((await postJoin(guesser, `WRONG${i}`, `10.20.0.${i}`)).statusCode).toBe(404);
    }
    for (let i = 3; i < 5; i++) {
      expect((await getJoin(guesser, `WRONG${i}`, `10.20.0.${i}`)).headers.location).toBe(
        "/?error=codigo-invalido",
      );
    }
    const blocked = await postJoin(guesser, "WRONG9", "10.20.1.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: "too_many_join_attempts",
      message: "Muitas tentativas de entrar em uma família. Aguarde uma hora e tente novamente.",
    });
    const blockedLink = await getJoin(guesser, "WRONG9", "10.20.1.2");
    expect(blockedLink.statusCode).toBe(429);
    expect(blockedLink.json().code).toBe("too_many_join_attempts");

    // Even the right code waits: the limit is checked before the invite is looked up.
    const owner = await signUpWithFamily(t.app);
    const code = (
      await t.app.inject({
        method: "POST",
        url: "/api/family/invite",
        headers: { cookie: owner.cookie },
      })
    ).json().inviteCode;
    expect((await postJoin(guesser, code, "10.20.1.3")).statusCode).toBe(429);
    clock.advance(60 * 60 * 1000);
    expect((await postJoin(guesser, code, "10.20.1.3")).statusCode).toBe(200);
  });

  it("allow RATE_LIMIT_JOIN_PER_IP per address across users", async () => {
    for (let i = 0; i < 8; i++) {
      const user = await signUp(t.app);
      expect((await postJoin(user, "NOPE", "10.21.0.1")).statusCode).toBe(404);
    }
    const next = await signUp(t.app);
    expect((await postJoin(next, "NOPE", "10.21.0.1")).statusCode).toBe(429);
    expect((await postJoin(next, "NOPE", "10.21.0.2")).statusCode).toBe(404);
  });

  it("hold in parallel: 40 simultaneous guesses, 5 looked up", async () => {
    const guesser = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => postJoin(guesser, `GUESS${i}`, `10.22.0.${i}`)),
    );
    const counts: Record<number, number> = {};
    for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 404: 5, 429: 35 });
  });

  it("do not count a signed-out link, which only leads to the login page", async () => {
    for (let i = 0; i < 12; i++) {
      const res = await getJoin(null, "ANYCODE", "10.23.0.1");
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^\/login\?next=/);
    }
    const user = await signUp(t.app);
    expect((await postJoin(user, "NOPE", "10.23.0.1")).statusCode).toBe(404);
  });
});

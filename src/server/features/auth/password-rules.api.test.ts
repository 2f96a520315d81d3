import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordHasher } from "../../passwords";
import { login, registerUser, signUp, uniqueEmail } from "../../testing/api-helpers";
import { capturingMailer, createTestApp, type TestApp, testConfig } from "../../testing/test-app";

/**
 * The common-password rule at registration and reset (docs/product.md#validation-limits), a reset
 * that spends argon2 only on a real link, and a reset that makes the account's other links useless
 * (docs/product.md#password-reset).
 */

// Counts the hashes made, to show a bogus reset link never reaches argon2.
const mailer = capturingMailer();
const hasher = passwordHasher(testConfig().passwordHashing);
let hashCount = 0;
const hashes = () => hashCount;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mailer,
    passwords: {
      ...hasher,
      hash: (password) => {
        hashCount += 1;
        return hasher.hash(password);
      },
    },
  });
});
afterAll(() => t.close());

const tokenFromLastMail = () => {
  const link = mailer.last()?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  return new URL(link).searchParams.get("token") ?? "";
};
const forgot = async (email: string) => {
  const before = mailer.sent.length;
  await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
  await expect.poll(() => mailer.sent.length).toBe(before + 1);
  return tokenFromLastMail();
};
const reset = (payload: Record<string, string>, language = "en") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    headers: { "accept-language": language },
    payload,
  });

describe("common passwords", () => {
  it("are refused at registration under the password field, in the caller's language, any case", async () => {
    const cases = [
      ["pt", "123456", "Esta senha está entre as mais comuns. Escolha outra."],
      ["en", "PassWord", "This password is one of the most common ones. Choose another."],
      ["es", "Qwerty123", "Esta contraseña está entre las más comunes. Elige otra."],
    ] as const;
    for (const [language, password, message] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { "accept-language": language },
        payload: { email: uniqueEmail(), password, name: "Ana Souza" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation_error",
        errors: [{ path: "password", message }],
      });
    }
  });

  it("are refused at reset, before the link is even looked at", async () => {
    const before = hashes();
    const res = await reset({ token: "whatever", password: "iloveyou" }, "pt");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: "password", message: "Esta senha está entre as mais comuns. Escolha outra." },
    ]);
    expect(hashes()).toBe(before);
  });

  it("keep the length limits: 6 to 128 characters", async () => {
    const long = await registerUser(t.app, { password: "k".repeat(128) });
    await login(t.app, long.email, "k".repeat(128));
    const tooLong = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: uniqueEmail(), password: "k".repeat(129), name: "Ana Souza" },
    });
    expect(tooLong.json().errors).toEqual([
      { path: "password", message: "Password must be at most 128 characters" },
    ]);
  });
});

describe("reset-password", () => {
  it("hashes nothing for a link that does not exist", async () => {
    const before = hashes();
    const res = await reset({ token: "no-such-link", password: "kiwi-pear" });
    expect(res.json().code).toBe("invalid_reset_token");
    expect(hashes()).toBe(before);
  });

  it("makes the account's other unused links useless and ends every session", async () => {
    const signedIn = await signUp(t.app);
    const first = await forgot(signedIn.email);
    const second = await forgot(signedIn.email);
    const other = await signUp(t.app);
    const othersLink = await forgot(other.email);

    const before = hashes();
    expect((await reset({ token: second, password: "kiwi-pear" })).statusCode).toBe(200);
    expect(hashes()).toBe(before + 1); // the counter above does see the hashes of real resets
    const refused = await reset({ token: first, password: "kiwi-apple" }, "pt");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "invalid_reset_token",
      message: expect.any(String),
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: signedIn.cookie },
    });
    expect(me.statusCode).toBe(401);
    await login(t.app, signedIn.email, "kiwi-pear");
    // Another account's link is untouched.
    expect((await reset({ token: othersLink, password: "kiwi-plum" })).statusCode).toBe(200);
  });

  it("lets one of two simultaneous resets with one link win", async () => {
    const { email } = await registerUser(t.app);
    const token = await forgot(email);
    const answers = await Promise.all([
      reset({ token, password: "kiwi-one" }),
      reset({ token, password: "kiwi-two" }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });
});

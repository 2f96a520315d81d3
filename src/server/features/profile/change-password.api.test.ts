import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, users } from "../../db/schema";
import { login, type SignedIn, signUp } from "../../testing/api-helpers";
import { capturingMailer, createTestApp, type TestApp, testClock } from "../../testing/test-app";

const clock = testClock();
const mailer = capturingMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer });
});
afterAll(() => t.close());

const change = (headers: Record<string, string>, payload: object, language = "en") =>
  t.app.inject({
    method: "POST",
    url: "/api/profile/password",
    headers: { ...headers, "accept-language": language },
    payload,
  });
const me = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/auth/user", headers });
const cookieOf = (who: SignedIn) => ({ cookie: who.cookie });
const bearerOf = (who: SignedIn) => ({ authorization: `Bearer ${who.token}` });

async function requestResetLink(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const link = mailer.last()?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  return new URL(link).searchParams.get("token") ?? "";
}

describe("POST /api/profile/password", () => {
  it("refuses a signed-out caller before looking at the body", async () => {
    const res = await change({}, { currentPassword: "x", newPassword: "new secret" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthorized");
  });

  it("answers a wrong current password as a translated error on that field, and changes nothing", async () => {
    const user = await signUp(t.app, { preferredLanguage: "pt" });
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
    const res = await change(cookieOf(user), {
      currentPassword: "not my password",
      newPassword: "brand new one",
      confirmPassword: "brand new one",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: "wrong_current_password",
      message: "A senha atual não está correta.",
      errors: [{ path: "currentPassword", message: "A senha atual não está correta." }],
    });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    await login(t.app, user.email, user.password);
  });

  it("speaks each of the three languages", async () => {
    for (const [language, message] of [
      ["pt", "A senha atual não está correta."],
      ["en", "The current password is not correct."],
      ["es", "La contraseña actual no es correcta."],
    ] as const) {
      const user = await signUp(t.app, { preferredLanguage: language });
      const res = await change(cookieOf(user), {
        currentPassword: "wrong one",
        newPassword: "brand new one",
      });
      expect(res.json()).toMatchObject({
        message,
        errors: [{ path: "currentPassword", message }],
      });
    }
  });

  it("applies the registration rule to the new password and checks the confirmation", async () => {
    const user = await signUp(t.app, { preferredLanguage: "pt" });
    const cases: [object, { path: string; message: string }[]][] = [
      [
        { currentPassword: user.password, newPassword: "12345" },
        [{ path: "newPassword", message: "Senha deve ter no mínimo 6 caracteres" }],
      ],
      [
        { currentPassword: user.password, newPassword: "x".repeat(129) },
        [{ path: "newPassword", message: "Senha deve ter no máximo 128 caracteres" }],
      ],
      [
        { currentPassword: user.password, newPassword: "new secret", confirmPassword: "other" },
        [{ path: "confirmPassword", message: "As senhas não coincidem" }],
      ],
      [
        { currentPassword: "", newPassword: "new secret" },
        [{ path: "currentPassword", message: "Senha é obrigatória" }],
      ],
      // The registration rule's common-password check (server/password-policy.ts), any case.
      [
        { currentPassword: user.password, newPassword: "123456" },
        [{ path: "newPassword", message: "Esta senha está entre as mais comuns. Escolha outra." }],
      ],
      [
        { currentPassword: user.password, newPassword: "PassWord1" },
        [{ path: "newPassword", message: "Esta senha está entre as mais comuns. Escolha outra." }],
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await change(cookieOf(user), payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation_error", errors });
    }
    await login(t.app, user.email, user.password);
  });

  it("changes the password, ends every other login and keeps this one (cookie and bearer)", async () => {
    const user = await signUp(t.app, { preferredLanguage: "en" });
    const phone = await login(t.app, user.email, user.password);
    const laptop = await login(t.app, user.email, user.password);
    const other = await signUp(t.app);

    const res = await change(cookieOf(user), {
      currentPassword: user.password,
      newPassword: "a much better one",
      confirmPassword: "a much better one",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: "Password changed. Your other devices were signed out.",
    });

    // This login goes on, through both of its credentials.
    expect((await me(cookieOf(user))).statusCode).toBe(200);
    expect((await me(bearerOf(user))).statusCode).toBe(200);
    // Every other login of the account ended; another account's did not.
    for (const ended of [phone, laptop]) {
      expect((await me(cookieOf(ended))).statusCode).toBe(401);
      expect((await me(bearerOf(ended))).statusCode).toBe(401);
    }
    expect((await me(cookieOf(other))).statusCode).toBe(200);

    // The old password is refused and the new one signs in.
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, user.email, "a much better one");
  });

  it("makes every unused reset link of the account unusable", async () => {
    const user = await signUp(t.app);
    const first = await requestResetLink(user.email);
    const second = await requestResetLink(user.email);
    const someoneElse = await signUp(t.app);
    const theirs = await requestResetLink(someoneElse.email);

    const res = await change(cookieOf(user), {
      currentPassword: user.password,
      newPassword: "changed while signed in",
    });
    expect(res.statusCode, res.body).toBe(200);

    for (const token of [first, second]) {
      const reset = await t.app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, password: "taken over by a link" },
      });
      expect(reset.statusCode, reset.body).toBe(400);
      expect(reset.json().code).toBe("invalid_reset_token");
    }
    await login(t.app, user.email, "changed while signed in");
    // Another account's link is not touched.
    const unused = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, someoneElse.user.id));
    expect(unused.map((row) => row.usedAt)).toEqual([null]);
    expect(theirs).not.toBe("");
  });

  it("of two changes racing with the same old password, only one wins", async () => {
    const user = await signUp(t.app);
    const results = await Promise.all(
      ["first new password", "second new password"].map((newPassword) =>
        change(cookieOf(user), { currentPassword: user.password, newPassword }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? "first new password" : "second new password";
    await login(t.app, user.email, winner);
  });
});

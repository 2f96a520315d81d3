import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, sessions, users, verificationTokens } from "../../db/schema";
import { cookieHeader, login, registerUser, signUp, uniqueEmail } from "../../testing/api-helpers";
import { capturingMailer, createTestApp, type TestApp, testClock } from "../../testing/test-app";

const clock = testClock();
const mailer = capturingMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, mailer });
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/auth/user", headers });

const tokenFromLastMail = () => {
  const link = mailer.last()?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  return new URL(link).searchParams.get("token") ?? "";
};

describe("POST /api/auth/register", () => {
  it("creates the account, stores the e-mail trimmed and lower-cased, and never returns the hash", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "  Maria.Silva@Example.ORG ",
        password: "secret-71",
        name: "Maria da Silva",
      },
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: "maria.silva@example.org",
      name: "Maria da Silva",
      firstName: "Maria",
      lastName: "da Silva",
      emailVerified: true,
      preferredLanguage: "en",
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon2/i);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("defaults the preferred language to the caller's and keeps a chosen one", async () => {
    const pt = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "accept-language": "pt-BR" },
      payload: { email: uniqueEmail(), password: "secret-71", name: "Rui" },
    });
    expect(pt.json().user.preferredLanguage).toBe("pt");
    const es = await registerUser(t.app, { preferredLanguage: "es" });
    expect(es.user.preferredLanguage).toBe("es");
  });

  it("answers 409 for an e-mail already registered in any case", async () => {
    const { email } = await registerUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "accept-language": "pt" },
      payload: { email: email.toUpperCase(), password: "secret-71", name: "Outra" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: "email_taken",
      message: "Já existe uma conta com este e-mail.",
    });
  });

  it("answers 400 with the spec's messages in the caller's language", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "accept-language": "pt-BR" },
      payload: { email: "not-an-email", password: "12345", name: "A", preferredLanguage: "fr" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Email inválido" },
        { path: "password", message: "Senha deve ter no mínimo 6 caracteres" },
        { path: "name", message: "Nome deve ter no mínimo 2 caracteres" },
        { path: "preferredLanguage", message: "Escolha um dos valores permitidos" },
      ]),
    );
    const en = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "x@y", password: "12345", name: "A" },
    });
    expect(en.json().errors).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Invalid email" },
        { path: "password", message: "Password must be at least 6 characters" },
        { path: "name", message: "Name must be at least 2 characters" },
      ]),
    );
  });
});

describe("POST /api/auth/login", () => {
  it("answers the token and the user and sets an HttpOnly SameSite=Lax session cookie", async () => {
    const { email, password } = await registerUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
    expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");
  });

  it("accepts the e-mail in any case", async () => {
    const { email, password } = await registerUser(t.app);
    const signedIn = await login(t.app, ` ${email.toUpperCase()} `, password);
    expect(signedIn.user.email).toBe(email);
  });

  it("answers the same for an unknown e-mail and a wrong password", async () => {
    const { email } = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "not the password" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: uniqueEmail("ghost"), password: "not the password" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      code: "invalid_credentials",
      message: "Invalid email or password.",
    });
  });

  it("gives a new session id at login and ends the one the client came with", async () => {
    const first = await signUp(t.app);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: first.cookie },
      payload: { email: first.email, password: first.password },
    });
    const second = cookieHeader(again.headers["set-cookie"]);
    expect(second).not.toBe(first.cookie);
    expect((await me({ cookie: second })).statusCode).toBe(200);
    expect((await me({ cookie: first.cookie })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${first.token}` })).statusCode).toBe(401);
  });

  it("ignores a session id planted by someone else", async () => {
    const { email, password } = await registerUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: "sid=attacker-chosen-id" },
      payload: { email, password },
    });
    expect(cookieHeader(res.headers["set-cookie"])).not.toBe("sid=attacker-chosen-id");
    expect((await me({ cookie: "sid=attacker-chosen-id" })).statusCode).toBe(401);
  });

  it("stores only a keyed hash of the session ids", async () => {
    const signedIn = await signUp(t.app);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, signedIn.user.id));
    expect(rows).toHaveLength(2);
    const stored = rows.map((row) => row.sid);
    expect(stored).not.toContain(signedIn.cookie.split("=")[1]);
    expect(stored).not.toContain(signedIn.token);
  });
});

describe("GET /api/auth/user and the bearer token", () => {
  it("answers the user for the cookie and for the bearer token, 401 otherwise", async () => {
    const signedIn = await signUp(t.app);
    const byCookie = await me({ cookie: signedIn.cookie });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().id).toBe(signedIn.user.id);
    const byToken = await me({ authorization: `Bearer ${signedIn.token}` });
    expect(byToken.json().id).toBe(signedIn.user.id);
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe("unauthorized");
    // The two credentials are not interchangeable.
    expect((await me({ cookie: `sid=${signedIn.token}` })).statusCode).toBe(401);
  });

  it("ends a session after 30 idle days, and any session after 90 days", async () => {
    const signedIn = await signUp(t.app);
    const day = 24 * 60 * 60 * 1000;
    for (let i = 0; i < 3; i++) {
      clock.advance(29 * day);
      expect((await me({ cookie: signedIn.cookie })).statusCode).toBe(200);
    }
    clock.advance(4 * day); // 91 days since login, though never idle for 30
    expect((await me({ cookie: signedIn.cookie })).statusCode).toBe(401);

    const idle = await signUp(t.app);
    clock.advance(31 * day);
    expect((await me({ cookie: idle.cookie })).statusCode).toBe(401);
  });
});

describe("GET /api/logout", () => {
  it("destroys the session, clears the cookie and kills the bearer token of that login", async () => {
    const signedIn = await signUp(t.app);
    const other = await login(t.app, signedIn.email, signedIn.password);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: signedIn.cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(String(res.headers["set-cookie"])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await me({ cookie: signedIn.cookie })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${signedIn.token}` })).statusCode).toBe(401);
    // Another device's login stays signed in.
    expect((await me({ cookie: other.cookie })).statusCode).toBe(200);
  });

  it("ends a bearer login too", async () => {
    const signedIn = await signUp(t.app);
    await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    expect((await me({ authorization: `Bearer ${signedIn.token}` })).statusCode).toBe(401);
    expect((await me({ cookie: signedIn.cookie })).statusCode).toBe(401);
  });
});

describe("forgot and reset password", () => {
  const forgot = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/auth/forgot-password", headers, payload: { email } });
  const reset = (payload: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload });

  it("answers the same for a known and an unknown e-mail, and mails only the known one", async () => {
    const { email } = await registerUser(t.app, { preferredLanguage: "pt" });
    const before = mailer.sent.length;
    const known = await forgot(email);
    const unknown = await forgot(uniqueEmail("ghost"));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(
      "If the email exists in our system, you will receive instructions to reset your password. Also check your spam folder.",
    );
    await expect.poll(() => mailer.sent.length).toBe(before + 1);
    expect(mailer.last()?.to).toBe(email);
    expect(mailer.last()?.subject).toBe("Redefina sua senha do Orçamento Familiar");
  });

  it("mails a 256-bit single-use token stored only as its hash, and resets every session", async () => {
    const signedIn = await signUp(t.app);
    const phone = await login(t.app, signedIn.email, signedIn.password);
    await forgot(signedIn.email);
    await expect.poll(() => mailer.last()?.to).toBe(signedIn.email);
    const token = tokenFromLastMail();
    expect(mailer.last()?.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const stored = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, signedIn.user.id));
    expect(stored.map((row) => row.token)).toEqual([
      createHash("sha256").update(token).digest("hex"),
    ]);

    const done = await reset({
      token,
      password: "brand new pass",
      confirmPassword: "brand new pass",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe("Password reset! You can now log in with your new password.");

    for (const session of [signedIn, phone]) {
      expect((await me({ cookie: session.cookie })).statusCode).toBe(401);
      expect((await me({ authorization: `Bearer ${session.token}` })).statusCode).toBe(401);
    }
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: signedIn.email, password: signedIn.password },
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, signedIn.email, "brand new pass");

    const again = await reset({ token, password: "another one" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: "invalid_reset_token",
      message: "Invalid or expired link. Please request a new password reset.",
    });
  });

  it("accepts a token for one hour only", async () => {
    const first = await registerUser(t.app);
    await forgot(first.email);
    await expect.poll(() => mailer.last()?.to).toBe(first.email);
    const early = tokenFromLastMail();
    const second = await registerUser(t.app);
    await forgot(second.email);
    await expect.poll(() => mailer.last()?.to).toBe(second.email);
    const late = tokenFromLastMail();

    clock.advance(59 * 60 * 1000);
    expect((await reset({ token: early, password: "within the hour" })).statusCode).toBe(200);
    clock.advance(2 * 60 * 1000);
    const expired = await reset({ token: late, password: "after the hour" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("invalid_reset_token");
  });

  it("checks the password rules and the confirmation", async () => {
    const short = await reset({ token: "x", password: "12345" });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: "password", message: "Password must be at least 6 characters" },
    ]);
    const mismatch = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { "accept-language": "pt" },
      payload: { token: "x", password: "kiwi-pear", confirmPassword: "kiwi-peach" },
    });
    expect(mismatch.json().errors).toEqual([
      { path: "confirmPassword", message: "As senhas não coincidem" },
    ]);
    const noToken = await reset({ token: "", password: "kiwi-pear" });
    expect(noToken.json().errors).toEqual([
      { path: "token", message: "Invalid token. Please request a new password reset." },
    ]);
  });

  it("answers the forgot-password message in the caller's language", async () => {
    const res = await forgot(uniqueEmail(), { "accept-language": "es" });
    expect(res.json().message).toBe(
      "Si el correo existe en nuestro sistema, recibirás instrucciones para restablecer tu contraseña. Revisa también tu carpeta de spam.",
    );
  });
});

describe("GET /api/auth/verify-email", () => {
  const seedToken = async (userId: string, token: string, expiresAt: Date) => {
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, userId));
    await t.database.db.insert(verificationTokens).values({
      userId,
      token: createHash("sha256").update(token).digest("hex"),
      expiresAt,
    });
  };
  const verify = (token: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    });

  it("verifies once and then redirects to the login page", async () => {
    const { user } = await registerUser(t.app);
    await seedToken(user.id, "good-token", new Date(clock.now().getTime() + 60_000));
    const ok = await verify("good-token");
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe("/login?verified=true");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerified).toBe(true);
    expect((await verify("good-token")).headers.location).toBe("/login?verified=false");
  });

  it("refuses an unknown, a missing or an expired token", async () => {
    const { user } = await registerUser(t.app);
    await seedToken(user.id, "old-token", new Date(clock.now().getTime() - 1));
    expect((await verify("old-token")).headers.location).toBe("/login?verified=false");
    expect((await verify("nope")).headers.location).toBe("/login?verified=false");
    const missing = await t.app.inject({ method: "GET", url: "/api/auth/verify-email" });
    expect(missing.headers.location).toBe("/login?verified=false");
  });
});

describe("PATCH /api/profile", () => {
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: "PATCH", url: "/api/profile", headers, payload: payload as object });

  it("updates first and last name and answers the user", async () => {
    const signedIn = await signUp(t.app);
    const res = await patch(
      { cookie: signedIn.cookie },
      { firstName: " Joana ", lastName: "Prado" },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: "Joana",
      lastName: "Prado",
      email: signedIn.email,
    });
    expect((await me({ cookie: signedIn.cookie })).json()).toMatchObject({ firstName: "Joana" });
    const partial = await patch({ cookie: signedIn.cookie }, { lastName: "" });
    expect(partial.json()).toMatchObject({ firstName: "Joana", lastName: null });
  });

  it("never changes the e-mail", async () => {
    const signedIn = await signUp(t.app);
    const res = await patch({ cookie: signedIn.cookie }, { email: "new@example.org" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: "email", message: "Unknown field" }]);
    expect((await me({ cookie: signedIn.cookie })).json().email).toBe(signedIn.email);
  });

  it("answers 401 to a signed-out caller before looking at the body", async () => {
    const res = await patch({}, { firstName: 42 });
    expect(res.statusCode).toBe(401);
  });

  it("speaks the user's preferred language over the browser's", async () => {
    const signedIn = await signUp(t.app, { preferredLanguage: "pt" });
    const res = await patch(
      { cookie: signedIn.cookie, "accept-language": "en-US" },
      { firstName: "x".repeat(61) },
    );
    expect(res.json()).toMatchObject({
      message: "Alguns campos são inválidos. Verifique e tente novamente.",
      errors: [{ path: "firstName", message: "Deve ter no máximo 60 caracteres" }],
    });
  });
});

describe("CSRF rule", () => {
  it("refuses a state-changing request from another site", async () => {
    const signedIn = await signUp(t.app);
    const evil = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: signedIn.cookie, origin: "https://evil.example" },
      payload: { firstName: "Hacked" },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe("cross_site_request");
    const crossSite = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: signedIn.cookie, "sec-fetch-site": "cross-site" },
      payload: { firstName: "Hacked" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await me({ cookie: signedIn.cookie })).json().firstName).toBe("Ana");
  });

  it("lets the app's own origin, the server's own host and API clients through", async () => {
    const signedIn = await signUp(t.app);
    for (const headers of [
      { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      { origin: "http://192.168.1.20:3000", host: "192.168.1.20:3000" },
      {},
    ]) {
      const res = await t.app.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: { cookie: signedIn.cookie, ...headers },
        payload: { firstName: "Ok" },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("accepts only JSON bodies", async () => {
    const signedIn = await signUp(t.app);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: signedIn.cookie, "content-type": "text/plain" },
      payload: '{"firstName":"Form"}',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("sessions table", () => {
  it("sweeps expired sessions on a later login", async () => {
    await signUp(t.app);
    clock.advance(91 * 24 * 60 * 60 * 1000);
    await signUp(t.app);
    const [{ expired } = { expired: -1 }] = await t.database.db
      .select({ expired: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.expire} < ${clock.now().toISOString()}`);
    expect(expired).toBe(0);
  });
});

import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginChallenges, totpRecoveryCodes, users } from "../../db/schema";
import { cookieHeader, login, type SignedIn, signUp } from "../../testing/api-helpers";
import { capturingMailer, createTestApp, type TestApp, testClock } from "../../testing/test-app";
import { openSeed, sealTwoFactorSecrets, twoFactorKeys } from "../../two-factor";

/** Two-factor sign-in, docs/product.md#two-factor-sign-in. */

const clock = testClock();
const mailer = capturingMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    mailer,
    // The per-account limit keeps its default (10); the per-IP one is made small to be reached.
    env: { RATE_LIMIT_LOGIN_PER_IP: "15", RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
});
afterAll(() => t.close());

const STEP_MS = 30_000;
/** The code an authenticator app shows now, from the secret the setup answered. */
const codeOf = (secret: string, at = clock.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

let ips = 0;
/** An address of its own per call, so the per-IP limit is reached only where a test means it. */
const freshIp = () => `10.40.${Math.floor(++ips / 250)}.${ips % 250}`;

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = freshIp(),
) =>
  t.app.inject({
    method: "POST",
    url,
    headers,
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A signed-in caller's answers come in their own preferredLanguage (registered "en" unless said). */
const as = (who: SignedIn) => ({ cookie: who.cookie });

async function setup(who: SignedIn) {
  const res = await post("/api/profile/two-factor/setup", { password: who.password }, as(who));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { secret: string; otpauthUrl: string; qrCodeSvg: string };
}

/** A signed-in user with two-factor sign-in on; the clock is moved past the confirmation's step. */
async function withTwoFactor(preferredLanguage = "en") {
  const who = await signUp(t.app, { preferredLanguage });
  const { secret } = await setup(who);
  const res = await post("/api/profile/two-factor/confirm", { code: codeOf(secret) }, as(who));
  expect(res.statusCode, res.body).toBe(200);
  clock.advance(STEP_MS);
  return { ...who, secret, recoveryCodes: res.json().recoveryCodes as string[] };
}

const passwordStep = async (email: string, password: string, ip = freshIp()) => {
  const res = await post("/api/auth/login", { email, password }, {}, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const challengeOf = async (email: string, password: string, ip = freshIp()) =>
  (await passwordStep(email, password, ip)).json().challengeToken as string;

const codeStep = (challengeToken: string, code: string, ip = freshIp(), language = "en") =>
  post("/api/auth/login/two-factor", { challengeToken, code }, { "accept-language": language }, ip);

const me = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no user");
  return row;
}

/** The seed a stored value opens to with the app's key (server/two-factor.ts). */
const opened = (userId: string, stored: string | null) =>
  stored === null ? null : openSeed(twoFactorKeys(t.app.config.twoFactorKey ?? ""), userId, stored);

describe("turning it on", () => {
  it("gives a new pending secret, its otpauth URL and an SVG QR code each time, and stays off until confirmed", async () => {
    const who = await signUp(t.app);
    const first = await setup(who);
    const second = await setup(who);
    expect(second.secret).not.toBe(first.secret);
    expect(second.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(second.otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe(`/Family Budget:${who.email}`);
    expect(url.searchParams.get("secret")).toBe(second.secret);
    expect(url.searchParams.get("issuer")).toBe("Family Budget");
    expect(second.qrCodeSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const row = await userRow(who.user.id);
    // Sealed at rest: the database holds no usable seed.
    expect(row.totpPendingSecret).toMatch(/^v1:/);
    expect(row.totpPendingSecret).not.toContain(second.secret);
    expect(opened(who.user.id, row.totpPendingSecret)).toBe(second.secret);
    expect(row.totpSecret).toBeNull();
    expect((await me(who.cookie)).json().twoFactorEnabled).toBe(false);
    // The earlier QR code was replaced: its code no longer confirms.
    const stale = await post(
      "/api/profile/two-factor/confirm",
      { code: codeOf(first.secret) },
      as(who),
    );
    expect(stale.statusCode).toBe(400);
  });

  it("refuses a wrong code with a translated field error, and a confirmation with nothing pending", async () => {
    const who = await signUp(t.app, { preferredLanguage: "pt" });
    const nothing = await post("/api/profile/two-factor/confirm", { code: "123456" }, as(who));
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({
      code: "two_factor_setup_missing",
      message:
        "Comece a ativação da verificação em duas etapas de novo: não há QR code aguardando um código.",
    });
    const { secret } = await setup(who);
    const wrongCode = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await post("/api/profile/two-factor/confirm", { code: wrongCode }, as(who));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_two_factor_code");
    expect(wrong.json().errors).toEqual([
      {
        path: "code",
        message:
          "Código incorreto. Digite o código atual do seu aplicativo autenticador ou um código de recuperação.",
      },
    ]);
    const empty = await post("/api/profile/two-factor/confirm", { code: " - " }, as(who));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: "code", message: "Digite o código" }]);
    expect((await userRow(who.user.id)).totpSecret).toBeNull();
  });

  it("asks for the password first: without it, or with a wrong one, nothing is pending", async () => {
    const who = await signUp(t.app, { preferredLanguage: "es" });
    const none = await post("/api/profile/two-factor/setup", {}, as(who));
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe("validation_error");
    const wrong = await post("/api/profile/two-factor/setup", { password: "not it" }, as(who));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: "wrong_current_password",
      errors: [{ path: "password", message: "La contraseña actual no es correcta." }],
    });
    expect((await userRow(who.user.id)).totpPendingSecret).toBeNull();
  });

  it("turns it on with a right code (spaces allowed) and answers 10 recovery codes, stored only as keyed digests", async () => {
    const who = await signUp(t.app);
    const { secret } = await setup(who);
    const code = codeOf(secret);
    const res = await post(
      "/api/profile/two-factor/confirm",
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      as(who),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await t.database.db
      .select()
      .from(totpRecoveryCodes)
      .where(eq(totpRecoveryCodes.userId, who.user.id));
    // Keyed (HMAC under a key outside the database), never the bare SHA-256 a dump could search.
    const bare = recoveryCodes.map((c) =>
      createHash("sha256").update(c.replace("-", "")).digest("hex"),
    );
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^h1:[0-9a-f]{64}$/);
      expect(bare.some((hash) => codeHash.includes(hash))).toBe(false);
    }
    const row = await userRow(who.user.id);
    expect(row.totpSecret).toMatch(/^v1:/);
    expect(opened(who.user.id, row.totpSecret)).toBe(secret);
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpEnabledAt).toEqual(clock.now());
    expect((await me(who.cookie)).json().twoFactorEnabled).toBe(true);
    const again = await post("/api/profile/two-factor/setup", { password: who.password }, as(who));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("two_factor_already_enabled");
  });

  it("never shows the secret: not in the user, the login's answers or the setup's after it is on", async () => {
    const who = await withTwoFactor();
    const userBody = (await me(who.cookie)).body;
    expect(userBody).not.toContain(who.secret);
    expect(Object.keys(JSON.parse(userBody))).not.toContain("totpSecret");
    const challenge = await passwordStep(who.email, who.password);
    expect(challenge.body).not.toContain(who.secret);
    const signedIn = await codeStep(challenge.json().challengeToken, codeOf(who.secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).not.toContain(who.secret);
    expect(signedIn.json().user.twoFactorEnabled).toBe(true);
  });
});

describe("logging in with it on", () => {
  it("answers a challenge and no session for the password, then signs in with a code like a login", async () => {
    const who = await withTwoFactor();
    const first = await passwordStep(who.email, who.password);
    expect(first.json()).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const { challengeToken } = first.json();
    const stored = await t.database.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.userId, who.user.id));
    expect(stored.map((row) => row.tokenHash)).toEqual([
      createHash("sha256").update(challengeToken).digest("hex"),
    ]);
    expect(stored[0]?.expiresAt).toEqual(new Date(clock.now().getTime() + 5 * 60_000));
    const code = codeOf(who.secret);
    // The session the client came with ends, exactly as at a password login.
    const res = await post(
      "/api/auth/login/two-factor",
      { challengeToken, code: `${code.slice(0, 3)}-${code.slice(3)}` },
      { cookie: who.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookieHeader(res.headers["set-cookie"]);
    expect(cookie).toMatch(/=/);
    expect(res.json()).toEqual({ token: expect.any(String), user: (await me(cookie)).json() });
    expect((await me(who.cookie)).statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(bearer.json().id).toBe(who.user.id);
    // The challenge is spent.
    clock.advance(STEP_MS);
    const reused = await codeStep(challengeToken, codeOf(who.secret));
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe("two_factor_challenge_expired");
  });

  it("refuses a wrong code with a translated 401 and lets the person try again on the same challenge", async () => {
    const who = await withTwoFactor();
    const challengeToken = await challengeOf(who.email, who.password);
    const wrong = await codeStep(challengeToken, "000000", freshIp(), "es");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: "invalid_two_factor_code",
      message:
        "El código no es correcto. Escribe el código actual de tu aplicación de autenticación o un código de recuperación.",
    });
    expect((await codeStep(challengeToken, codeOf(who.secret))).statusCode).toBe(200);
  });

  it("refuses a code used before: the confirmation's, a login's, and an older one after a newer", async () => {
    const who = await signUp(t.app);
    const { secret } = await setup(who);
    const confirmed = codeOf(secret);
    await post("/api/profile/two-factor/confirm", { code: confirmed }, as(who));
    // Same 30-s step as the confirmation: that code is spent.
    const challengeToken = await challengeOf(who.email, who.password);
    expect((await codeStep(challengeToken, confirmed)).json().code).toBe("invalid_two_factor_code");
    clock.advance(STEP_MS);
    const fresh = codeOf(secret);
    expect((await codeStep(challengeToken, fresh)).statusCode).toBe(200);
    const replay = await codeStep(await challengeOf(who.email, who.password), fresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("invalid_two_factor_code");
    // The previous step's code is still inside the one-step window, but older than the last used.
    clock.advance(STEP_MS);
    const previous = codeOf(secret, new Date(clock.now().getTime() - STEP_MS));
    expect(previous).toBe(fresh);
    expect((await codeStep(await challengeOf(who.email, who.password), previous)).statusCode).toBe(
      401,
    );
    // A code from one step ago is accepted when it was never used (a phone's clock a little off).
    const who2 = await withTwoFactor();
    clock.advance(STEP_MS);
    const late = codeOf(who2.secret, new Date(clock.now().getTime() - STEP_MS));
    clock.advance(1);
    const ok = await codeStep(await challengeOf(who2.email, who2.password), late);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("accepts a recovery code once, typed in capitals, with or without its dash", async () => {
    const who = await withTwoFactor();
    const [recovery = "", other = ""] = who.recoveryCodes;
    const res = await codeStep(await challengeOf(who.email, who.password), recovery.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const again = await codeStep(await challengeOf(who.email, who.password), recovery);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe("invalid_two_factor_code");
    const used = await t.database.db
      .select()
      .from(totpRecoveryCodes)
      .where(eq(totpRecoveryCodes.userId, who.user.id));
    expect(used.filter((row) => row.usedAt !== null).map((row) => row.usedAt)).toEqual([
      clock.now(),
    ]);
    const withoutDash = await codeStep(
      await challengeOf(who.email, who.password),
      other.replace("-", ""),
    );
    expect(withoutDash.statusCode).toBe(200);
  });

  it("lets only one of two parallel logins use one recovery code", async () => {
    const who = await withTwoFactor();
    const [recovery = ""] = who.recoveryCodes;
    const challenges = await Promise.all([
      challengeOf(who.email, who.password),
      challengeOf(who.email, who.password),
    ]);
    const answers = await Promise.all(challenges.map((c) => codeStep(c, recovery)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it("lets one challenge make one session even with two right answers at once", async () => {
    const who = await withTwoFactor();
    const challengeToken = await challengeOf(who.email, who.password);
    const answers = await Promise.all([
      codeStep(challengeToken, who.recoveryCodes[0] ?? ""),
      codeStep(challengeToken, who.recoveryCodes[1] ?? ""),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.statusCode === 401)?.json().code).toBe(
      "two_factor_challenge_expired",
    );
  });

  it("ends a challenge after 5 minutes with a translated 401, and refuses an unknown one", async () => {
    const who = await withTwoFactor();
    const challengeToken = await challengeOf(who.email, who.password);
    clock.advance(5 * 60_000);
    const late = await codeStep(challengeToken, codeOf(who.secret), freshIp(), "pt");
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      code: "two_factor_challenge_expired",
      message: "O login demorou demais. Entre com sua senha novamente.",
    });
    const unknown = await codeStep("not-a-challenge", codeOf(who.secret));
    expect(unknown.json().code).toBe("two_factor_challenge_expired");
  });
});

/** Sends the requests all at once; answers the status codes, counted. */
async function statuses(requests: Promise<{ statusCode: number }>[]) {
  const counts: Record<number, number> = {};
  for (const res of await Promise.all(requests)) {
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  }
  return counts;
}

describe("the password's limits hold for the codes", () => {
  it("let at most 10 of 40 simultaneous wrong codes for one account be tried, then 429 for the right one", async () => {
    const who = await withTwoFactor();
    const challengeToken = await challengeOf(who.email, who.password);
    const counts = await statuses(
      Array.from({ length: 40 }, (_, i) =>
        codeStep(challengeToken, String(100000 + i), `10.41.0.${i}`),
      ),
    );
    expect(counts).toEqual({ 401: 10, 429: 30 });
    const blocked = await codeStep(challengeToken, codeOf(who.secret), freshIp(), "pt");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: "too_many_logins",
      message: "Muitas tentativas de login sem sucesso. Aguarde 15 minutos e tente novamente.",
    });
    // The same count as wrong passwords: the password step is refused too.
    const password = await post("/api/auth/login", { email: who.email, password: who.password });
    expect(password.statusCode).toBe(429);
    clock.advance(15 * 60_000);
    const later = await codeStep(await challengeOf(who.email, who.password), codeOf(who.secret));
    expect(later.statusCode).toBe(200);
  });

  it("count wrong codes and wrong passwords together, and take a right code back", async () => {
    const who = await withTwoFactor();
    for (let i = 0; i < 5; i++) {
      const res = await post("/api/auth/login", { email: who.email, password: "wrong" });
      expect(res.statusCode).toBe(401);
    }
    const challengeToken = await challengeOf(who.email, who.password);
    for (let i = 0; i < 4; i++) {
      expect((await codeStep(challengeToken, "000000")).statusCode).toBe(401);
    }
    // 9 failures: a right code is counted (10 of 10) and taken back.
    expect((await codeStep(challengeToken, codeOf(who.secret))).statusCode).toBe(200);
    const next = await challengeOf(who.email, who.password);
    expect((await codeStep(next, "000000")).statusCode).toBe(401);
    expect((await codeStep(next, "000001")).statusCode).toBe(429);
  });

  it("let at most RATE_LIMIT_LOGIN_PER_IP of 20 simultaneous wrong codes from one address through", async () => {
    const people = [];
    for (let i = 0; i < 20; i++) people.push(await withTwoFactor());
    const challenges = await Promise.all(people.map((p) => challengeOf(p.email, p.password)));
    const counts = await statuses(challenges.map((c) => codeStep(c, "000000", "10.42.0.1")));
    expect(counts).toEqual({ 401: 15, 429: 5 });
  });
});

describe("turning it off and new recovery codes", () => {
  it("needs the password and a code; then the password alone signs in again", async () => {
    const who = await withTwoFactor("pt");
    const off = (payload: unknown) => post("/api/profile/two-factor/disable", payload, as(who));
    const wrongPassword = await off({ password: "not it", code: codeOf(who.secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: "wrong_current_password",
      errors: [{ path: "password", message: "A senha atual não está correta." }],
    });
    const wrongCode = await off({ password: who.password, code: "000000" });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe("wrong_two_factor_code");
    const noCode = await off({ password: who.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().code).toBe("validation_error");
    expect(opened(who.user.id, (await userRow(who.user.id)).totpSecret)).toBe(who.secret);

    const res = await off({ password: who.password, code: codeOf(who.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: "Verificação em duas etapas desativada. Agora basta a senha para entrar.",
    });
    const row = await userRow(who.user.id);
    expect([row.totpSecret, row.totpEnabledAt, row.totpLastStep]).toEqual([null, null, null]);
    const codes = await t.database.db
      .select()
      .from(totpRecoveryCodes)
      .where(eq(totpRecoveryCodes.userId, who.user.id));
    expect(codes).toEqual([]);
    expect((await me(who.cookie)).json().twoFactorEnabled).toBe(false);
    const signedIn = await login(t.app, who.email, who.password);
    expect(signedIn.user.twoFactorEnabled).toBe(false);
    const again = await off({ password: who.password, code: "000000" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("two_factor_not_enabled");
  });

  it("can be turned off with a recovery code", async () => {
    const who = await withTwoFactor();
    const res = await post(
      "/api/profile/two-factor/disable",
      { password: who.password, code: who.recoveryCodes[3] },
      as(who),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it("makes 10 new recovery codes with the password and a code; the old ones stop working", async () => {
    const who = await withTwoFactor();
    const wrong = await post(
      "/api/profile/two-factor/recovery-codes",
      { password: "not it", code: codeOf(who.secret) },
      as(who),
    );
    expect(wrong.json().code).toBe("wrong_current_password");
    const res = await post(
      "/api/profile/two-factor/recovery-codes",
      { password: who.password, code: codeOf(who.secret) },
      as(who),
    );
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json().recoveryCodes as string[];
    expect(renewed).toHaveLength(10);
    expect(renewed.some((c) => who.recoveryCodes.includes(c))).toBe(false);
    const old = await codeStep(
      await challengeOf(who.email, who.password),
      who.recoveryCodes[0] ?? "",
    );
    expect(old.statusCode).toBe(401);
    const fresh = await codeStep(await challengeOf(who.email, who.password), renewed[0] ?? "");
    expect(fresh.statusCode).toBe(200);
  });
});

describe("a password reset", () => {
  it("keeps two-factor sign-in on: the new password still asks for a code", async () => {
    const who = await withTwoFactor();
    await post("/api/auth/forgot-password", { email: who.email });
    await expect.poll(() => mailer.last()?.to).toBe(who.email);
    const link = mailer.last()?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    const reset = await post("/api/auth/reset-password", { token, password: "brand new secret" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(opened(who.user.id, (await userRow(who.user.id)).totpSecret)).toBe(who.secret);
    const email = who.email;
    const first = await passwordStep(email, "brand new secret");
    expect(first.json().twoFactorRequired).toBe(true);
    expect(first.headers["set-cookie"]).toBeUndefined();
    const res = await codeStep(first.json().challengeToken, codeOf(who.secret));
    expect(res.statusCode).toBe(200);
  });
});

describe("an enrolment written before the secrets were sealed", () => {
  it("is sealed at start and still signs in with its app code and its recovery codes", async () => {
    const who = await signUp(t.app);
    // As the earlier version wrote it: the seed in clear, the codes as bare SHA-256.
    const secret = new Secret({ size: 20 }).base32;
    const pendingLeft = new Secret({ size: 20 }).base32;
    const codes = ["abcde-fghjk", "mnpqr-stvwx"];
    const bare = (code: string) => createHash("sha256").update(code.replace("-", "")).digest("hex");
    await t.database.db
      .update(users)
      .set({ totpSecret: secret, totpPendingSecret: pendingLeft, totpEnabledAt: clock.now() })
      .where(eq(users.id, who.user.id));
    await t.database.db
      .insert(totpRecoveryCodes)
      .values(codes.map((code) => ({ userId: who.user.id, codeHash: bare(code) })));
    // Until the start-up step runs, the old forms are still read.
    const before = await codeStep(await challengeOf(who.email, who.password), codeOf(secret));
    expect(before.statusCode, before.body).toBe(200);

    const keys = twoFactorKeys(t.app.config.twoFactorKey ?? "");
    expect(await sealTwoFactorSecrets(t.database.db, keys)).toBeGreaterThanOrEqual(3);
    // A second start finds nothing left to convert.
    expect(await sealTwoFactorSecrets(t.database.db, keys)).toBe(0);
    const row = await userRow(who.user.id);
    expect(row.totpSecret).toMatch(/^v1:/);
    expect(row.totpSecret).not.toContain(secret);
    expect(opened(who.user.id, row.totpSecret)).toBe(secret);
    expect(opened(who.user.id, row.totpPendingSecret)).toBe(pendingLeft);
    const stored = await t.database.db
      .select()
      .from(totpRecoveryCodes)
      .where(eq(totpRecoveryCodes.userId, who.user.id));
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^h1:/);
      expect(codes.map(bare)).not.toContain(codeHash.slice(3));
    }

    clock.advance(STEP_MS);
    const app = await codeStep(await challengeOf(who.email, who.password), codeOf(secret));
    expect(app.statusCode, app.body).toBe(200);
    const recovery = await codeStep(await challengeOf(who.email, who.password), "ABCDE FGHJK");
    expect(recovery.statusCode, recovery.body).toBe(200);
    const spent = await codeStep(await challengeOf(who.email, who.password), codes[0] ?? "");
    expect(spent.json().code).toBe("invalid_two_factor_code");
  });

  it("does not open under another key or on another account", async () => {
    const who = await withTwoFactor();
    const stored = (await userRow(who.user.id)).totpSecret ?? "";
    expect(() => openSeed(twoFactorKeys("00".repeat(32)), who.user.id, stored)).toThrow();
    const other = await signUp(t.app);
    const keys = twoFactorKeys(t.app.config.twoFactorKey ?? "");
    expect(() => openSeed(keys, other.user.id, stored)).toThrow();
  });
});

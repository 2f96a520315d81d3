import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/api-helpers";
import { capturingMailer, createTestApp, type TestApp, testClock } from "../../testing/test-app";

/** The limits of docs/product.md#rate-limits: 429 with a translated message, and a window that ends. */

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    mailer: capturingMailer(),
    // Defaults per account; the per-IP limits made small to show they are read from the config.
    env: {
      RATE_LIMIT_LOGIN_PER_IP: "15",
      RATE_LIMIT_FORGOT_PER_IP: "8",
      RATE_LIMIT_REGISTER_PER_IP: "4",
      RATE_LIMIT_RESET_PER_IP: "6",
    },
  });
});
afterAll(() => t.close());

/** A new account, registered from an address of its own (the register limit here is 4 per IP). */
let accounts = 0;
async function newAccount() {
  const email = uniqueEmail();
  const password = "correct horse";
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: `10.99.${Math.floor(++accounts / 250)}.${accounts % 250}`,
    payload: { email, password, name: "Ana Souza" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, password };
}

const attempt = (email: string, password: string, ip = "10.0.0.1", language = "en") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    headers: { "accept-language": language },
    payload: { email, password },
  });

describe("failed logins", () => {
  it("allow 10 per account in 15 minutes, then 429 even with the right password", async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 10; i++) {
      expect((await attempt(email, "wrong password", `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await attempt(email, password, "10.1.1.1", "pt");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: "too_many_logins",
      message: "Muitas tentativas de login sem sucesso. Aguarde 15 minutos e tente novamente.",
    });
    clock.advance(15 * 60 * 1000);
    expect((await attempt(email, password, "10.1.1.1")).statusCode).toBe(200);
  });

  it("count failures only: a household signing in often is never blocked", async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 12; i++) {
      expect((await attempt(email, password, `10.2.0.${i}`)).statusCode).toBe(200);
    }
  });

  it("allow RATE_LIMIT_LOGIN_PER_IP failures per address across accounts", async () => {
    for (let i = 0; i < 15; i++) {
      expect((await attempt(uniqueEmail("ghost"), "x", "10.3.0.1")).statusCode).toBe(401);
    }
    const { email, password } = await newAccount();
    expect((await attempt(email, password, "10.3.0.1")).statusCode).toBe(429);
    expect((await attempt(email, password, "10.3.0.2")).statusCode).toBe(200);
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

describe("limits in parallel (counted before the work, one atomic upsert each)", () => {
  it("let at most 10 of 40 simultaneous wrong passwords for one account be tried", async () => {
    const { email, password } = await newAccount();
    const counts = await statuses(
      Array.from({ length: 40 }, (_, i) => attempt(email, `wrong ${i}`, `10.7.0.${i}`)),
    );
    expect(counts).toEqual({ 401: 10, 429: 30 });
    expect((await attempt(email, password, "10.7.1.1")).statusCode).toBe(429);
  });

  it("let at most RATE_LIMIT_LOGIN_PER_IP of 40 simultaneous failures from one address through", async () => {
    const counts = await statuses(
      Array.from({ length: 40 }, () => attempt(uniqueEmail("ghost"), "x", "10.7.2.1")),
    );
    expect(counts).toEqual({ 401: 15, 429: 25 });
  });

  it("hold for forgot-password and registration too", async () => {
    const { email } = await newAccount();
    const forgotten = await statuses(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/forgot-password",
          remoteAddress: `10.7.3.${i}`,
          payload: { email },
        }),
      ),
    );
    expect(forgotten).toEqual({ 200: 5, 429: 35 });
    const registered = await statuses(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/register",
          remoteAddress: "10.7.4.1",
          payload: { email: uniqueEmail(), password: "secret-71", name: "Eva" },
        }),
      ),
    );
    expect(registered).toEqual({ 201: 4, 429: 36 });
  });

  it("take a successful login back, so successes between failures never add up", async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 9; i++) {
      expect((await attempt(email, "wrong", "10.7.5.1")).statusCode).toBe(401);
    }
    // Each success is counted (10 of 10, allowed), then taken back to 9.
    for (let i = 0; i < 5; i++) {
      expect((await attempt(email, password, "10.7.5.1")).statusCode).toBe(200);
    }
    expect((await attempt(email, "wrong", "10.7.5.1")).statusCode).toBe(401);
    expect((await attempt(email, password, "10.7.5.1")).statusCode).toBe(429);
  });
});

describe("reset-password", () => {
  const reset = (ip: string, language = "en") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      remoteAddress: ip,
      headers: { "accept-language": language },
      payload: { token: "bogus-token", password: "kiwi-pear" },
    });

  it("allows RATE_LIMIT_RESET_PER_IP attempts per address per hour, in parallel too", async () => {
    const counts = await statuses(Array.from({ length: 40 }, () => reset("10.8.0.1")));
    expect(counts).toEqual({ 400: 6, 429: 34 });
    const blocked = await reset("10.8.0.1", "pt");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: "too_many_reset_attempts",
      message:
        "Muitas tentativas de redefinir a senha a partir desta rede. Aguarde uma hora e tente novamente.",
    });
    expect((await reset("10.8.0.2")).json().code).toBe("invalid_reset_token");
    clock.advance(60 * 60 * 1000);
    expect((await reset("10.8.0.1")).json().code).toBe("invalid_reset_token");
  });
});

describe("forgot-password", () => {
  const forgot = (email: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      remoteAddress: ip,
      payload: { email },
    });

  it("allows 5 per account per hour", async () => {
    const { email } = await newAccount();
    for (let i = 0; i < 5; i++) expect((await forgot(email, `10.4.0.${i}`)).statusCode).toBe(200);
    const blocked = await forgot(email, "10.4.1.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("too_many_reset_requests");
    clock.advance(60 * 60 * 1000);
    expect((await forgot(email, "10.4.1.1")).statusCode).toBe(200);
  });

  it("allows RATE_LIMIT_FORGOT_PER_IP per address", async () => {
    for (let i = 0; i < 8; i++)
      expect((await forgot(uniqueEmail(), "10.5.0.1")).statusCode).toBe(200);
    expect((await forgot(uniqueEmail(), "10.5.0.1")).statusCode).toBe(429);
  });
});

describe("registrations", () => {
  it("allow RATE_LIMIT_REGISTER_PER_IP per address per hour", async () => {
    const register = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: "10.6.0.1",
        headers: { "accept-language": "es" },
        payload: { email: uniqueEmail(), password: "secret-71", name: "Eva" },
      });
    for (let i = 0; i < 4; i++) expect((await register()).statusCode).toBe(201);
    const blocked = await register();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: "too_many_registrations",
      message: "Demasiadas cuentas creadas desde esta red. Espera una hora e inténtalo de nuevo.",
    });
    clock.advance(60 * 60 * 1000);
    expect((await register()).statusCode).toBe(201);
  });
});

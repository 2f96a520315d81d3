import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, uniqueEmail } from "../../testing/api-helpers";
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
    },
  });
});
afterAll(() => t.close());

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
    const { email, password } = await registerUser(t.app);
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
    const { email, password } = await registerUser(t.app);
    for (let i = 0; i < 12; i++) {
      expect((await attempt(email, password, `10.2.0.${i}`)).statusCode).toBe(200);
    }
  });

  it("allow RATE_LIMIT_LOGIN_PER_IP failures per address across accounts", async () => {
    for (let i = 0; i < 15; i++) {
      expect((await attempt(uniqueEmail("ghost"), "x", "10.3.0.1")).statusCode).toBe(401);
    }
    const { email, password } = await registerUser(t.app);
    expect((await attempt(email, password, "10.3.0.1")).statusCode).toBe(429);
    expect((await attempt(email, password, "10.3.0.2")).statusCode).toBe(200);
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
    const { email } = await registerUser(t.app);
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
        payload: { email: uniqueEmail(), password: "secret1", name: "Eva" },
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

import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../testing/api-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * The edges of every answer (docs/scaling.md#host-names, docs/product.md#signing-out): the
 * Permissions-Policy and the CSP's images, the Host check, the invite codes kept out of the
 * request log and what logout tells the browser to forget.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { APP_URL: "https://budget.example.org", ALLOWED_HOSTS: "budget.lan" },
  });
});
afterAll(() => t.close());

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe("Permissions-Policy", () => {
  it("denies the features the app does not use, on the API and on its pages", async () => {
    for (const url of ["/api/health", "/login", "/api/nothing-here"]) {
      const res = await t.app.inject({ url, headers: { host: "budget.example.org" } });
      const policy = String(res.headers["permissions-policy"]);
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(policy, url).toContain(`${feature}=()`);
      }
      expect(policy).toContain("clipboard-read=()");
      // The invite code and the recovery codes are copied by the app itself.
      expect(policy).toContain("clipboard-write=(self)");
    }
  });
});

describe("Content-Security-Policy img-src", () => {
  it("allows the app's own images and data: URLs only, on the app and the API viewer", async () => {
    for (const url of ["/api/health", "/api/docs/"]) {
      const res = await t.app.inject({ url, headers: { host: "budget.example.org" } });
      expect(directive(res.headers["content-security-policy"], "img-src"), url).toBe(
        "img-src 'self' data:",
      );
    }
  });
});

describe("Host check", () => {
  const withHost = (host: string, url = "/api/health", headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { host, ...headers } });

  it("answers APP_URL's name (any port, any case), ALLOWED_HOSTS, localhost and IP addresses", async () => {
    for (const host of [
      "budget.example.org",
      "Budget.Example.ORG:443",
      "budget.example.org.",
      "budget.lan:3000",
      "localhost:3000",
      "127.0.0.1:3000",
      "[::1]:3000",
      "10.0.3.7:3000",
      "192.168.1.10",
    ]) {
      const res = await withHost(host);
      expect(res.statusCode, host).toBe(200);
    }
  });

  it("refuses another name with 421 in the error shape, translated, for /api", async () => {
    const res = await withHost("evil.example", "/api/auth/user", { "accept-language": "pt-BR" });
    expect(res.statusCode).toBe(421);
    expect(res.json()).toEqual({
      code: "misdirected_request",
      message:
        "Requisição recusada: este servidor não atende por esse endereço. Abra o app pelo endereço dele.",
    });
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const host of ["budget.example.org.evil.example", "evil.example:443", "budget"]) {
      expect((await withHost(host)).statusCode, host).toBe(421);
    }
  });

  it("refuses a page on another name with 421 as plain text, and never reaches a route", async () => {
    const page = await withHost("rebound.example", "/join/ABCD1234", { "accept-language": "es" });
    expect(page.statusCode).toBe(421);
    expect(page.headers["content-type"]).toMatch(/^text\/plain/);
    expect(page.body).toContain("Solicitud rechazada");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: "rebound.example" },
      payload: { email: "a@example.org", password: "whatever password" },
    });
    expect(login.statusCode).toBe(421);
  });

  it("reads the name a trusted proxy forwards, and only a trusted proxy's", async () => {
    const proxied = await createTestApp({
      database: t.database,
      env: { APP_URL: "https://budget.example.org", TRUST_PROXY: "loopback" },
    });
    const forwarded = (host: string, remoteAddress: string) =>
      proxied.app.inject({
        url: "/api/health",
        remoteAddress,
        headers: { host: "app:3000", "x-forwarded-host": host },
      });
    expect((await forwarded("budget.example.org", "127.0.0.1")).statusCode).toBe(200);
    expect((await forwarded("evil.example", "127.0.0.1")).statusCode).toBe(421);
    // Not from the proxy: its X-Forwarded-Host is not believed, its own Host is refused.
    expect((await forwarded("budget.example.org", "203.0.113.9")).statusCode).toBe(421);
    await proxied.close();
  });
});

describe("request logs", () => {
  it("never contain an invite code, in a path or in the sign-in's next", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ database: t.database, logStream });
    const urls = [
      "/api/family/join/CODE1SECRET",
      "/api/family/invite/CODE2SECRET",
      "/join/CODE3SECRET",
      "/login?next=%2Fjoin%2FCODE4SECRET",
      "/login?next=/join/CODE5SECRET&x=1",
      "/reset-password?token=TOKEN6SECRET",
      "/api/auth/verify-email?token=TOKEN7SECRET",
    ];
    for (const url of urls) await logged.app.inject({ url });
    await logged.app.close();
    const log = lines.join("");
    expect(log).toContain('"url":"/api/family/join/[REDACTED]"');
    expect(log).toContain('"url":"/login?next=%2Fjoin%2F[REDACTED]"');
    expect(log).toContain('"url":"/login?next=/join/[REDACTED]&x=1"');
    expect(log).toContain('"url":"/reset-password?token=[REDACTED]"');
    expect(log).not.toContain("SECRET");
  });
});

describe("GET /api/logout", () => {
  const logout = (cookie: string, url = "/api/logout", site = "same-origin") =>
    t.app.inject({
      url,
      headers: { host: "budget.example.org", cookie, "sec-fetch-site": site },
    });
  const me = (cookie: string) =>
    t.app.inject({ url: "/api/auth/user", headers: { host: "budget.example.org", cookie } });

  it("tells the browser to forget the cache and the storage, not the cookies", async () => {
    const { cookie } = await signUp(t.app);
    const res = await logout(cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers["clear-site-data"]).toBe('"cache", "storage"');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("keeps the storage (the waiting expenses) when asked with keep=queue", async () => {
    const { cookie } = await signUp(t.app);
    const res = await logout(cookie, "/api/logout?keep=queue");
    expect(res.headers["clear-site-data"]).toBe('"cache"');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("clears nothing when followed from another site, which does not sign out either", async () => {
    const { cookie } = await signUp(t.app);
    const res = await logout(cookie, "/api/logout", "cross-site");
    expect(res.statusCode).toBe(302);
    expect(res.headers["clear-site-data"]).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

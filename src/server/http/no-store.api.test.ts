import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../testing/api-helpers";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * Every /api answer carries `Cache-Control: no-store` (http/no-store.ts), the answers no
 * route handler writes included; the web app's hashed assets keep their year-long cache. Every
 * route of the route table, for every kind of caller, is checked in the authorization matrix.
 */

let t: TestApp;
beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), "budget-web-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Family Budget</title>");
  writeFileSync(join(webDir, "assets", "main-abc123.js"), "console.log(1)");
  t = await createTestApp({ webDir, env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: "2" } });
});
afterAll(() => t.close());

const noStore = (res: { headers: Record<string, unknown>; statusCode: number; body: string }) =>
  expect(res.headers["cache-control"], `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(
    "no-store",
  );

describe("Cache-Control: no-store", () => {
  it("is on the login answer (its bearer token) and on a 401", async () => {
    const account = await registerUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: account.email, password: account.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
    noStore(res);
    noStore(await t.app.inject({ method: "GET", url: "/api/auth/user" }));
  });

  it("is on a 429", async () => {
    const account = await registerUser(t.app);
    let res = await t.app.inject({ method: "GET", url: "/api/health" });
    for (let attempt = 0; attempt < 3; attempt++) {
      res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: account.email, password: "wrong password" },
      });
    }
    expect(res.statusCode).toBe(429);
    noStore(res);
  });

  it("is on the router's and the parser's refusals: unknown path, too long, bad JSON, wrong type", async () => {
    const answers = [
      await t.app.inject({ method: "GET", url: "/api/nothing-here" }),
      await t.app.inject({ method: "POST", url: "/api/nothing-here" }),
      await t.app.inject({ method: "PATCH", url: `/api/categories/${"a".repeat(150)}` }),
      await t.app.inject({ method: "PATCH", url: "/api/expenses/%E0%A4%A" }),
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload: '{"email": ',
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "text/plain" },
        payload: "x",
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 414, 400, 400, 415]);
    for (const res of answers) noStore(res);
  });

  it("is on the bodies the server keeps (summary, month, first page), served fresh and kept", async () => {
    const owner = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, owner);
    await createExpense(t.app, owner, { categoryId: category.id, date: "2026-03-02" });
    for (const url of [
      "/api/summary?month=3&year=2026",
      "/api/summary/trend?month=3&year=2026",
      "/api/expenses?month=3&year=2026",
      "/api/expenses/page",
      "/api/expenses",
    ]) {
      for (let call = 0; call < 2; call++) {
        const res = await t.app.inject({ method: "GET", url, headers: { cookie: owner.cookie } });
        expect(res.statusCode, url).toBe(200);
        noStore(res);
      }
    }
  });

  it("leaves the web app alone: hashed assets cached for a year, pages revalidated", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/main-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await t.app.inject({ method: "GET", url: "/expenses" });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });
});

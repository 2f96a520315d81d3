import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contract/errors";
import { login, type SignedIn } from "../testing/api-helpers";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * Thousands of malformed requests across every /api route of the server's route table: wrong
 * types, huge and empty strings, unicode and control characters, nulls, extra and missing
 * fields, malformed JSON, bad ids, SQL and HTML payloads, oversized bodies. Never a 5xx, every
 * refusal in the error shape, and a refused request leaves every table as it was.
 */

const RUNS = 5_000;

let t: TestApp;
let user: SignedIn;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000000",
      RATE_LIMIT_LOGIN_PER_IP: "1000000",
      RATE_LIMIT_FORGOT_PER_ACCOUNT: "1000000",
      RATE_LIMIT_FORGOT_PER_IP: "1000000",
      RATE_LIMIT_REGISTER_PER_IP: "1000000",
    },
  });
  user = await signUpWithFamily(t.app);
  const category = await createCategory(t.app, user);
  const expense = await createExpense(t.app, user, { categoryId: category.id });
  ids = [category.id, expense.id, user.user.id];
});
afterAll(() => t.close());

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "'; drop table expenses; --",
    "1 OR 1=1",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "\u0000",
    "\u202e\u200b",
    "💸💸💸",
    "-1",
    "0",
    "1e308",
    "NaN",
    "2026-02-30",
    "99999999999999999999.99",
    "null",
    "../../etc/passwd",
    "%00",
  ),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue(),
);
const field = fc.constantFrom(
  "email",
  "password",
  "name",
  "preferredLanguage",
  "token",
  "confirmPassword",
  "currentPassword",
  "newPassword",
  "userId",
  "firstName",
  "lastName",
  "inviteCode",
  "keepExpenses",
  "icon",
  "color",
  "weeklyBudget",
  "monthlyBudget",
  "isActive",
  "description",
  "amount",
  "categoryId",
  "date",
  "month",
  "year",
  "__proto__",
  "constructor",
);
const body = fc.oneof(
  fc.dictionary(field, value, { maxKeys: 8 }).map((b) => JSON.stringify(b)),
  fc.jsonValue().map((b) => JSON.stringify(b)),
  nasty,
  fc.constantFrom(
    '{"amount": ',
    "[",
    "{}",
    "null",
    '"x"',
    `{"description":"${"x".repeat(120_000)}"}`,
  ),
);
const pathParam = fc.oneof(
  nasty.map(encodeURIComponent),
  fc.constantFrom(...["00000000-0000-4000-8000-000000000000"]),
);
const queryValue = fc.oneof(
  nasty,
  // Cursors: base64url of near-miss keys, and bits of valid ones.
  fc
    .tuple(nasty, fc.constantFrom("2026-03-01", "2026-02-30"), fc.uuid())
    .map(([junk, date, id]) => Buffer.from(`${date}|${junk}|${id}`).toString("base64url")),
  fc.constantFrom("none", "00000000-0000-4000-8000-000000000000", "200", "201", "%25", "_", "\\"),
);
const query = fc.dictionary(
  fc.constantFrom(
    "month",
    "year",
    "token",
    "x",
    "search",
    "categoryId",
    "from",
    "to",
    "cursor",
    "limit",
  ),
  queryValue,
  { maxKeys: 4 },
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  undefined,
);

type Counts = Record<string, number>;
async function counts(): Promise<Counts> {
  const result = (await t.database.db.execute(sql`
    select (select count(*) from users)::int as users, (select count(*) from families)::int as families,
      (select count(*) from family_members)::int as members, (select count(*) from family_invites)::int as invites,
      (select count(*) from categories)::int as categories, (select count(*) from expenses)::int as expenses,
      (select count(*) from password_reset_tokens)::int as resets,
      (select sum(amount)::text from expenses) as total,
      (select string_agg(name || weekly_budget || monthly_budget, ',' order by id) from categories) as category_state`)) as unknown as {
    rows: Counts[];
  };
  return result.rows[0] as Counts;
}

describe("hostile input", () => {
  it("answers an over-long or malformed path parameter in the error shape", async () => {
    for (const [url, status] of [
      [`/api/categories/${"a".repeat(150)}`, 414],
      ["/api/expenses/%E0%A4%A", 400],
    ] as const) {
      const res = await t.app.inject({ method: "PATCH", url, headers: { cookie: user.cookie } });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code: "bad_request" });
      expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    }
  });

  it(`${RUNS} malformed requests: never a 5xx, always the error shape, nothing half-saved`, async () => {
    const routes = t.app.apiRoutes;
    let cookie = user.cookie;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        fc.option(body, { nil: undefined }),
        pathParam,
        query,
        contentType,
        fc.boolean(),
        async (routeIndex, payload, param, queryParams, type, signedIn) => {
          const route = routes[routeIndex] as { method: string; url: string };
          const path = route.url.replace(
            /:[a-zA-Z]+/,
            Math.random() < 0.3 ? (ids[0] as string) : param,
          );
          const search = new URLSearchParams(queryParams).toString();
          const before = await counts();
          const res = await t.app.inject({
            method: route.method as "GET",
            url: search ? `${path}?${search}` : path,
            headers: {
              ...(signedIn ? { cookie } : {}),
              ...(type && payload !== undefined ? { "content-type": type } : {}),
            },
            ...(payload !== undefined && route.method !== "GET" ? { payload } : {}),
          });
          expect(res.statusCode, `${route.method} ${path}: ${res.body.slice(0, 300)}`).toBeLessThan(
            500,
          );
          if (res.statusCode >= 400) {
            expect(apiErrorSchema.safeParse(res.json()).success, res.body.slice(0, 300)).toBe(true);
            expect(await counts()).toEqual(before);
          }
          // A logout or a login ends the session this run uses: take a new one.
          if ((route.url === "/api/logout" || route.url === "/api/auth/login") && signedIn) {
            cookie = (await login(t.app, user.email, user.password)).cookie;
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});

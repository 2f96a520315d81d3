import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, signUp } from "../testing/api-helpers";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../testing/test-app";

/**
 * No GET or HEAD changes state (docs/product.md#joining-by-link), proven over the server's own
 * route table: every GET route, and the HEAD Fastify adds for it, is called signed in (with and
 * without a family) from every kind of origin, and every table must hold exactly the rows it held
 * before. The only exceptions are the design's: the invite link joins, and the logout link signs
 * out, when opened directly, from the app itself or by an API client. A GET route added later
 * that writes fails here without any entry of its own.
 *
 * Not compared: `attempt_counters` (counting attempts, e.g. a preview of an invite code, is the
 * rate limits' job, docs/decisions/002-rate-limits.md, and changes nobody's data) and drizzle's
 * migration journal.
 */

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let t: TestApp;
let owner: SignedIn & { familyId: string };
let expenseId: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_REGISTER_PER_IP: "100000" } });
  owner = await signUpWithFamily(t.app);
  categoryId = (await createCategory(t.app, owner)).id;
  expenseId = (await createExpense(t.app, owner, { categoryId })).id;
});
afterAll(() => t.close());

const notCompared = new Set(["attempt_counters"]);

/** Every row of every table of the app, as text, in one statement. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await t.database.pool.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const compared = tables.map((row) => row.name).filter((name) => !notCompared.has(name));
  const union = compared
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as rows from "${name}" x`,
    )
    .join(" union all ");
  const { rows } = await t.database.pool.query<{ name: string; rows: string }>(union);
  return Object.fromEntries(rows.map((row) => [row.name, row.rows]));
}

/** A usable invite code of the owner's family (each call revokes the previous one: a change made before the snapshot). */
const freshInvite = async (): Promise<string> =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/family/invite",
      headers: { cookie: owner.cookie },
    })
  ).json().inviteCode;

/** Values for path parameters (real objects, so a handler gets as far as it can) and query strings. */
function urlOf(route: string, code: string): string {
  const params: Record<string, string> = { code, id: expenseId, userId: owner.user.id };
  const queries: Record<string, string> = {
    "/api/expenses": "?month=3&year=2026",
    "/api/summary": "?month=3&year=2026",
    "/api/summary/trend": "?month=3&year=2026",
    // A capability link: it verifies the account whose mailed token it carries, not the caller's,
    // so a forged cross-site request has nothing to act with. A wrong token must change nothing.
    "/api/auth/verify-email": "?token=forged",
  };
  const path = route.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? code);
  return `${path}${queries[route] ?? ""}`;
}

const actsOnDirectNavigation = new Set(["/api/family/join/:code", "/api/logout"]);

type Caller = "owner" | "noFamily";
const sessionOf = async (caller: Caller) =>
  caller === "owner" ? (await signUpAgain(owner)).cookie : (await signUp(t.app)).cookie;
/** A new session for the owner, so a logout in another walk does not matter. */
async function signUpAgain(who: SignedIn) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: String(res.headers["set-cookie"]).split(";")[0] ?? "" };
}

/**
 * Calls each route by `method` with each `Sec-Fetch-Site` and compares every table after each
 * call with the tables before it. One session and one invite code serve the whole walk: a call
 * that signed the caller out or used the code would itself show as a change, so reusing them
 * hides nothing, and each call's "after" is the next one's "before" (the walk was a login, an
 * invite and two snapshots per call: 10-33 s a walk).
 */
async function expectWalkUnchanged(
  routes: string[],
  method: "GET" | "HEAD",
  caller: Caller,
  fetchSites: (string | undefined)[],
) {
  const cookie = await sessionOf(caller);
  const code = await freshInvite();
  let before = await snapshot();
  for (const route of routes) {
    const url = urlOf(route, code);
    for (const fetchSite of fetchSites) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie, ...(fetchSite ? { "sec-fetch-site": fetchSite } : {}) },
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      const after = await snapshot();
      expect(after, `${method} ${url} as ${caller}, Sec-Fetch-Site ${fetchSite}`).toEqual(before);
      before = after;
    }
  }
}

/**
 * The family's event stream stays open until its reader goes: walked by HEAD only, which runs its
 * checks and answers at once. It only reads (features/live-updates/routes.ts).
 */
const streams = new Set(["/api/events"]);
const getRoutes = (method: "GET" | "HEAD" = "GET") =>
  t.app.apiRoutes
    .filter((route) => route.method === "GET")
    .map((route) => route.url)
    .filter((url) => method === "HEAD" || !streams.has(url));

describe("GET and HEAD routes change nothing", () => {
  it("finds the GET routes in the route table", () => {
    expect(getRoutes()).toEqual(
      expect.arrayContaining([
        "/api/family/join/:code",
        "/api/family/invite/:code",
        "/api/logout",
        "/api/auth/user",
        "/api/expenses",
      ]),
    );
  });

  it("notices a change: the direct invite link does join", async () => {
    const cookie = await sessionOf("noFamily");
    const url = urlOf("/api/family/join/:code", await freshInvite());
    const before = await snapshot();
    await t.app.inject({ method: "GET", url, headers: { cookie, "sec-fetch-site": "none" } });
    const after = await snapshot();
    expect(after.family_members).not.toBe(before.family_members);
    expect(after.family_invites).not.toBe(before.family_invites);
  });

  // Each of these walks every GET route (2-4 requests and a snapshot of every table each), which
  // can pass the default 30 s when this 2-core machine is loaded (seen at a load of 19).
  const walkTimeout = 120_000;
  for (const caller of ["noFamily", "owner"] as const) {
    it(
      `from another site or a sibling site, as ${caller}`,
      () => expectWalkUnchanged(getRoutes(), "GET", caller, ["cross-site", "same-site"]),
      walkTimeout,
    );

    it(
      `by HEAD, however opened, as ${caller}`,
      () =>
        expectWalkUnchanged(getRoutes("HEAD"), "HEAD", caller, [
          "none",
          "same-origin",
          "cross-site",
          undefined,
        ]),
      walkTimeout,
    );

    it(
      `opened directly or from the app, as ${caller}, except the invite and logout links`,
      () =>
        expectWalkUnchanged(
          getRoutes().filter((url) => !actsOnDirectNavigation.has(url)),
          "GET",
          caller,
          ["none", "same-origin", undefined],
        ),
      walkTimeout,
    );
  }
});

describe("GET /api/logout", () => {
  const signedIn = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode;

  for (const fetchSite of ["cross-site", "same-site"]) {
    it(`from ${fetchSite} leads to the app and keeps the session`, async () => {
      const { cookie } = await signUp(t.app);
      const res = await t.app.inject({
        method: "GET",
        url: "/api/logout",
        headers: { cookie, "sec-fetch-site": fetchSite },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(await signedIn(cookie)).toBe(200);
    });
  }

  it("by HEAD keeps the session", async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({ method: "HEAD", url: "/api/logout", headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(await signedIn(cookie)).toBe(200);
  });

  for (const fetchSite of ["none", "same-origin", undefined]) {
    it(`${fetchSite ? `with Sec-Fetch-Site: ${fetchSite}` : "without Sec-Fetch-Site"} signs out`, async () => {
      const { cookie } = await signUp(t.app);
      const res = await t.app.inject({
        method: "GET",
        url: "/api/logout",
        headers: { cookie, ...(fetchSite ? { "sec-fetch-site": fetchSite } : {}) },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
      expect(String(res.headers["set-cookie"])).toMatch(/^sid=;/);
      expect(await signedIn(cookie)).toBe(401);
    });
  }
});

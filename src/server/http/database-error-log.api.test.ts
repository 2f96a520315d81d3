import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, registerUser } from "../testing/api-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * A database error once put a password hash in the log (the driver's `detail`, "Failing row
 * contains (...)", and Drizzle's message with the query parameters). Real requests here hit a
 * real constraint violation while a password hash, a session cookie and a bearer token are in
 * play; the log must name the error by code, constraint and table only (http/logging.ts).
 */

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream });
  // Constraints only this test's database has: they fail an update of the signed-in user's row
  // and the insert of a login's session, the two writes that carry an account's secrets.
  await t.database.db.execute(
    sql.raw(
      `alter table users add constraint forced_failure check (first_name is distinct from 'Forced')`,
    ),
  );
});
afterAll(() => t.close());

const failures = () =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
    .filter((entry) => entry.msg === "request failed");

describe("a database error in the log", () => {
  it("is logged by code, constraint and table, without the row's password hash, cookie or token", async () => {
    const account = await registerUser(t.app, { password: "pw-SECRET-correct-horse" });
    const signedIn = await login(t.app, account.email, account.password);
    const rows = (await t.database.db.execute(
      sql`select password_hash from users where id = ${account.user.id}`,
    )) as unknown as { rows: { password_hash: string }[] };
    const hash = rows.rows[0]?.password_hash as string;
    expect(hash).toMatch(/^\$argon2/);
    lines.length = 0;

    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: signedIn.cookie, authorization: `Bearer ${signedIn.token}` },
      payload: { firstName: "Forced", lastName: "Secret-Lastname" },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: "internal" });

    const [failure, ...more] = failures();
    expect(more).toEqual([]);
    expect(failure?.err).toMatchObject({
      type: "DatabaseError",
      code: "23514",
      constraint: "forced_failure",
      table: "users",
    });
    expect(Object.keys(failure?.err ?? {}).sort()).toEqual(
      ["code", "constraint", "stack", "table", "type"].sort(),
    );
    const log = lines.join("");
    const cookieValue = signedIn.cookie.split("=").slice(1).join("=");
    for (const secret of [
      hash,
      hash.split("$").at(-1) as string,
      cookieValue,
      signedIn.token,
      account.email,
      account.password,
      "Secret-Lastname",
      "Failing row",
      "Failed query",
      "params",
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it("keeps a login's session id and the account's hash out of the log when the session cannot be stored", async () => {
    const account = await registerUser(t.app, { password: "pw-SECRET-second-horse" });
    const earlier = await login(t.app, account.email, account.password);
    await t.database.db.execute(
      sql.raw(
        `alter table sessions add constraint forced_session_failure check (user_id <> '${account.user.id}') not valid`,
      ),
    );
    lines.length = 0;
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { cookie: earlier.cookie },
        payload: { email: account.email, password: account.password },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers["set-cookie"]).toBeUndefined();
    } finally {
      await t.database.db.execute(
        sql.raw("alter table sessions drop constraint forced_session_failure"),
      );
    }
    expect(failures()[0]?.err).toMatchObject({
      type: "DatabaseError",
      code: "23514",
      constraint: "forced_session_failure",
      table: "sessions",
    });
    const log = lines.join("");
    for (const secret of [
      earlier.cookie.split("=").slice(1).join("="),
      earlier.token,
      account.email,
      account.password,
      "$argon2",
      "Failing row",
      "Failed query",
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

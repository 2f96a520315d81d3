import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonPost as json, killSpawnedServers, startServer } from "./testing/server-process";
import { createTestDatabase } from "./testing/test-database";

/**
 * Several app processes on one PostgreSQL (docs/scaling.md): a session made on one is valid on the
 * other, and concurrent writes through both lose nothing and duplicate nothing. Runs only in the
 * PostgreSQL pass of the suite (TEST_DATABASE_URL set; see vitest.config.ts).
 */

afterAll(killSpawnedServers);

describe("two app processes on one PostgreSQL", () => {
  it("share sessions and lose or duplicate no concurrent write", async () => {
    const database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.connectionString ?? "",
      SESSION_SECRET: "shared-secret-of-the-two-processes-0123456789",
      TWO_FACTOR_KEY: "5e".repeat(32),
      NODE_ENV: "production",
    };
    const [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: await mkdtemp(join(tmpdir(), "budget-a-")) }),
      startServer({ ...env, DATA_DIR: await mkdtemp(join(tmpdir(), "budget-b-")) }),
    ]);

    const email = "two@example.org";
    expect(
      (
        await fetch(
          `${a.url}/api/auth/register`,
          json({ email, password: "secret-71", name: "Duo" }),
        )
      ).status,
    ).toBe(201);
    const login = await fetch(`${a.url}/api/auth/login`, json({ email, password: "secret-71" }));
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { token } = (await login.json()) as { token: string };
    const onB = await fetch(`${b.url}/api/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe(email);
    expect(
      (await fetch(`${b.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);

    expect((await fetch(`${b.url}/api/family`, json({ name: "Dupla" }, { cookie }))).status).toBe(
      201,
    );
    const categories = (await (
      await fetch(`${a.url}/api/categories`, { headers: { cookie } })
    ).json()) as {
      id: string;
    }[];
    const categoryId = categories[0]?.id;

    const writes = Array.from({ length: 40 }, (_, i) =>
      fetch(
        `${i % 2 ? a.url : b.url}/api/expenses`,
        json(
          { description: `gasto ${i}`, amount: `${i + 1}.25`, date: "2026-03-10", categoryId },
          { cookie },
        ),
      ),
    );
    const sameKey = [a, b, a, b].map((server) =>
      fetch(
        `${server.url}/api/expenses`,
        json(
          { description: "uma vez", amount: "9.99", date: "2026-03-11", categoryId },
          { cookie, "idempotency-key": "double-click-1" },
        ),
      ),
    );
    const responses = await Promise.all([...writes, ...sameKey]);
    expect(responses.map((r) => r.status).every((status) => status === 201)).toBe(true);
    const onceIds = new Set(
      await Promise.all(
        responses.slice(40).map(async (r) => ((await r.json()) as { id: string }).id),
      ),
    );
    expect(onceIds.size).toBe(1);

    const listed = (await (
      await fetch(`${b.url}/api/expenses?month=3&year=2026`, { headers: { cookie } })
    ).json()) as {
      description: string;
      amount: string;
    }[];
    const mine = listed.filter(
      (e) => e.description.startsWith("gasto ") || e.description === "uma vez",
    );
    expect(mine).toHaveLength(41);
    expect(new Set(mine.map((e) => e.description)).size).toBe(41);

    // Logging out on one ends the session on both.
    await fetch(`${b.url}/api/logout`, { headers: { cookie }, redirect: "manual" });
    expect((await fetch(`${a.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);

    for (const server of [a, b]) server.child.kill("SIGTERM");
    await Promise.all([a, b].map((s) => new Promise((resolve) => s.child.once("exit", resolve))));
    await database.close();
  }, 120_000);
});

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonPost as json, killSpawnedServers, startServer } from "./testing/server-process";
import { createTestDatabase } from "./testing/test-database";

/**
 * Several app processes on one PostgreSQL (docs/scaling.md): a session made on one is valid on the
 * other, concurrent writes through both lose nothing and duplicate nothing, and a family's event
 * stream on one hears of the writes made through the other. Runs only in the
 * PostgreSQL pass of the suite (TEST_DATABASE_URL set; see vitest.config.ts).
 */

afterAll(killSpawnedServers);

/** A response body read as it comes: the text so far, and whether the server ended it. */
function readText(response: Response) {
  const state = { text: "", ended: false };
  void (async () => {
    const decoder = new TextDecoder();
    const reader = response.body?.getReader();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        state.text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // The connection was cut: ended all the same.
    }
    state.ended = true;
  })();
  return state;
}

async function until(condition: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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

    // A screen open on A hears of the writes made through B (LISTEN/NOTIFY, decision 009).
    const stream = await fetch(`${a.url}/api/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const heard = readText(stream);
    await until(() => heard.text.includes("event: ready"));
    const onlyThroughB = await fetch(
      `${b.url}/api/expenses`,
      json({ description: "por B", amount: "1.00", date: "2026-03-09", categoryId }, { cookie }),
    );
    expect(onlyThroughB.status).toBe(201);
    await until(() => heard.text.includes('event: change\ndata: {"topics":["expenses"]}'));

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
    expect(listed.some((e) => e.description === "por B")).toBe(true);
    expect(mine).toHaveLength(41);
    expect(new Set(mine.map((e) => e.description)).size).toBe(41);

    // Logging out on one ends the session on both, and its stream on the other.
    await fetch(`${b.url}/api/logout`, { headers: { cookie }, redirect: "manual" });
    expect((await fetch(`${a.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
    await until(() => heard.ended);

    for (const server of [a, b]) server.child.kill("SIGTERM");
    await Promise.all([a, b].map((s) => new Promise((resolve) => s.child.once("exit", resolve))));
    await database.close();
  }, 120_000);
});

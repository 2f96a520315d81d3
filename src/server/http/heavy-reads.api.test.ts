import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../testing/api-helpers";
import {
  type FamilyMemberSession,
  joinFamilyOf,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";
import { HEAVY_READS_PER_USER, HEAVY_READS_WAITING } from "./heavy-reads";

/**
 * The heavy reads' caps (http/heavy-reads.ts): a person runs at most HEAVY_READS_PER_USER of them
 * at once; one more is a translated 429 at once, another member's are theirs, the light reads are
 * not counted, and each slot comes back when its reply closes. The process runs at most
 * HEAVY_READS_AT_ONCE of everyone's at the same moment, the others waiting for a turn, and past
 * HEAVY_READS_WAITING waiting one more is a translated 429. No timings: the reads are held
 * running by a lock on the tables they read, so which request waits and which is refused does not
 * depend on the machine's speed. The load itself is measured by `npm run bench`
 * (bench/heavy-reads.mjs).
 */

let t: TestApp;
let ana: FamilyMemberSession;
let leo: FamilyMemberSession;

/** The same database, with one heavy read at a time in the process. */
let oneAtATime: TestApp;

beforeAll(async () => {
  // Turns enough for everyone's reads here: the per-person cap is what is tested first.
  t = await createTestApp({ env: { HEAVY_READS_AT_ONCE: "20" } });
  oneAtATime = await createTestApp({
    database: t.database,
    env: { HEAVY_READS_AT_ONCE: "1", RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
  ana = await signUpWithFamily(t.app, { language: "pt" });
  leo = await joinFamilyOf(t.app, ana);
});
afterAll(async () => {
  await oneAtATime?.close();
  await t?.close();
});

const get = (who: { cookie: string }, url: string, app = t) =>
  app.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });

const lines = (who: FamilyMemberSession, other: FamilyMemberSession, month: number) =>
  `/api/balances/lines?userId=${who.user.id}&otherUserId=${other.user.id}&year=2026&month=${month}`;

/** Every heavy read of the family, each a different request. */
const heavyUrls = (who: FamilyMemberSession, other: FamilyMemberSession) => [
  "/api/expenses",
  "/api/incomes?month=3&year=2026",
  "/api/balances",
  lines(who, other, 1),
  "/api/expenses/page?search=mercado",
  lines(who, other, 2),
  lines(who, other, 3),
];

/**
 * Until `release` is called, every statement reading the family's expenses, shares or incomes
 * waits: the heavy reads sent meanwhile hold their slots.
 */
async function holdReads(): Promise<() => Promise<void>> {
  const client: pg.PoolClient = await t.database.pool.connect();
  await client.query("begin");
  await client.query("lock table expenses, expense_shares, incomes in access exclusive mode");
  return async () => {
    await client.query("rollback");
    client.release();
  };
}

/** Until `n` requests have taken a slot (they wait on the lock, in the database). */
async function untilWaiting(n: number) {
  for (;;) {
    const { rows } = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
    );
    if ((rows[0]?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("heavy reads per person", () => {
  it(`runs ${HEAVY_READS_PER_USER} at once and refuses one more at once, translated`, async () => {
    const release = await holdReads();
    let held: Awaited<ReturnType<typeof get>>[];
    try {
      const urls = heavyUrls(ana, leo);
      const running = urls.slice(0, HEAVY_READS_PER_USER).map((url) => get(ana, url));
      await untilWaiting(HEAVY_READS_PER_USER);
      // While they run: every other heavy read of Ana's is refused without waiting.
      const refused = await Promise.all(
        urls.slice(HEAVY_READS_PER_USER).map((url) => get(ana, url)),
      );
      for (const res of refused) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({
          code: "rate_limited",
          message: `Você já tem ${HEAVY_READS_PER_USER} listas grandes carregando. Aguarde uma terminar e tente novamente.`,
        });
      }
      // Per person: Léo's heavy read takes a slot of his own (it waits on the lock like Ana's).
      const leosRead = get(leo, "/api/balances");
      await untilWaiting(HEAVY_READS_PER_USER + 1);
      // A light read is not counted: the family's history answers at once.
      expect((await get(ana, "/api/family/history")).statusCode).toBe(200);
      await release();
      held = await Promise.all([...running, leosRead]);
    } catch (error) {
      await release();
      throw error;
    }
    expect(held.map((res) => res.statusCode)).toEqual(Array(HEAVY_READS_PER_USER + 1).fill(200));
    // Every reply closed: the slots came back.
    const again = await Promise.all(
      heavyUrls(ana, leo)
        .slice(0, HEAVY_READS_PER_USER)
        .map((url) => get(ana, url)),
    );
    expect(again.map((res) => res.statusCode)).toEqual(Array(HEAVY_READS_PER_USER).fill(200));
  });

  it("gives a slot back when the read fails, and counts a page only when it searches", async () => {
    // A month refused by validation never takes a slot; a read answering 4xx gives it back.
    for (let i = 0; i < HEAVY_READS_PER_USER + 2; i++) {
      expect((await get(ana, "/api/balances?month=13&year=2026")).statusCode).toBe(400);
    }
    const release = await holdReads();
    try {
      // Months not read before: none is answered from the family's kept bodies.
      const running = Array.from({ length: HEAVY_READS_PER_USER }, (_, i) =>
        get(ana, lines(ana, leo, 4 + i)),
      );
      await untilWaiting(HEAVY_READS_PER_USER);
      // Pages without a search are not heavy: they are not refused (they wait on the lock).
      const page = get(ana, "/api/expenses/page");
      expect((await get(ana, "/api/expenses/page?search=x")).statusCode).toBe(429);
      await release();
      expect((await page).statusCode).toBe(200);
      expect((await Promise.all(running)).map((res) => res.statusCode)).toEqual(
        Array(HEAVY_READS_PER_USER).fill(200),
      );
    } catch (error) {
      await release();
      throw error;
    }
  });

  it("runs the process's reads one at a time when so set, the others waiting their turn", async () => {
    const release = await holdReads();
    try {
      const first = get(ana, lines(ana, leo, 8), oneAtATime);
      await untilWaiting(1);
      // Léo's read waits for a turn in the app, not in the database: it holds no connection.
      const second = get(leo, lines(leo, ana, 8), oneAtATime);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rows } = await t.database.pool.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
      );
      expect(rows[0]?.n).toBe(1);
      await release();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
    } catch (error) {
      await release();
      throw error;
    }
  });

  it(`refuses a read past ${HEAVY_READS_WAITING} waiting, translated`, async () => {
    // Enough people that no one's own cap is reached: one read each. They have no family: a read
    // that gets its turn answers 404, which is enough to see who waited and who was refused.
    const people = [];
    for (let i = 0; i < HEAVY_READS_WAITING + 3; i++) people.push(await signUp(oneAtATime.app));
    const release = await holdReads();
    try {
      const running = get(ana, lines(ana, leo, 9), oneAtATime);
      await untilWaiting(1);
      const others = people.map((person) =>
        get(person, "/api/incomes?month=9&year=2026", oneAtATime),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await release();
      expect((await running).statusCode).toBe(200);
      const answers = await Promise.all(others);
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 404)).toHaveLength(HEAVY_READS_WAITING);
      expect(codes.filter((code) => code === 429)).toHaveLength(3);
      expect(answers.find((res) => res.statusCode === 429)?.json()).toEqual({
        code: "rate_limited",
        message: "The server is loading many large lists right now. Try again in a few seconds.",
      });
    } catch (error) {
      await release();
      throw error;
    }
  });

  it("never runs a read whose client left while it waited for its turn", async () => {
    const port = await listenInRange(oneAtATime.app);
    const release = await holdReads();
    try {
      const first = get(ana, lines(ana, leo, 10), oneAtATime);
      await untilWaiting(1);
      oneAtATime.statements.reset();
      const socket = connect({ host: "127.0.0.1", port });
      socket.write(
        `GET ${lines(leo, ana, 11)} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${leo.cookie}\r\n\r\n`,
      );
      // Once the server has read the request and it waits for a turn, Léo leaves.
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      oneAtATime.statements.reset();
      await release();
      expect((await first).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Ana's read only: Léo's never ran a statement once its turn came.
      expect(oneAtATime.statements.texts.filter((text) => text.includes("expense_shares"))).toEqual(
        [],
      );
      // And his turn was not taken and kept: the next read runs at once.
      const next = await Promise.race([
        get(ana, lines(ana, leo, 12), oneAtATime).then((res) => res.statusCode),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000)),
      ]);
      expect(next).toBe(200);
    } catch (error) {
      await release();
      throw error;
    } finally {
      oneAtATime.app.server.closeAllConnections();
    }
  });
});

/** The app on a port (3320-3329, the first free one): a client leaving needs a real socket. */
async function listenInRange(app: FastifyInstance): Promise<number> {
  for (let port = 3320; port <= 3329; port++) {
    try {
      await app.listen({ port, host: "127.0.0.1" });
      return port;
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
    }
  }
  throw new Error("no free port in 3320-3329");
}

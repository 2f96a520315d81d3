import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptCounters } from "../db/schema";
import { registerUser, uniqueEmail } from "../testing/api-helpers";
import { createTestApp, type TestApp, testClock } from "../testing/test-app";
import { AttemptCounters } from "./attempt-limiter";

/**
 * The counters live in the database (docs/decisions/002-rate-limits.md): two apps on one database
 * stand for two processes and share every limit; windows follow the injected clock; old rows go.
 */

const clock = testClock();
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ clock });
  b = await createTestApp({ clock, database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const attempt = (t: TestApp, email: string, password: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    payload: { email, password },
  });

describe("limits shared by every app process", () => {
  it("count one account's failures on both apps together", async () => {
    const { email, password } = await registerUser(a.app);
    for (let i = 0; i < 5; i++) {
      expect((await attempt(a, email, "wrong", `10.30.0.${i}`)).statusCode).toBe(401);
      expect((await attempt(b, email, "wrong", `10.30.1.${i}`)).statusCode).toBe(401);
    }
    expect((await attempt(a, email, password, "10.30.2.1")).statusCode).toBe(429);
    expect((await attempt(b, email, password, "10.30.2.2")).statusCode).toBe(429);
  });

  it("hold with 40 simultaneous guesses spread over both apps", async () => {
    const { email } = await registerUser(a.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(i % 2 ? a : b, email, `wrong ${i}`, `10.31.0.${i}`),
      ),
    );
    const counts: Record<number, number> = {};
    for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 401: 10, 429: 30 });
  });

  it("keep no e-mail address or IP in clear", async () => {
    const email = uniqueEmail("clear");
    await attempt(a, email, "wrong", "10.32.0.1");
    const rows = await a.database.db.select().from(attemptCounters);
    expect(rows.length).toBeGreaterThan(0);
    const keys = rows.map((row) => row.key).join("\n");
    expect(keys).not.toContain(email);
    expect(keys).not.toContain("10.32.0.1");
  });
});

describe("AttemptCounters", () => {
  const counters = () => new AttemptCounters(a.database.db, clock);

  it("end a window on the injected clock, and start the next at one", async () => {
    const limit = counters().limiter("test-window", 60_000, 2);
    expect(await limit.hit("k")).toBe(false);
    expect(await limit.hit("k")).toBe(false);
    expect(await limit.hit("k")).toBe(true);
    clock.advance(59_999);
    expect(await limit.hit("k")).toBe(true);
    clock.advance(1);
    expect(await limit.hit("k")).toBe(false);
    expect(await limit.hit("k")).toBe(false);
    expect(await limit.hit("k")).toBe(true);
    // Limits with different names never share a count.
    expect(await counters().limiter("test-other", 60_000, 2).hit("k")).toBe(false);
  });

  it("take an attempt back within its window only", async () => {
    const limit = counters().limiter("test-take-back", 60_000, 1);
    expect(await limit.hit("k")).toBe(false);
    await limit.takeBack("k");
    expect(await limit.hit("k")).toBe(false);
    expect(await limit.hit("k")).toBe(true);
    // A take-back never goes below zero nor reaches into a later window.
    const other = counters().limiter("test-take-back-2", 60_000, 1);
    await other.takeBack("k");
    await other.takeBack("k");
    expect(await other.hit("k")).toBe(false);
    expect(await other.hit("k")).toBe(true);
  });

  it("refuses a window longer than the rows are kept", () => {
    expect(() => counters().limiter("too-long", 25 * 60 * 60_000, 1)).toThrow(/at most a day/);
  });

  it("prune rows whose window started more than a day ago, now and then", async () => {
    const prunedBy = counters();
    await prunedBy.limiter("test-prune-old", 60_000, 5).hit("old");
    clock.advance(20 * 60 * 60_000);
    await prunedBy.limiter("test-prune-recent", 60_000, 5).hit("recent");
    const names = async () =>
      (await a.database.db.select().from(attemptCounters))
        .map((row) => row.key.split(":")[0])
        .filter((name) => name?.startsWith("test-prune"));
    expect((await names()).sort()).toEqual(["test-prune-old", "test-prune-recent"]);

    clock.advance(5 * 60 * 60_000); // "old" is 25 h old, "recent" 5 h
    await prunedBy.limiter("test-prune-trigger", 60_000, 5).hit("x");
    expect((await names()).sort()).toEqual(["test-prune-recent", "test-prune-trigger"]);
  });
});

import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_USER } from "../../../contract/live-updates";
import { type Database, openPostgres } from "../../db/client";
import { families, sessions } from "../../db/schema";
import { login, type SignedIn, signUp } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createTestDatabase } from "../../testing/test-database";

/**
 * The family's event stream (docs/decisions/009-live-updates-over-sse.md): a member's change
 * reaches the other members' open streams as topics, across app processes on one database, never
 * another family's; the stream ends when its session ends or its member leaves the family.
 */

type Event = { event: string; data: string };

/** An open GET /api/events over a real connection, read event by event. */
class Stream {
  private buffer = "";
  private readonly events: Event[] = [];
  private waiters: (() => void)[] = [];
  ended = false;
  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {
    void this.pump();
  }

  static async open(url: string, who: SignedIn, headers: Record<string, string> = {}) {
    const abort = new AbortController();
    const res = await fetch(`${url}/api/events`, {
      headers: { cookie: who.cookie, ...headers },
      signal: abort.signal,
    });
    expect(res.status, await (res.status === 200 ? "" : res.text())).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    if (!res.body) throw new Error("no body");
    const stream = new Stream(res.body.getReader(), abort);
    const ready = await stream.next();
    expect(ready.event).toBe("ready");
    return Object.assign(stream, { headers: res.headers, ready: JSON.parse(ready.data) });
  }

  private async pump() {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end = this.buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== undefined) this.events.push({ event, data: data ?? "" });
          end = this.buffer.indexOf("\n\n");
        }
        this.wake();
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** The next event, or fails after `ms`. */
  async next(ms = 5_000): Promise<Event> {
    const deadline = Date.now() + ms;
    while (this.events.length === 0) {
      if (this.ended) throw new Error("the stream ended");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events.shift() as Event;
  }

  /** Settles when the server ends the stream; fails after `ms`. */
  async endedWithin(ms = 5_000) {
    const deadline = Date.now() + ms;
    while (!this.ended && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.ended;
  }

  close() {
    this.abort.abort();
  }
}

const listen = async (app: FastifyInstance) => app.listen({ port: 0, host: "127.0.0.1" });

/** GET /api/events on a socket that sends the request and then never reads a byte of the answer. */
function stalledStream(url: string, who: SignedIn): Socket {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.pause();
  socket.on("error", () => {});
  socket.write(
    `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${who.cookie}\r\n\r\n`,
  );
  return socket;
}

let first: TestApp;
let second: TestApp;
let firstUrl: string;
let secondUrl: string;
const streams: Stream[] = [];
/**
 * Until both processes' listening connections have dispatched every notification sent before the
 * call: a marker published to a family of no one comes back after them, since a connection hears
 * the channel's notifications in the order they committed. A stream opened right after a write
 * (a join) could otherwise hear that write's notification late and take it for a later one's.
 */
async function earlierNotificationsHeard() {
  const marker = { familyId: randomUUID(), userId: randomUUID() };
  const listening = [first, second].map(async ({ app }) => {
    let heard = () => {};
    const came = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const unsubscribe = await app.familyEvents.subscribe({
      ...marker,
      changed: () => heard(),
      accessChanged() {},
      resync() {},
    });
    return { came, unsubscribe };
  });
  // Both processes listen once their subscribe settled; the marker goes out after.
  const subscribed = await Promise.all(listening);
  await first.app.familyEvents.publish(marker.familyId, ["categories"]);
  for (const { came, unsubscribe } of subscribed) {
    await came;
    unsubscribe();
  }
}

const open = async (url: string, who: SignedIn) => {
  await earlierNotificationsHeard();
  const stream = await Stream.open(url, who);
  streams.push(stream);
  return stream;
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let secondPool: Database | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestApp({ database });
  // A second app process on the same database: its own pool and its own listening connection.
  secondPool = openPostgres(database.connectionString, { kind: database.kind });
  second = await createTestApp({ database: secondPool });
  firstUrl = await listen(first.app);
  secondUrl = await listen(second.app);
});
/**
 * Waits for one step of the teardown, at most `ms`: a step still waiting then is named in the
 * output and the rest go on. Twice in CI runs (of 2026-12-07) this hook passed its 60 s with
 * every test passed, once with the suite alone on the machine, and no run since named a step.
 */
async function teardownStep(label: string, step: Promise<unknown> | undefined, ms = 15_000) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  const started = Date.now();
  const outcome = await Promise.race([step?.then(() => "done" as const), late]);
  clearTimeout(timer);
  if (outcome === "late")
    console.warn(`live-updates teardown: ${label} still waiting after ${ms} ms`);
  else if (Date.now() - started > 2_000) {
    console.warn(`live-updates teardown: ${label} took ${Date.now() - started} ms`);
  }
}

afterAll(async () => {
  for (const stream of streams) stream.close();
  // As in the capped app's test below: the aborted streams' connections are cut, not waited for.
  for (const app of [first, second]) app?.app.server.closeAllConnections();
  await teardownStep("the second app's close", second?.close());
  await teardownStep("the first app's close", first?.close());
  await teardownStep("the second pool's close", secondPool?.close());
  await teardownStep("the database's close", database?.close());
}, 120_000);

describe("GET /api/events", () => {
  it("tells another member of a new expense and a renamed category, from another app process", async () => {
    const ana = await signUpWithFamily(first.app);
    const leo = await joinFamilyOf(first.app, ana);
    const anaScreen = await open(firstUrl, ana);
    const anaOtherProcess = await open(secondUrl, ana);
    const category = await createCategory(first.app, ana);
    expect(await anaScreen.next()).toEqual({
      event: "change",
      data: JSON.stringify({ topics: ["categories"] }),
    });
    expect((await anaOtherProcess.next()).data).toBe(JSON.stringify({ topics: ["categories"] }));

    const started = Date.now();
    await createExpense(second.app, leo, { categoryId: category.id, amount: "321.00" });
    expect(await anaScreen.next(2_000)).toEqual({
      event: "change",
      data: JSON.stringify({ topics: ["expenses"] }),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await anaOtherProcess.next()).data).toBe(JSON.stringify({ topics: ["expenses"] }));

    const renamed = await second.app.inject({
      method: "PATCH",
      url: `/api/categories/${category.id}`,
      headers: { cookie: leo.cookie },
      payload: { name: "Feira" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await anaScreen.next()).data).toBe(JSON.stringify({ topics: ["categories"] }));

    // A card another member adds (docs/product.md#payment-methods) and its archiving.
    const card = await createPaymentMethod(second.app, leo);
    expect((await anaScreen.next()).data).toBe(JSON.stringify({ topics: ["paymentMethods"] }));
    const archived = await first.app.inject({
      method: "PATCH",
      url: `/api/payment-methods/${card.id}`,
      headers: { cookie: leo.cookie },
      payload: { isActive: false },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await anaScreen.next()).data).toBe(JSON.stringify({ topics: ["paymentMethods"] }));
  });

  it("tells every member when the owner moves the family's budget month, and not when the rule stays", async () => {
    const ana = await signUpWithFamily(first.app);
    const leo = await joinFamilyOf(first.app, ana);
    const leoScreen = await open(secondUrl, leo);
    const rule = { start: "business-day", day: 5, saturdays: true, closedDay: "stay" };
    const put = () =>
      first.app.inject({
        method: "PUT",
        url: "/api/family/budget-period",
        headers: { cookie: ana.cookie },
        payload: rule,
      });
    expect((await put()).statusCode).toBe(200);
    // The family (its rule) and every month's figures, which the rule names anew. Leo's own join
    // ("family") may reach this other process after his stream opened: it comes first, if at all.
    let event = await leoScreen.next();
    if (event.data === JSON.stringify({ topics: ["family"] })) event = await leoScreen.next();
    expect(event).toEqual({
      event: "change",
      data: JSON.stringify({ topics: ["family", "expenses"] }),
    });
    // The same rule again announces nothing: the next event Leo gets is the category's.
    expect((await put()).statusCode).toBe(200);
    await createCategory(first.app, ana);
    expect((await leoScreen.next()).data).toBe(JSON.stringify({ topics: ["categories"] }));
  });

  it("carries no other family's changes", async () => {
    const ana = await signUpWithFamily(first.app);
    const stranger = await signUpWithFamily(first.app);
    const anaScreen = await open(firstUrl, ana);
    await createCategory(first.app, stranger);
    // Reading notifications when none is unread changes nothing and announces nothing.
    const readAll = await first.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: { cookie: ana.cookie },
    });
    expect(readAll.json()).toEqual({ unreadCount: 0 });
    // Published after the stranger's and the read: were either delivered, it would come first.
    await createCategory(first.app, ana);
    expect((await anaScreen.next()).data).toBe(JSON.stringify({ topics: ["categories"] }));
  });

  it("ends when the member is removed from the family, and when the member leaves", async () => {
    const ana = await signUpWithFamily(first.app);
    const leo = await joinFamilyOf(first.app, ana);
    const bia = await joinFamilyOf(first.app, ana);
    const leoScreen = await open(secondUrl, leo);
    const biaScreen = await open(firstUrl, bia);
    const anaScreen = await open(firstUrl, ana);
    const removed = await first.app.inject({
      method: "DELETE",
      url: `/api/family/members/${leo.user.id}`,
      headers: { cookie: ana.cookie },
      payload: { keepExpenses: true },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await leoScreen.endedWithin()).toBe(true);
    expect((await anaScreen.next()).data).toBe(JSON.stringify({ topics: ["family"] }));
    expect(anaScreen.ended).toBe(false);

    const left = await first.app.inject({
      method: "POST",
      url: "/api/family/leave",
      headers: { cookie: bia.cookie },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await biaScreen.endedWithin()).toBe(true);
    expect((await anaScreen.next()).data).toBe(JSON.stringify({ topics: ["family"] }));
    expect(anaScreen.ended).toBe(false);
  });

  it("ends when its session logs out or is ended from another device", async () => {
    const ana = await signUpWithFamily(first.app);
    const screen = await open(secondUrl, ana);
    const logout = await first.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: ana.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(logout.statusCode).toBe(302);
    expect(await screen.endedWithin()).toBe(true);
    const again = await fetch(`${firstUrl}/api/events`, { headers: { cookie: ana.cookie } });
    expect(again.status).toBe(401);
  });

  it("ends when another device ends the other logins, and when the family is deleted", async () => {
    const ana = await signUpWithFamily(first.app);
    const anaLaptop = await open(firstUrl, ana);
    const phone = await login(first.app, ana.email, ana.password);
    const ended = await second.app.inject({
      method: "POST",
      url: "/api/profile/sessions/end-others",
      headers: { cookie: phone.cookie },
      payload: { password: ana.password },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await anaLaptop.endedWithin()).toBe(true);

    // The family's last member deletes it from the phone: the tablet's screen goes with it.
    const bia = await signUpWithFamily(first.app);
    const tablet = await open(secondUrl, await login(first.app, bia.email, bia.password));
    const deleted = await first.app.inject({
      method: "DELETE",
      url: "/api/family",
      headers: { cookie: bia.cookie },
      payload: { name: "Família Teste" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await tablet.endedWithin()).toBe(true);
  });

  it(`allows a user ${MAX_STREAMS_PER_USER} streams at once, and says why not an eleventh`, async () => {
    const ana = await signUpWithFamily(first.app, { language: "pt" });
    const mine: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) mine.push(await open(firstUrl, ana));
    const refused = await fetch(`${firstUrl}/api/events`, { headers: { cookie: ana.cookie } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Esta conta já tem 10 telas acompanhando a família ao vivo. Feche uma e recarregue esta.",
    );
    mine[0]?.close();
    // The closed one's place is free again once the server has seen it go.
    await expect
      .poll(() =>
        open(firstUrl, ana).then(
          () => "opened",
          () => "refused",
        ),
      )
      .toBe("opened");
  });

  it("says in its ready the family's data version, which every read names: a change between the reads and the stream shows", async () => {
    const ana = await signUpWithFamily(first.app);
    const leo = await joinFamilyOf(first.app, ana);
    const read = await first.app.inject({
      method: "GET",
      url: "/api/categories",
      headers: { cookie: ana.cookie },
    });
    const readVersion = Number(read.headers["x-family-version"]);
    const versionNow = async () => {
      const [row] = await first.database.db
        .select({ version: families.dataVersion })
        .from(families)
        .where(eq(families.id, ana.familyId));
      return row?.version;
    };
    expect(readVersion).toBe(await versionNow());
    // Leo's expense commits after Ana's screen read and before its stream listens.
    const category = await createCategory(first.app, leo);
    await createExpense(first.app, leo, { categoryId: category.id, amount: "12.34" });
    const screen = await open(firstUrl, ana);
    expect(screen.ready).toEqual({ version: await versionNow() });
    expect(screen.ready.version).toBeGreaterThan(readVersion);
    // Writes answer no version: only reads are compared with the stream's.
    const post = await first.app.inject({
      method: "PATCH",
      url: `/api/categories/${category.id}`,
      headers: { cookie: ana.cookie },
      payload: { name: "Feira" },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.headers["x-family-version"]).toBeUndefined();
  });

  it("tells the family of a member's new name, and not of the member's own settings or the same name", async () => {
    const ana = await signUpWithFamily(first.app);
    const leo = await joinFamilyOf(first.app, ana);
    const anaScreen = await open(firstUrl, ana);
    const patch = (payload: Record<string, unknown>) =>
      first.app.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: { cookie: leo.cookie },
        payload,
      });
    expect((await patch({ budgetAlertEmails: false })).statusCode).toBe(200);
    expect((await patch({ firstName: "Leonardo" })).statusCode).toBe(200);
    expect(await anaScreen.next()).toEqual({
      event: "change",
      data: JSON.stringify({ topics: ["family"] }),
    });
    expect((await patch({ firstName: "Leonardo" })).statusCode).toBe(200);
    // Published after the unchanged name: were that announced, it would come first.
    await createCategory(first.app, ana);
    expect((await anaScreen.next()).data).toBe(JSON.stringify({ topics: ["categories"] }));
  });

  it("sends the topics heard at once as one event", async () => {
    const ana = await signUpWithFamily(first.app);
    const screen = await open(firstUrl, ana);
    const wire = (t: string[], n: number) => JSON.stringify({ f: ana.familyId, t, n });
    // Three notifications of one transaction come together, as a burst of writes' would.
    await first.database.pool.query(
      "select pg_notify('family_events', $1), pg_notify('family_events', $2), pg_notify('family_events', $3)",
      [wire(["expenses"], 1), wire(["categories", "no-such-topic"], 2), wire(["expenses"], 3)],
    );
    expect(await screen.next()).toEqual({
      event: "change",
      data: JSON.stringify({ topics: ["expenses", "categories"] }),
    });
    await createCategory(first.app, ana);
    expect((await screen.next()).data).toBe(JSON.stringify({ topics: ["categories"] }));
  });

  it("ends a stream whose client does not read its events, and keeps the one that does", async () => {
    const ana = await signUpWithFamily(first.app);
    const events = first.app.familyEvents;
    const before = events.size;
    const reading = await open(firstUrl, ana);
    const stalled = stalledStream(firstUrl, ana);
    await expect.poll(() => events.size).toBe(before + 2);
    const closed = new Promise<void>((resolve) => stalled.once("close", () => resolve()));
    // Events until the stalled socket's kernel buffers are full and the server's queue grows:
    // the server must end that stream rather than hold what it cannot send.
    const topics = [
      "expenses",
      "categories",
      "recurring",
      "notifications",
      "paymentMethods",
    ] as const;
    let published = 0;
    while (events.size > before + 1 && published < 200_000) {
      await events.publish(ana.familyId, topics);
      published += 1;
    }
    expect(events.size, `after ${published} events`).toBe(before + 1);
    // Its socket was reset: the client sees it closed as soon as it looks.
    stalled.resume();
    await closed;
    // The reading one heard every event and still does.
    await createCategory(first.app, ana);
    let last = await reading.next();
    while (last.data !== JSON.stringify({ topics: ["categories"] })) last = await reading.next();
    expect(reading.ended).toBe(false);
    // 9 s alone on PostgreSQL, 105-120 s in CI's PostgreSQL pass at nice 19 beside the e2e tests
    // (one NOTIFY after another: in rounds of 25 at once it took 33 s alone, so not that).
  }, 240_000);

  it("ends when its session expires, unless a request slid the expiry", async () => {
    const ana = await signUpWithFamily(first.app);
    const leo = await joinFamilyOf(first.app, ana);
    const expireIn = (userId: string, ms: number) =>
      first.database.db
        .update(sessions)
        .set({ expire: new Date(Date.now() + ms) })
        .where(eq(sessions.userId, userId));
    await expireIn(ana.user.id, 1_500);
    await expireIn(leo.user.id, 1_500);
    const anaScreen = await open(firstUrl, ana);
    const leoScreen = await open(firstUrl, leo);
    // Leo's other calls moved his session's idle expiry on meanwhile.
    await expireIn(leo.user.id, 60 * 60_000);
    expect(await anaScreen.endedWithin(6_000)).toBe(true);
    expect(leoScreen.ended).toBe(false);
    await createCategory(first.app, leo);
    expect((await leoScreen.next()).data).toBe(JSON.stringify({ topics: ["categories"] }));
  });

  it("caps the streams from one client IP and in all, each refusal translated", async () => {
    const capped = await createTestApp({
      database,
      env: { TRUST_PROXY: "loopback", STREAMS_PER_IP: "2", STREAMS_MAX: "3" },
    });
    const mine: Stream[] = [];
    try {
      const url = await listen(capped.app);
      const ana = await signUpWithFamily(capped.app, { language: "es" });
      const from = (ip: string) => ({ "x-forwarded-for": ip });
      const openFrom = async (ip: string) => {
        const stream = await Stream.open(url, ana, from(ip));
        mine.push(stream);
        return stream;
      };
      await openFrom("203.0.113.7");
      await openFrom("203.0.113.7");
      const third = await fetch(`${url}/api/events`, {
        headers: { cookie: ana.cookie, ...from("203.0.113.7") },
      });
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({
        code: "too_many_streams",
        message:
          "Hay demasiadas pantallas de esta red siguiendo familias en vivo. Cierra algunas y recarga esta.",
      });
      // Another address has room of its own, up to the process's cap.
      await openFrom("198.51.100.4");
      const full = await fetch(`${url}/api/events`, {
        headers: { cookie: ana.cookie, ...from("192.0.2.9") },
      });
      expect(full.status).toBe(503);
      expect(await full.json()).toMatchObject({
        code: "service_unavailable",
        message:
          "El servidor ya sigue en vivo todas las pantallas que puede. Esta pantalla se pondrá al día sola en un momento.",
      });
      // A closed stream gives its place back, to any address.
      mine[0]?.close();
      await expect
        .poll(() =>
          openFrom("192.0.2.9").then(
            () => "opened",
            () => "refused",
          ),
        )
        .toBe("opened");
    } finally {
      for (const stream of mine) stream.close();
      // Its sockets are cut, not waited for: app.close() would wait some 4 s for the aborted
      // streams' connections, no part of what this test proves.
      capped.app.server.closeAllConnections();
      await capped.close();
    }
  });

  it("refuses the signed-out and a user in no family", async () => {
    const signedOut = await fetch(`${firstUrl}/api/events`);
    expect(signedOut.status).toBe(401);
    const loner = await signUp(first.app);
    const noFamily = await fetch(`${firstUrl}/api/events`, { headers: { cookie: loner.cookie } });
    expect(noFamily.status).toBe(404);
    expect(((await noFamily.json()) as { code: string }).code).toBe("not_in_family");
  });
});

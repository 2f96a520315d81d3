import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_USER } from "../../../contract/live-updates";
import { type Database, openPostgres } from "../../db/client";
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

  static async open(url: string, who: SignedIn) {
    const abort = new AbortController();
    const res = await fetch(`${url}/api/events`, {
      headers: { cookie: who.cookie },
      signal: abort.signal,
    });
    expect(res.status, await (res.status === 200 ? "" : res.text())).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    if (!res.body) throw new Error("no body");
    const stream = new Stream(res.body.getReader(), abort);
    expect((await stream.next()).event).toBe("ready");
    return Object.assign(stream, { headers: res.headers });
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

let first: TestApp;
let second: TestApp;
let firstUrl: string;
let secondUrl: string;
const streams: Stream[] = [];
const open = async (url: string, who: SignedIn) => {
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
afterAll(async () => {
  for (const stream of streams) stream.close();
  await second?.close();
  await first?.close();
  await secondPool?.close();
  await database?.close();
});

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

  it("refuses the signed-out and a user in no family", async () => {
    const signedOut = await fetch(`${firstUrl}/api/events`);
    expect(signedOut.status).toBe(401);
    const loner = await signUp(first.app);
    const noFamily = await fetch(`${firstUrl}/api/events`, { headers: { cookie: loner.cookie } });
    expect(noFamily.status).toBe(404);
    expect(((await noFamily.json()) as { code: string }).code).toBe("not_in_family");
  });
});

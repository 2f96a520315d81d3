import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createReadVersions } from "../../lib/family-version";
import { invalidateTopics } from "../../lib/query-keys";
import { familyQueryOptions } from "../family/get-family";
import { familyHistoryQueryOptions, noHistoryFilters } from "../history/get-family-history";
import { splitRulesQueryOptions } from "../shares/get-split-rules";
import { monthSummaryQueryOptions } from "../summary/get-month-summary";
import { monthTrendQueryOptions } from "../summary/get-trend";
import { type EventSourceLike, followFamilyEvents } from "./follow-family-events";

/** A stand-in EventSource the test drives: it opens, sends named events, drops and gives up. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  send(name: string, data = "{}") {
    if (name === "ready") this.readyState = 1;
    for (const listener of this.listeners.get(name) ?? []) {
      listener(new MessageEvent(name, { data }));
    }
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event("error"));
  }
}

let sources: FakeSource[];
let client: QueryClient;
let invalidated: string[];
const target = new EventTarget();
let stop: () => void;
let reads: ReturnType<typeof createReadVersions>;
/** A read of the family's data that answered at `version` (its x-family-version header). */
const readAt = (version: number) =>
  reads.note(new Response("{}", { headers: { "x-family-version": String(version) } }));
const ready = (version: number) => JSON.stringify({ version });

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  invalidated = [];
  client = new QueryClient();
  reads = createReadVersions();
  // The screen's reads answered before the stream opened, at the family's version 7.
  readAt(7);
  vi.spyOn(client, "invalidateQueries").mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ? JSON.stringify(filters.queryKey) : "everything");
  });
  stop = followFamilyEvents(client, {
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    target: target as unknown as Window,
    isVisible: () => true,
    reads,
  });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

const last = () => sources[sources.length - 1] as FakeSource;

describe("following the family's events", () => {
  it("invalidates the reads a topic touches, and nothing on a first ready no newer than the reads", () => {
    last().send("ready", ready(7));
    expect(invalidated).toEqual([]);
    last().send("change", JSON.stringify({ topics: ["categories"] }));
    expect(invalidated).toEqual([
      '["/api/categories"]',
      '["/api/category-rules"]',
      '["/api/summary"]',
      '["/api/expenses"]',
      '["/api/family/history"]',
      '["/api/recurring"]',
    ]);
    invalidated = [];
    last().send("change", JSON.stringify({ topics: ["notifications", "unknown"] }));
    expect(invalidated).toEqual(['["/api/notifications"]']);
    invalidated = [];
    last().send("change", JSON.stringify({ topics: ["paymentMethods"] }));
    // A bill's payment, a transfer and a reconciliation are published as a payment methods'
    // change: the cards' bills, the accounts' balances, the transfers, the account against its
    // bank, the net worth and the savings goals follow.
    expect(invalidated).toEqual([
      '["/api/payment-methods"]',
      '["/api/goals"]',
      '["/api/family/history"]',
      '["/api/card-bills"]',
      '["/api/accounts/balances"]',
      '["/api/transfers"]',
      '["/api/accounts/reconciliation"]',
      '["/api/accounts/net-worth"]',
    ]);
    invalidated = [];
    last().send("change", JSON.stringify({ topics: ["expenses"] }));
    expect(invalidated).toContain('["/api/card-bills"]');
    // A card's limit used follows its purchases.
    expect(invalidated).toContain('["/api/payment-methods"]');
    // A purchase in installments another member changed.
    expect(invalidated).toContain('["/api/installments"]');
    // An expense paid from an account is one of its entries to clear against the bank.
    expect(invalidated).toContain('["/api/accounts/reconciliation"]');
    // A card purchase moves what the cards owe.
    expect(invalidated).toContain('["/api/accounts/net-worth"]');
    invalidated = [];
    // A rule's bills still to come are what the coming months already hold.
    last().send("change", JSON.stringify({ topics: ["recurring"] }));
    expect(invalidated).toContain('["/api/summary","committed"]');
  });

  it("refetches everything when it is back after a drop, or when the server says events were missed", () => {
    last().send("ready", ready(7));
    // EventSource reconnects by itself (the server ended a stream that did not read, or the
    // network dropped): the family's version has not moved, and yet topics it does not count
    // (payment methods, members, notifications) may have changed meanwhile.
    last().fail(0);
    last().send("ready", ready(7));
    expect(invalidated).toEqual(["everything"]);
    last().send("resync");
    expect(invalidated).toEqual(["everything", "everything"]);
  });

  it("refetches everything on the first ready when a change was committed after the reads", () => {
    // Another member's expense committed between the screen's reads (version 7) and the moment
    // the server listened: the stream never carries it, the version says it.
    last().send("ready", ready(8));
    expect(invalidated).toEqual(["everything"]);
  });

  it("refetches on the first ready when no read recorded a version, or the ready names none", () => {
    const fresh = createReadVersions();
    const sourcesBefore = sources.length;
    const stopFresh = followFamilyEvents(client, {
      open: () => {
        const source = new FakeSource();
        sources.push(source);
        return source;
      },
      target: target as unknown as Window,
      isVisible: () => true,
      reads: fresh,
    });
    expect(sources).toHaveLength(sourcesBefore + 1);
    // The screen came back from the offline copy: nothing says how old it is.
    last().send("ready", ready(3));
    expect(invalidated).toEqual(["everything"]);
    stopFresh();
    invalidated = [];
    // A server of the version before, whose ready carries nothing.
    sources[0]?.send("ready");
    expect(invalidated).toEqual(["everything"]);
  });

  it("refetches when a read sent before the stream listened answers older than its ready", () => {
    last().send("ready", ready(9));
    invalidated = [];
    readAt(9);
    readAt(10);
    expect(invalidated).toEqual([]);
    readAt(8);
    expect(invalidated).toEqual(["everything"]);
  });

  it("keeps the oldest version of every read, and ignores answers without one", () => {
    const versions = createReadVersions();
    expect(versions.oldest()).toBeUndefined();
    versions.note(new Response("{}"));
    versions.note(new Response("{}", { headers: { "x-family-version": "x" } }));
    expect(versions.oldest()).toBeUndefined();
    versions.note(new Response("{}", { headers: { "x-family-version": "12" } }));
    versions.note(new Response("{}", { headers: { "x-family-version": "5" } }));
    versions.note(new Response("{}", { headers: { "x-family-version": "30" } }));
    expect(versions.oldest()).toBe(5);
  });

  it("when the server refuses the stream, asks who is signed in and retries with a growing wait", () => {
    last().send("ready", ready(7));
    last().fail(2);
    expect(invalidated).toEqual(['["/api/auth/user"]', '["/api/family"]']);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(2);
    last().fail(2);
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    last().send("ready", ready(7));
    expect(invalidated.at(-1)).toBe("everything");
  });

  it("reconnects at once when the window comes back and the stream is not open", () => {
    last().send("ready", ready(7));
    target.dispatchEvent(new Event("focus"));
    expect(sources).toHaveLength(1);
    last().fail(2);
    target.dispatchEvent(new Event("visibilitychange"));
    expect(sources).toHaveLength(2);
    expect(sources[0]?.closed).toBe(true);
  });

  it("stops listening when the frame goes", () => {
    stop();
    expect(last().closed).toBe(true);
    target.dispatchEvent(new Event("online"));
    vi.advanceTimersByTime(120_000);
    expect(sources).toHaveLength(1);
  });
});

describe("a change of the family's budget month", () => {
  it("refreshes the family, every month's figures, the trend and the history (topics family and expenses)", async () => {
    const queryClient = new QueryClient();
    const november = { year: 2026, month: 11 };
    const keys: QueryKey[] = [
      familyQueryOptions().queryKey,
      monthSummaryQueryOptions(november).queryKey,
      monthSummaryQueryOptions({ year: 2026, month: 10 }).queryKey,
      monthTrendQueryOptions(november).queryKey,
      // A member's view (docs/product.md#viewing-as-a-member), under the same prefix.
      monthSummaryQueryOptions(november, "0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61").queryKey,
      monthTrendQueryOptions(november, "0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61").queryKey,
      familyHistoryQueryOptions(noHistoryFilters).queryKey,
    ];
    for (const key of keys) queryClient.setQueryData(key, { answered: true });
    await invalidateTopics(queryClient, ["family", "expenses"]);
    for (const key of keys) {
      expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    }
    // The family's own topic alone already refreshes all of them.
    for (const key of keys) queryClient.setQueryData(key, { answered: true });
    await invalidateTopics(queryClient, ["family"]);
    for (const key of keys) {
      expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    }
  });
});

describe("a change of the family's default split", () => {
  it("refreshes the split rules the expense form previews with, and nothing of the expenses' topic does", async () => {
    const queryClient = new QueryClient();
    const key = splitRulesQueryOptions().queryKey;
    queryClient.setQueryData(key, { rules: [] });
    await invalidateTopics(queryClient, ["expenses", "categories", "paymentMethods"]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    await invalidateTopics(queryClient, ["family"]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

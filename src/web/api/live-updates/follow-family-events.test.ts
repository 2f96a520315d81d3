import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { familyQueryOptions } from "../family/get-family";
import { familyHistoryQueryOptions, noHistoryFilters } from "../history/get-family-history";
import { splitRulesQueryOptions } from "../shares/get-split-rules";
import { monthSummaryQueryOptions } from "../summary/get-month-summary";
import { monthTrendQueryOptions } from "../summary/get-trend";
import { type EventSourceLike, followFamilyEvents, invalidateTopics } from "./follow-family-events";

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

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  invalidated = [];
  client = new QueryClient();
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
  });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

const last = () => sources[sources.length - 1] as FakeSource;

describe("following the family's events", () => {
  it("invalidates the reads a topic touches, and nothing on the first ready", () => {
    last().send("ready");
    expect(invalidated).toEqual([]);
    last().send("change", JSON.stringify({ topics: ["categories"] }));
    expect(invalidated).toEqual([
      '["/api/categories"]',
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
    // A bill's payment is published as a payment methods' change: the cards' bills follow.
    expect(invalidated).toEqual([
      '["/api/payment-methods"]',
      '["/api/family/history"]',
      '["/api/card-bills"]',
    ]);
    invalidated = [];
    last().send("change", JSON.stringify({ topics: ["expenses"] }));
    expect(invalidated).toContain('["/api/card-bills"]');
    // A card's limit used follows its purchases.
    expect(invalidated).toContain('["/api/payment-methods"]');
    // A purchase in installments another member changed.
    expect(invalidated).toContain('["/api/installments"]');
    invalidated = [];
    // A rule's bills still to come are what the coming months already hold.
    last().send("change", JSON.stringify({ topics: ["recurring"] }));
    expect(invalidated).toContain('["/api/summary","committed"]');
  });

  it("refetches everything when it is back after a drop, or when the server says events were missed", () => {
    last().send("ready");
    last().fail(0); // EventSource reconnects by itself
    last().send("ready");
    expect(invalidated).toEqual(["everything"]);
    last().send("resync");
    expect(invalidated).toEqual(["everything", "everything"]);
  });

  it("when the server refuses the stream, asks who is signed in and retries with a growing wait", () => {
    last().send("ready");
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
    last().send("ready");
    expect(invalidated.at(-1)).toBe("everything");
  });

  it("reconnects at once when the window comes back and the stream is not open", () => {
    last().send("ready");
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

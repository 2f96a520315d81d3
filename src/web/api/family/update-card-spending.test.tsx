// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { useUpdateCardSpending } from "./update-card-spending";

const keys = {
  family: ["/api/family"],
  members: ["/api/family/members"],
  categories: ["/api/categories"],
  paymentMethods: ["/api/payment-methods"],
  summary: ["/api/summary", { year: 2026, month: 11 }],
  trend: ["/api/summary", "trend", { year: 2026, month: 11 }],
  committed: ["/api/summary", "committed", { year: 2026, month: 11 }],
  expensesPage: ["/api/expenses", "page", { month: 11, year: 2026 }],
  due: ["/api/recurring", "due", { year: 2026, month: 11 }],
  history: ["/api/family/history", {}],
} as const;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => vi.unstubAllGlobals());

describe("useUpdateCardSpending", () => {
  it("sends the choice, keeps the family's answer and asks again for every month added up the old way", async () => {
    const family = { id: "f1", name: "Casa", role: "owner", cardSpendingBy: "bill" };
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(family));
    vi.stubGlobal("fetch", fetchMock);
    const { client, hooks, unmount } = renderHooksWithCache(
      () => useUpdateCardSpending(),
      Object.values(keys),
    );
    await act(() => hooks().mutateAsync("bill"));
    unmount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/family/card-spending");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ by: "bill" });
    expect(client.getQueryData(keys.family)).toEqual(family);
    const refreshed = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    // Everything that shows expenses (the expenses topic), the cards' limit used included.
    expect(refreshed).toEqual([
      "paymentMethods",
      "summary",
      "trend",
      "committed",
      "expensesPage",
      "due",
      "history",
    ]);
  });

  it("changes nothing when refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        Response.json({ code: "only_owner", message: "No" }, { status: 403 }),
      ),
    );
    const { client, hooks, unmount } = renderHooksWithCache(
      () => useUpdateCardSpending(),
      Object.values(keys),
    );
    await act(() =>
      hooks()
        .mutateAsync("bill")
        .catch(() => undefined),
    );
    unmount();
    expect(client.getQueryData(keys.family)).toEqual({ cached: true });
    expect(Object.values(keys).some((key) => client.getQueryState(key)?.isInvalidated)).toBe(false);
  });
});

// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { BudgetPeriodRule } from "../../../contract/budget-period-rule";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { useUpdateBudgetPeriod } from "./update-budget-period";

const keys = {
  family: ["/api/family"],
  members: ["/api/family/members"],
  categories: ["/api/categories"],
  summary: ["/api/summary", { year: 2026, month: 11 }],
  trend: ["/api/summary", "trend", { year: 2026, month: 11 }],
  expensesPage: ["/api/expenses", "page", {}],
  due: ["/api/recurring", "due", { year: 2026, month: 11 }],
  history: ["/api/family/history", {}],
} as const;

const fifthBusinessDay: BudgetPeriodRule = {
  start: "business-day",
  day: 5,
  saturdays: true,
  closedDay: "stay",
};

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => vi.unstubAllGlobals());

describe("useUpdateBudgetPeriod", () => {
  it("sends the rule, keeps the family's answer and asks again for every month named by the old rule", async () => {
    const family = { id: "f1", name: "Casa", role: "owner", budgetPeriod: fifthBusinessDay };
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(family));
    vi.stubGlobal("fetch", fetchMock);
    const { client, hooks, unmount } = renderHooksWithCache(
      () => useUpdateBudgetPeriod(),
      Object.values(keys),
    );
    await act(() => hooks().mutateAsync(fifthBusinessDay));
    unmount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/family/budget-period");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual(fifthBusinessDay);
    expect(client.getQueryData(keys.family)).toEqual(family);
    const refreshed = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(refreshed).toEqual(["summary", "trend", "expensesPage", "due", "history"]);
  });

  it("changes nothing when refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        Response.json({ code: "only_owner", message: "No" }, { status: 403 }),
      ),
    );
    const { client, hooks, unmount } = renderHooksWithCache(
      () => useUpdateBudgetPeriod(),
      Object.values(keys),
    );
    await act(() =>
      hooks()
        .mutateAsync(fifthBusinessDay)
        .catch(() => undefined),
    );
    unmount();
    expect(client.getQueryData(keys.family)).toEqual({ cached: true });
    expect(Object.values(keys).some((key) => client.getQueryState(key)?.isInvalidated)).toBe(false);
  });
});

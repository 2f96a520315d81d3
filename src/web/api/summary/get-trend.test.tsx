// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { useUpdateCategory } from "../categories/update-category";
import { useDeleteExpense } from "../expenses/delete-expense";
import { fetchMonthTrend, monthTrendQueryOptions } from "./get-trend";

const trendKey = monthTrendQueryOptions({ year: 2026, month: 3 }).queryKey;
const leo = "0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61";
const leoKey = monthTrendQueryOptions({ year: 2026, month: 3 }, leo).queryKey;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => vi.unstubAllGlobals());

describe("the 12-month trend's call", () => {
  it("asks for the shown month", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({}));
    vi.stubGlobal("fetch", fetchMock);
    await fetchMonthTrend({ year: 2027, month: 1 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/summary/trend?month=1&year=2027");
  });

  it("asks for a member's shares under a key of their own, within the prefix writes refresh", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({}));
    vi.stubGlobal("fetch", fetchMock);
    await fetchMonthTrend({ year: 2027, month: 1 }, leo);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/summary/trend?month=1&year=2027&view=${leo}`);
    const memberKey = monthTrendQueryOptions({ year: 2026, month: 3 }, leo).queryKey;
    expect(memberKey).toEqual(["/api/summary", "trend", { year: 2026, month: 3, view: leo }]);
    // The family's key is the one it always was: nothing else that names it moves.
    expect(monthTrendQueryOptions({ year: 2026, month: 3 }, null).queryKey).toEqual(trendKey);
    expect(trendKey).toEqual(["/api/summary", "trend", { year: 2026, month: 3 }]);
  });

  // Any expense or budget can move one of the twelve months: the trend lives under the
  // "/api/summary" prefix that those writes refresh.
  it.each([
    [
      "an expense deleted",
      async (hooks: Hooks) => {
        await hooks.removeExpense.mutateAsync("e1");
      },
    ],
    [
      "a budget changed",
      async (hooks: Hooks) => {
        await hooks.updateCategory.mutateAsync({ id: "c1", input: { monthlyBudget: "10.00" } });
      },
    ],
  ])("is read again after %s", async (_name, write) => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => Response.json({ deleted: true, id: "c1" })),
    );
    const { client, hooks, unmount } = renderHooksWithCache(
      () => ({ removeExpense: useDeleteExpense(), updateCategory: useUpdateCategory() }),
      [trendKey, leoKey],
    );
    expect(client.getQueryState(trendKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(leoKey)?.isInvalidated).toBe(false);
    await act(() => write(hooks()));
    unmount();
    expect(client.getQueryState(trendKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(leoKey)?.isInvalidated).toBe(true);
  });
});

type Hooks = {
  removeExpense: ReturnType<typeof useDeleteExpense>;
  updateCategory: ReturnType<typeof useUpdateCategory>;
};

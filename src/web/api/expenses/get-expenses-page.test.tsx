// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Expense, ExpensePage } from "../../../contract/expenses";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import {
  ALL_CATEGORIES,
  ALL_METHODS,
  ALL_PAYERS,
  dateRangeReversed,
  type ExpenseFilters,
  expensePageQuery,
  flattenPages,
  hasActiveFilters,
  noExpenseFilters,
  useExpensesPage,
} from "./get-expenses-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const food = "11111111-1111-4111-8111-111111111111";

function expense(id: string, date = "2025-03-10"): Expense {
  return {
    id,
    familyId: "22222222-2222-4222-8222-222222222222",
    description: `Gasto ${id}`,
    amount: "1.00",
    categoryId: food,
    addedByUserId: null,
    paidByUserId: null,
    paymentMethodId: null,
    billId: null,
    seriesId: null,
    installment: null,
    installmentCount: null,
    refundOfId: null,
    split: { mode: "family" },
    private: false,
    date,
    isExample: false,
    createdAt: `${date}T10:00:00.000Z`,
    updatedAt: `${date}T10:00:00.000Z`,
  };
}

describe("expensePageQuery", () => {
  it("sends nothing for no filters", () => {
    expect(expensePageQuery(noExpenseFilters)).toEqual({});
    expect(hasActiveFilters(noExpenseFilters)).toBe(false);
  });

  it("trims the search and leaves out a blank one", () => {
    expect(expensePageQuery({ ...noExpenseFilters, search: "  café " })).toEqual({
      search: "café",
    });
    expect(expensePageQuery({ ...noExpenseFilters, search: "   " })).toEqual({});
    expect(hasActiveFilters({ ...noExpenseFilters, search: "   " })).toBe(false);
  });

  it("cuts the search to the length the server accepts", () => {
    const query = expensePageQuery({ ...noExpenseFilters, search: "a".repeat(150) });
    expect(query.search).toHaveLength(100);
  });

  it("passes a category, 'none' for uncategorised, and nothing for all categories", () => {
    expect(expensePageQuery({ ...noExpenseFilters, category: food })).toEqual({ categoryId: food });
    expect(expensePageQuery({ ...noExpenseFilters, category: "none" })).toEqual({
      categoryId: "none",
    });
    expect(expensePageQuery({ ...noExpenseFilters, category: ALL_CATEGORIES })).toEqual({});
  });

  it("passes a payer, and nothing for everyone", () => {
    const payer = "44444444-4444-4444-8444-444444444444";
    expect(expensePageQuery({ ...noExpenseFilters, payer })).toEqual({ paidByUserId: payer });
    expect(hasActiveFilters({ ...noExpenseFilters, payer })).toBe(true);
    expect(expensePageQuery({ ...noExpenseFilters, payer: ALL_PAYERS })).toEqual({});
  });

  it("passes a payment method, and nothing for any", () => {
    const method = "55555555-5555-4555-8555-555555555555";
    expect(expensePageQuery({ ...noExpenseFilters, method })).toEqual({ paymentMethodId: method });
    expect(hasActiveFilters({ ...noExpenseFilters, method })).toBe(true);
    expect(expensePageQuery({ ...noExpenseFilters, method: ALL_METHODS })).toEqual({});
  });

  it("passes each end of the date range on its own", () => {
    const filters: ExpenseFilters = { ...noExpenseFilters, from: "2025-01-01", to: "" };
    expect(expensePageQuery(filters)).toEqual({ from: "2025-01-01" });
    expect(expensePageQuery({ ...filters, from: "", to: "2025-12-31" })).toEqual({
      to: "2025-12-31",
    });
    expect(hasActiveFilters(filters)).toBe(true);
  });
});

describe("dateRangeReversed", () => {
  it("is true only when both ends are set and the start is after the end", () => {
    expect(dateRangeReversed({ from: "2025-03-02", to: "2025-03-01" })).toBe(true);
    expect(dateRangeReversed({ from: "2025-03-01", to: "2025-03-01" })).toBe(false);
    expect(dateRangeReversed({ from: "2025-03-01", to: "2025-03-02" })).toBe(false);
    expect(dateRangeReversed({ from: "2025-03-02", to: "" })).toBe(false);
    expect(dateRangeReversed({ from: "", to: "2025-03-01" })).toBe(false);
  });
});

describe("flattenPages", () => {
  it("joins the pages in order and takes the totals from the first", () => {
    const pages: ExpensePage[] = [
      {
        items: [expense("a"), expense("b")],
        nextCursor: "c1",
        totals: { count: 3, amount: "3.00" },
      },
      { items: [expense("c")], nextCursor: null, totals: null },
    ];
    const { items, totals } = flattenPages(pages);
    expect(items.map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(totals).toEqual({ count: 3, amount: "3.00" });
  });

  it("shows an expense once when it moved into a later page between two fetches", () => {
    const pages: ExpensePage[] = [
      { items: [expense("a"), expense("b")], nextCursor: "c1", totals: { count: 2, amount: "2" } },
      { items: [expense("b")], nextCursor: null, totals: null },
    ];
    expect(flattenPages(pages).items.map((e) => e.id)).toEqual(["a", "b"]);
  });

  it("is empty before anything loaded", () => {
    expect(flattenPages(undefined)).toEqual({ items: [], totals: null });
  });
});

let latest: ReturnType<typeof useExpensesPage>;
function Probe({ filters }: { filters: ExpenseFilters }) {
  latest = useExpensesPage(filters);
  return null;
}

describe("useExpensesPage", () => {
  let root: Root;
  const pagesByCursor: Record<string, ExpensePage> = {
    first: {
      items: [expense("a", "2025-03-12"), expense("b", "2025-03-11")],
      nextCursor: "cursor-1",
      totals: { count: 3, amount: "3.00" },
    },
    "cursor-1": { items: [expense("c", "2025-03-10")], nextCursor: null, totals: null },
  };
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  const requestedUrls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), "http://x"));

  const settle = () =>
    act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  /** Lets the mocked answers arrive: a few turns of the event loop inside act. */
  const waitFor = async (done: () => boolean) => {
    for (let turn = 0; turn < 50 && !done(); turn++) await settle();
    expect(done()).toBe(true);
  };

  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    initI18n("pt");
  });
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(async (input) => {
      const cursor = new URL(String(input), "http://x").searchParams.get("cursor") ?? "first";
      return new Response(JSON.stringify(pagesByCursor[cursor]), {
        headers: { "Content-Type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    root = createRoot(document.createElement("div"));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.unstubAllGlobals();
  });

  const render = (filters: ExpenseFilters) =>
    act(() =>
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <Probe filters={filters} />
        </QueryClientProvider>,
      ),
    );

  it("asks for the first page with the filters, then the next with the cursor, until none is left", async () => {
    const filters = { ...noExpenseFilters, search: "gasto", category: "none", from: "2025-01-01" };
    render(filters);
    await waitFor(() => latest.isSuccess);
    const [first] = requestedUrls();
    expect(first?.pathname).toBe("/api/expenses/page");
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
      search: "gasto",
      categoryId: "none",
      from: "2025-01-01",
    });
    expect(latest.hasNextPage).toBe(true);

    await act(async () => {
      await latest.fetchNextPage();
    });
    await waitFor(() => latest.data?.pages.length === 2);
    const second = requestedUrls()[1];
    expect(Object.fromEntries(second?.searchParams ?? [])).toEqual({
      search: "gasto",
      categoryId: "none",
      from: "2025-01-01",
      cursor: "cursor-1",
    });
    expect(latest.hasNextPage).toBe(false);
    expect(flattenPages(latest.data?.pages).items.map((e) => e.id)).toEqual(["a", "b", "c"]);
  });

  it("does not ask the server while the date range is reversed", async () => {
    render({ ...noExpenseFilters, from: "2025-03-02", to: "2025-03-01" });
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(latest.data).toBeUndefined();
  });
});

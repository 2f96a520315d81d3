// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Category } from "../../../contract/categories";
import type { Expense } from "../../../contract/expenses";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { summarizeMonth } from "../../../domain/month-summary";
import { monthSpendingOf } from "../../../domain/testing/reference-sums";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { monthSummaryQueryOptions, monthViewOf, useMonthSummary } from "./get-month-summary";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const familyId = "22222222-2222-4222-8222-222222222222";
const march = { year: 2025, month: 3 };

function category(id: string, monthlyBudget: string): Category {
  return {
    id,
    familyId,
    name: `Categoria ${id.slice(0, 1)}`,
    icon: "tag",
    color: "#16a34a",
    weeklyBudget: "25.00",
    monthlyBudget,
    isActive: true,
    createdAt: "2025-01-01T00:00:00.000Z",
  };
}

function expense(n: number, amount: string, categoryId: string | null, date: string): Expense {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    familyId,
    description: `Gasto ${n}`,
    amount,
    categoryId,
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
    isExample: n === 1,
    createdAt: `${date}T10:00:00.000Z`,
    updatedAt: `${date}T10:00:00.000Z`,
  };
}

const food = category("11111111-1111-4111-8111-111111111111", "400.00");
const car = category("33333333-3333-4333-8333-333333333333", "100.00");
const expenses = [
  expense(1, "85.40", food.id, "2025-03-02"),
  expense(2, "120.00", car.id, "2025-03-09"),
  expense(3, "12.35", food.id, "2025-03-22"),
  expense(4, "50.00", null, "2025-03-31"),
];

/** What the server answers for these expenses: the reference sums plus the month's extras. */
const response: MonthSummaryResponse = {
  ...march,
  categories: [food, car],
  ...monthSpendingOf(march, expenses),
  spentByPayer: [],
  latest: [expenses[3], expenses[2], expenses[1]] as Expense[],
  hasExamples: true,
  income: "0.00",
  incomeByMember: [],
};

describe("monthViewOf", () => {
  it("gives the figures the screens computed from the month's expenses before", () => {
    const { summary } = monthViewOf(response);
    expect(summary).toEqual(summarizeMonth(monthSpendingOf(march, expenses), [food, car]));
    expect(summary.totalSpentCents).toBe(26775);
    expect(summary.uncategorisedSpentCents).toBe(5000);
    expect(summary.weeks.map((w) => w.spentCents)).toEqual([8540, 12000, 0, 6235]);
    expect(summary.categories.map((c) => [c.name, c.spentCents])).toEqual([
      [food.name, 9775],
      [car.name, 12000],
    ]);
  });

  it("keeps other members' private spending in the total, apart from every category", () => {
    // 10.00 of another member's private expense on the 20th (docs/product.md#private-expenses).
    const theirs = { amount: "10.00", categoryId: null, date: "2025-03-20", hidden: true };
    const { summary } = monthViewOf({
      ...response,
      ...monthSpendingOf(march, [...expenses, theirs]),
    });
    expect(summary.privateSpentCents).toBe(1000);
    expect(summary.totalSpentCents).toBe(27775);
    expect(summary.weeks.map((w) => w.spentCents)).toEqual([8540, 12000, 1000, 6235]);
    expect(summary.uncategorisedSpentCents).toBe(5000);
    expect(summary.categories.map((c) => c.spentCents)).toEqual([9775, 12000]);
  });
});

describe("monthSummaryQueryOptions", () => {
  it("keys a member's view apart from the family's, under the prefix every write refreshes", () => {
    const leo = "0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61";
    expect(monthSummaryQueryOptions(march).queryKey).toEqual(["/api/summary", march]);
    expect(monthSummaryQueryOptions(march, null).queryKey).toEqual(["/api/summary", march]);
    expect(monthSummaryQueryOptions(march, leo).queryKey).toEqual([
      "/api/summary",
      { ...march, view: leo },
    ]);
  });
});

let latest: ReturnType<typeof useMonthSummary>;
let probeView: string | null = null;
function Probe() {
  latest = useMonthSummary(march, probeView);
  return null;
}

describe("useMonthSummary", () => {
  let root: Root;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    initI18n("pt");
  });
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify(response), {
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    root = createRoot(document.createElement("div"));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.unstubAllGlobals();
  });

  it("asks once for the shown month and hands back the answer with its summary", async () => {
    act(() =>
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <Probe />
        </QueryClientProvider>,
      ),
    );
    for (let turn = 0; turn < 50 && !latest.isSuccess; turn++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/summary?month=3&year=2025");
    expect(latest.data?.response.hasExamples).toBe(true);
    expect(latest.data?.response.latest.map((e) => e.description)).toEqual([
      "Gasto 4",
      "Gasto 3",
      "Gasto 2",
    ]);
    expect(latest.data?.summary.totalSpentCents).toBe(26775);
  });

  it("asks for a member's shares with view=", async () => {
    probeView = "0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61";
    try {
      act(() =>
        root.render(
          <QueryClientProvider client={createQueryClient()}>
            <Probe />
          </QueryClientProvider>,
        ),
      );
      for (let turn = 0; turn < 50 && !latest.isSuccess; turn++) {
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
      }
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        `/api/summary?month=3&year=2025&view=${probeView}`,
      ]);
    } finally {
      probeView = null;
    }
  });
});

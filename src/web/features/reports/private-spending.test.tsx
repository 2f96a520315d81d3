// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Category } from "../../../contract/categories";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { currentUserQueryKey } from "../../api/auth/get-current-user";
import { familyQueryOptions } from "../../api/family/get-family";
import { familyPeopleQueryOptions } from "../../api/family/get-family-people";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { ANA, couple, coupleFamily, groceries as market } from "../../testing/couple-month";
import { testUser } from "../../testing/test-user";
import { ReportsPage } from "./reports-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;
let answer: MonthSummaryResponse;

/**
 * Ana's family March 2026: R$ 200,00 at the market and R$ 15,00 without a category, hers, and
 * `privateSpent` of Léo's private expenses, which count in the total and the weeks alone
 * (docs/product.md#private-expenses).
 */
function march(privateSpent: string, categories: Category[] = [market]): MonthSummaryResponse {
  const own = categories.length > 0 ? 21_500 : 0;
  const privateCents = Math.round(Number(privateSpent) * 100);
  const money = (cents: number) => (cents / 100).toFixed(2);
  return {
    year: 2026,
    month: 3,
    period: { first: "2026-03-01", last: "2026-03-31" },
    categories,
    totalSpent: money(own + privateCents),
    uncategorisedSpent: categories.length > 0 ? "15.00" : "0.00",
    privateSpent,
    spentByCategory: categories.length > 0 ? [{ categoryId: market.id, spent: "200.00" }] : [],
    spentByPayer: own > 0 ? [{ userId: ANA, spent: money(own) }] : [],
    spentByWeek: [money(own), money(privateCents), "0.00", "0.00"],
    latest: [],
    hasExamples: false,
    income: "0.00",
    incomeByMember: [],
  };
}

async function open() {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  client.setQueryData(familyQueryOptions().queryKey, coupleFamily);
  client.setQueryData(familyPeopleQueryOptions().queryKey, couple);
  const location = memoryLocation({ path: "/reports?month=3&year=2026" });
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <ReportsPage />
        </Router>
      </QueryClientProvider>,
    ),
  );
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, " ").trim();
const all = (id: string) => [...container.querySelectorAll(`[data-testid=${id}]`)];
/** Each row of the category table as its cells' texts; the hidden "no budget" read as "—". */
const rows = () =>
  all("report-row").map((row) =>
    [...row.querySelectorAll("th, td")].map((cell) => text(cell)?.replace("—Sem meta", "—")),
  );
/** Each legend item as its name, then its amount and share. */
const legend = () =>
  all("chart-legend-item").map((item) =>
    [...item.querySelectorAll("span")].map(text).filter(Boolean).join(" "),
  );
const toCents = (money: string | undefined) =>
  Math.round(Number(money?.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      // The trend, who owes whom and what is committed wait: only the month is looked at.
      if (String(input) !== "/api/summary?month=3&year=2026")
        return new Promise<Response>(() => {});
      return Response.json(answer);
    }),
  );
  // The donut measures its box (visx's ParentSize); jsdom has no layout to measure.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("others' private spending in the month's report", () => {
  it("is one 'Gastos privados' line after 'Sem categoria', with no budget nor status", async () => {
    answer = march("45.00");
    await open();
    expect(rows()).toEqual([
      ["Mercado", "R$ 1.000,00", "R$ 200,00", "R$ 800,00", "Dentro da meta"],
      ["Sem categoria", "—", "R$ 15,00", "—", "Sem meta"],
      ["Gastos privados", "—", "R$ 45,00", "—", "Sem meta"],
    ]);
    // No link: it names no category to open.
    expect(all("report-row")[2]?.querySelector("a")).toBeNull();
    const total = text(container.querySelector("[data-testid=report-total] td:nth-of-type(2)"));
    expect(total).toBe("R$ 260,00");
    // The lines add up to the total.
    expect(rows().reduce((sum, row) => sum + toCents(row[2]), 0)).toBe(toCents(total));
  });

  it("is a slice of the spending chart with its share", async () => {
    answer = march("45.00");
    await open();
    expect(legend()).toEqual([
      "Mercado R$ 200,00 · 76,9%",
      "Sem categoria R$ 15,00 · 5,8%",
      "Gastos privados R$ 45,00 · 17,3%",
    ]);
  });

  it("is absent when others spent nothing privately", async () => {
    answer = march("0.00");
    await open();
    expect(rows().map((row) => row[0])).toEqual(["Mercado", "Sem categoria"]);
    expect(legend().some((item) => item?.startsWith("Gastos privados"))).toBe(false);
  });

  it("shows the table and the chart when it is all there is, even without categories", async () => {
    answer = march("45.00", []);
    await open();
    expect(rows()).toEqual([["Gastos privados", "—", "R$ 45,00", "—", "Sem meta"]]);
    expect(legend()).toEqual(["Gastos privados R$ 45,00 · 100,0%"]);
  });
});

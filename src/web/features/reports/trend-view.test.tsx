// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { MonthTrendResponse } from "../../../contract/trend";
import { periodNamed } from "../../../domain/budget-period";
import { trendMonths } from "../../../domain/testing/reference-sums";
import { initI18n } from "../../i18n/init";
import { UNCATEGORISED_COLOR } from "./report-view";
import { TrendTable } from "./trend-table";
import { trendViewOf } from "./trend-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const zeros = Array.from({ length: 12 }, () => "0.00");

function trendResponse(overrides: Partial<MonthTrendResponse> = {}): MonthTrendResponse {
  return {
    year: 2026,
    month: 1,
    months: trendMonths({ year: 2026, month: 1 }).map((m, i) => ({
      ...m,
      ...periodNamed(m, CALENDAR_MONTH),
      spent: i === 11 ? "1500.00" : i === 1 ? "120.00" : "0.00",
      budget: "1400.00",
      income: "0.00",
    })),
    categories: [
      {
        id: "11111111-1111-4111-8111-111111111111",
        name: "Mercado",
        icon: "tag",
        color: "#16a34a",
        monthlyBudget: "400.00",
        spent: zeros.map((z, i) => (i === 11 ? "1500.00" : i === 1 ? "120.00" : z)),
      },
    ],
    uncategorised: null,
    ...overrides,
  };
}

describe("trendViewOf", () => {
  it("turns the answer into cents and marks the shown month, the last", () => {
    const view = trendViewOf(trendResponse(), "Sem categoria");
    expect(view.months).toHaveLength(12);
    expect(view.months.filter((m) => m.shown).map((m) => m.key)).toEqual(["2026-1"]);
    expect(view.months[0]).toMatchObject({
      year: 2025,
      month: 2,
      spentCents: 0,
      budgetCents: 140000,
    });
    expect(view.series).toEqual([
      expect.objectContaining({
        name: "Mercado",
        monthlyBudgetCents: 40000,
        totalCents: 162000,
      }),
    ]);
    expect(view.empty).toBe(false);
  });

  it("adds the uncategorised spending last, grey and without a goal", () => {
    const uncategorised = zeros.map((z, i) => (i === 3 ? "7.77" : z));
    const view = trendViewOf(trendResponse({ uncategorised }), "Sem categoria");
    expect(view.series.at(-1)).toEqual({
      key: "uncategorised",
      name: "Sem categoria",
      color: UNCATEGORISED_COLOR,
      monthlyBudgetCents: null,
      spentCents: uncategorised.map((v) => (v === "7.77" ? 777 : 0)),
      totalCents: 777,
    });
  });

  it("is empty with nothing spent and no budget, not with a budget alone", () => {
    const nothing = trendResponse({
      months: trendResponse().months.map((m) => ({ ...m, spent: "0.00", budget: "0.00" })),
      categories: [],
    });
    expect(trendViewOf(nothing, "x").empty).toBe(true);
    const budgetOnly = trendResponse({
      months: trendResponse().months.map((m) => ({ ...m, spent: "0.00" })),
    });
    expect(trendViewOf(budgetOnly, "x").empty).toBe(false);
    // Income alone is something to show beside no spending.
    const incomeOnly = trendResponse({
      months: nothing.months.map((m, i) => ({ ...m, income: i === 4 ? "5000.00" : "0.00" })),
      categories: [],
    });
    expect(trendViewOf(incomeOnly, "x")).toMatchObject({ empty: false, hasIncome: true });
    expect(trendViewOf(incomeOnly, "x").months[4]?.incomeCents).toBe(500000);
    expect(trendViewOf(nothing, "x").hasIncome).toBe(false);
  });
});

const base = trendResponse();

describe("<TrendTable />", () => {
  let container: HTMLDivElement;
  let root: Root;
  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const render = (language: "pt" | "en", visible: boolean, response = base) => {
    initI18n(language);
    const uncategorised = zeros.map((z, i) => (i === 11 ? "7.77" : z));
    const view = trendViewOf({ ...response, uncategorised }, "Sem categoria", response !== base);
    act(() => root.render(<TrendTable view={view} visible={visible} />));
    const rows = [...container.querySelectorAll("tbody tr")].map((row) =>
      [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.replace(/\s+/g, " ")),
    );
    return { rows, table: container.querySelector("table") as HTMLTableElement };
  };

  it("has a caption, column and row headers, and every month's money in the person's currency", () => {
    const { rows, table } = render("pt", false);
    expect(table.caption?.textContent).toBe(
      "Gasto e orçamento por mês, de Fevereiro de 2025 a Janeiro de 2026",
    );
    const headers = [...table.querySelectorAll("thead th")];
    expect(headers.map((th) => th.textContent)).toEqual([
      "Mês",
      "Gasto",
      "Orçamento",
      "Mercado",
      "Sem categoria",
    ]);
    expect(headers.every((th) => th.getAttribute("scope") === "col")).toBe(true);
    expect(table.querySelectorAll('tbody th[scope="row"]')).toHaveLength(12);
    expect(rows[1]).toEqual(["Março de 2025", "R$ 120,00", "R$ 1.400,00", "R$ 120,00", "R$ 0,00"]);
    // The shown month is said in words, not only in bold.
    expect(rows[11]).toEqual([
      "Janeiro de 2026 (mês exibido)",
      "R$ 1.500,00",
      "R$ 1.400,00",
      "R$ 1.500,00",
      "R$ 7,77",
    ]);
    const shown = container.querySelectorAll('tbody tr[aria-current="true"]');
    expect(shown).toHaveLength(1);
  });

  it("is only visually hidden until asked for, then scrolls by keyboard", () => {
    render("pt", false);
    const region = container.querySelector('[data-testid="trend-table"]') as HTMLElement;
    expect(region.className).toContain("sr-only");
    expect(region.hasAttribute("tabindex")).toBe(false);
    render("pt", true);
    expect(region.className).not.toContain("sr-only");
    expect(region.getAttribute("tabindex")).toBe("0");
  });

  it("adds an income column only when some month had income", () => {
    const withIncome = trendResponse({
      months: base.months.map((m, i) => ({ ...m, income: i === 11 ? "5000.00" : "0.00" })),
    });
    const { rows, table } = render("pt", true, withIncome);
    expect([...table.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual([
      "Mês",
      "Gasto",
      "Orçamento",
      "Receitas",
      "Mercado",
      "Sem categoria",
    ]);
    expect(rows[11]?.[3]).toBe("R$ 5.000,00");
    expect(render("pt", true).table.querySelectorAll("thead th")).toHaveLength(5);
  });

  it("speaks English with dollars", () => {
    const { rows } = render("en", true);
    expect(rows[11]).toEqual([
      "January 2026 (shown month)",
      "$1,500.00",
      "$1,400.00",
      "$1,500.00",
      "$7.77",
    ]);
  });

  it("says each month's days under its name when the family's budget month is its own", () => {
    // The 5th business day, Saturdays counted (docs/product.md#budget-periods).
    const rule = { start: "business-day", day: 5, saturdays: true, closedDay: "stay" } as const;
    const response = trendResponse({
      months: base.months.map((m) => ({ ...m, ...periodNamed(m, rule) })),
    });
    const { rows } = render("pt", true, response);
    expect(rows[11]?.[0]).toBe("Janeiro de 2026, 7 jan – 5 fev (mês exibido)");
    expect(rows[10]?.[0]).toBe("Dezembro de 2025, 5 dez – 6 jan");
  });
});

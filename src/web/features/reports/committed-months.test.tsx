// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CommittedResponse } from "../../../contract/committed";
import { committedQueryOptions } from "../../api/summary/get-committed";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { CommittedMonths } from "./committed-months";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const shown = { year: 2026, month: 11 };
const response: CommittedResponse = {
  periods: [
    {
      year: 2026,
      month: 12,
      first: "2026-11-07",
      last: "2026-12-04",
      installments: "300.00",
      recurring: "1500.00",
      other: "0.00",
      total: "1800.00",
      income: "0.00",
      free: "-1800.00",
    },
    {
      year: 2027,
      month: 1,
      first: "2026-12-05",
      last: "2027-01-06",
      installments: "300.00",
      recurring: "1500.00",
      other: "42.10",
      total: "1842.10",
      income: "0.00",
      free: "-1842.10",
    },
    {
      year: 2027,
      month: 2,
      first: "2027-01-07",
      last: "2027-02-04",
      installments: "0.00",
      recurring: "0.00",
      other: "0.00",
      total: "0.00",
      income: "0.00",
      free: "0.00",
    },
  ],
};

const textOf = (element: Element) => (element.textContent ?? "").replace(/\s/g, " ");
const rows = () =>
  [...container.querySelectorAll("[data-testid=committed-row]")].map((row) =>
    [...row.querySelectorAll("th, td")].map(textOf),
  );

let container: HTMLDivElement;
let root: Root;

function renderWith(datesShown: boolean, answer: CommittedResponse = response) {
  const client = createQueryClient();
  client.setQueryData(committedQueryOptions(shown).queryKey, answer);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <CommittedMonths month={shown} datesShown={datesShown} />
      </QueryClientProvider>,
    ),
  );
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      throw new Error("no call expected");
    }),
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

describe("<CommittedMonths />", () => {
  it("a row per coming month with each part and the total, zeros included", () => {
    renderWith(false);
    expect(container.querySelector("h2")?.textContent).toBe("Comprometido");
    expect([...container.querySelectorAll("thead th")].map(textOf)).toEqual([
      "Mês",
      "Total",
      "Parcelas",
      "Contas fixas",
      "Outros",
    ]);
    expect(rows()).toEqual([
      ["Dezembro de 2026", "R$ 1.800,00", "R$ 300,00", "R$ 1.500,00", "R$ 0,00"],
      ["Janeiro de 2027", "R$ 1.842,10", "R$ 300,00", "R$ 1.500,00", "R$ 42,10"],
      ["Fevereiro de 2027", "R$ 0,00", "R$ 0,00", "R$ 0,00", "R$ 0,00"],
    ]);
    // The table scrolls inside its own region on a phone, reachable by keyboard.
    const region = container.querySelector("section");
    expect(region?.getAttribute("aria-labelledby")).toBe("committed-title");
    expect(region?.tabIndex).toBe(0);
  });

  it("gives each month's days when the family's budget month is its own", () => {
    renderWith(true);
    expect(rows()[0]?.[0]).toBe("Dezembro de 2026, 7 nov – 4 dez");
  });

  it("becomes the forecast when income is expected: free, income and committed lead", () => {
    renderWith(false, {
      periods: response.periods.map((period, i) => ({
        ...period,
        income: i === 2 ? "0.00" : "1000.00",
        free: i === 0 ? "-800.00" : i === 1 ? "-842.10" : "0.00",
      })),
    });
    expect(container.querySelector("h2")?.textContent).toBe("Previsão dos próximos meses");
    expect([...container.querySelectorAll("thead th")].map(textOf)).toEqual([
      "Mês",
      "Livre",
      "Receita prevista",
      "Comprometido",
      "Parcelas",
      "Contas fixas",
      "Outros",
    ]);
    expect(rows()[0]).toEqual([
      "Dezembro de 2026",
      "-R$ 800,00",
      "R$ 1.000,00",
      "R$ 1.800,00",
      "R$ 300,00",
      "R$ 1.500,00",
      "R$ 0,00",
    ]);
  });

  it("shows nothing when none of the months holds anything", () => {
    const nothing = {
      installments: "0.00",
      recurring: "0.00",
      other: "0.00",
      total: "0.00",
      income: "0.00",
      free: "0.00",
    };
    renderWith(false, {
      periods: response.periods.map((period) => ({ ...period, ...nothing })),
    });
    expect(container.innerHTML).toBe("");
  });
});

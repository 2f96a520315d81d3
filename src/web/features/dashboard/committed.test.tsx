// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CommittedPeriod, CommittedResponse } from "../../../contract/committed";
import { committedQueryOptions } from "../../api/summary/get-committed";
import { initI18n } from "../../i18n/init";
import { monthInSentence } from "../../lib/format";
import { createQueryClient } from "../../lib/query-client";
import { Committed } from "./committed";
import { committedParts, forecastOf, nextCommitted } from "./committed-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const shown = { year: 2026, month: 11 };

const period = (
  month: number,
  parts: Pick<CommittedPeriod, "installments" | "recurring" | "other" | "total"> &
    Partial<Pick<CommittedPeriod, "income" | "free">>,
  year = 2026,
): CommittedPeriod => ({
  year,
  month,
  first: `${year}-${String(month).padStart(2, "0")}-01`,
  last: `${year}-${String(month).padStart(2, "0")}-28`,
  income: "0.00",
  free: `-${parts.total}`,
  ...parts,
});

const december = period(12, {
  installments: "300.00",
  recurring: "540.00",
  other: "0.00",
  total: "840.00",
});
const january = period(
  1,
  { installments: "300.00", recurring: "0.00", other: "0.00", total: "300.00" },
  2027,
);
const february = period(
  2,
  { installments: "0.00", recurring: "0.00", other: "0.00", total: "0.00" },
  2027,
);
const nothing = { installments: "0.00", recurring: "0.00", other: "0.00", total: "0.00" };

// Intl puts a no-break space between the currency and the number.
const textOf = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, " ");

describe("what the dashboard's committed line shows", () => {
  it("shows the next month only when something is committed in it", () => {
    expect(nextCommitted(undefined)).toBeNull();
    expect(nextCommitted({ periods: [] })).toBeNull();
    expect(nextCommitted({ periods: [period(12, nothing), january, february] })).toBeNull();
    expect(nextCommitted({ periods: [december, january, february] })).toBe(december);
    // A cent is something.
    const cent = period(12, { ...nothing, other: "0.01", total: "0.01" });
    expect(nextCommitted({ periods: [cent] })).toBe(cent);
    // Expected income alone is something to show (docs/product.md#the-forecast).
    const salary = period(12, { ...nothing, income: "5000.00", free: "5000.00" });
    expect(nextCommitted({ periods: [salary] })).toBe(salary);
  });

  it("gives the forecast only with expected income", () => {
    expect(forecastOf(december)).toBeNull();
    expect(forecastOf({ ...december, income: "5000.00", free: "4160.00" })).toEqual({
      income: "5000.00",
      freeCents: 416000,
    });
    expect(forecastOf({ ...december, income: "500.00", free: "-340.00" })).toEqual({
      income: "500.00",
      freeCents: -34000,
    });
  });

  it("leaves out the parts that hold nothing, in a fixed order", () => {
    expect(committedParts(december)).toEqual([
      { key: "installments", amount: "300.00" },
      { key: "recurring", amount: "540.00" },
    ]);
    expect(
      committedParts(
        period(12, { installments: "0.00", recurring: "0", other: "12.30", total: "12.30" }),
      ),
    ).toEqual([{ key: "other", amount: "12.30" }]);
    expect(committedParts(period(12, nothing))).toEqual([]);
  });

  it("names the month as a sentence does in each language", () => {
    expect(monthInSentence(12, "pt")).toBe("dezembro");
    expect(monthInSentence(12, "es")).toBe("diciembre");
    expect(monthInSentence(12, "en")).toBe("December");
  });
});

let container: HTMLDivElement;
let root: Root;

async function renderWith(response: CommittedResponse, datesShown = false) {
  const client = createQueryClient();
  client.setQueryData(committedQueryOptions(shown).queryKey, response);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <Committed month={shown} datesShown={datesShown} />
      </QueryClientProvider>,
    );
  });
  // The card is a chunk of its own: let it load.
  await act(async () => {
    await import("./committed-card");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  // Cached answers only: a call to the server would be a bug here.
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

describe("<Committed />", () => {
  it("says what the next month already holds, its parts, and the two months after", async () => {
    await renderWith({ periods: [december, january, february] });
    expect(textOf(container.querySelector("h2"))).toBe("Já comprometido em dezembro: R$ 840,00");
    expect(textOf(container.querySelector("[data-testid=committed-parts]"))).toBe(
      "Parcelas R$ 300,00 · Contas fixas R$ 540,00",
    );
    expect(textOf(container.querySelector("summary"))).toContain("Próximos meses");
    expect([...container.querySelectorAll("[data-testid=committed-later]")].map(textOf)).toEqual([
      "Janeiro de 2027R$ 300,00Parcelas R$ 300,00",
      "Fevereiro de 2027R$ 0,00",
    ]);
  });

  it("gives each month's days when the family's budget month is its own", async () => {
    await renderWith(
      {
        periods: [
          { ...december, first: "2026-11-07", last: "2026-12-04" },
          { ...january, first: "2026-12-05", last: "2027-01-06" },
        ],
      },
      true,
    );
    expect(textOf(container.querySelector("h2"))).toBe(
      "Já comprometido em dezembro: R$ 840,00, 7 nov – 4 dez",
    );
    expect(textOf(container.querySelector("[data-testid=committed-later] span"))).toBe(
      "Janeiro de 2027, 5 dez – 6 jan",
    );
  });

  it("says the expected income and what is free, or short, under each month", async () => {
    await renderWith({
      periods: [
        { ...december, income: "5000.00", free: "4160.00" },
        { ...january, income: "200.00", free: "-100.00" },
        february,
      ],
    });
    const forecasts = [...container.querySelectorAll("[data-testid=committed-forecast]")];
    expect(forecasts.map(textOf)).toEqual([
      "Receita prevista R$ 5.000,00 · Livre R$ 4.160,00",
      "Receita prevista R$ 200,00 · Faltam R$ 100,00",
    ]);
  });

  it("shows nothing when the next month holds nothing", async () => {
    await renderWith({ periods: [period(12, nothing), january, february] });
    expect(container.innerHTML).toBe("");
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Category } from "../../../contract/categories";
import type { RecurringDue } from "../../../contract/recurring";
import { recurringDueQueryOptions } from "../../api/recurring/get-recurring-due";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { DueBills, PlannedLine } from "./due-bills";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const month = { year: 2026, month: 11 };
const categoryId = "5b9f6a8e-2c1d-4e3f-9a0b-1c2d3e4f5a6b";
const categories = [{ id: categoryId, name: "Moradia" }] as Category[];

// Intl puts a no-break space between the currency and the number.
const textOf = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, " ");

let container: HTMLDivElement;
let root: Root;

function renderWith(due: RecurringDue) {
  const client = createQueryClient();
  client.setQueryData(recurringDueQueryOptions(month).queryKey, due);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <PlannedLine month={month} />
        <DueBills month={month} categories={categories} />
      </QueryClientProvider>,
    ),
  );
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

describe("<DueBills /> and <PlannedLine />", () => {
  it("lists each bill with its date, amount and category, and the planned total apart", () => {
    renderWith({
      items: [
        { ruleId: "r1", description: "Aluguel", amount: "1500.00", date: "2026-11-28", categoryId },
        {
          ruleId: "r2",
          description: "Netflix",
          amount: "39.90",
          date: "2026-11-30",
          categoryId: null,
        },
      ],
      total: "1539.90",
    });
    const items = [...container.querySelectorAll("li")].map(textOf);
    expect(items).toEqual([
      "Aluguel28/11/2026 · MoradiaR$ 1.500,00",
      "Netflix30/11/2026 · Sem categoriaR$ 39,90",
    ]);
    expect(container.querySelector("h2")?.textContent).toBe("Contas a vencer este mês");
    expect(textOf(container.querySelector('[data-testid="due-bills-total"]'))).toBe("R$ 1.539,90");
    expect(textOf(container.querySelector('[data-testid="planned-total"]'))).toBe(
      "Previsto: R$ 1.539,90 a vencer",
    );
  });

  it("shows nothing when no bill is still due", () => {
    renderWith({ items: [], total: "0.00" });
    expect(container.innerHTML).toBe("");
  });
});

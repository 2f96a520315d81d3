// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { currentUserQueryKey } from "../../api/auth/get-current-user";
import { familyQueryOptions } from "../../api/family/get-family";
import { familyPeopleQueryOptions } from "../../api/family/get-family-people";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { ANA, couple, coupleFamily, coupleMarch, LEO } from "../../testing/couple-month";
import { testUser } from "../../testing/test-user";
import { ReportsPage } from "./reports-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;
let asked: string[];

async function open(search: string) {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  client.setQueryData(familyQueryOptions().queryKey, coupleFamily);
  client.setQueryData(familyPeopleQueryOptions().queryKey, couple);
  const location = memoryLocation({ path: `/reports${search}` });
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
const byTestId = (id: string) => text(container.querySelector(`[data-testid=${id}]`));
const headings = () => [...container.querySelectorAll("h2")].map(text);
const columnsOf = (labelledBy: string) =>
  [
    ...(container.querySelector(`[aria-labelledby=${labelledBy}]`)?.querySelectorAll("thead th") ??
      []),
  ].map(text);

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      asked.push(url);
      const answer = coupleMarch[url];
      // The trend, who owes whom and what is committed wait: their calls are what is checked.
      if (!answer) return new Promise<Response>(() => {});
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

describe("the reports viewed as a member", () => {
  it("show Léo's share against the family's budget, who paid it, and no status", async () => {
    await open(`?month=3&year=2026&view=${LEO}`);
    expect(container.querySelector("select")?.value).toBe(LEO);
    expect(byTestId("view-heading")).toBe("Parte de Léo em março");
    expect(byTestId("total-budgeted")).toBe("Meta da famíliaR$ 1.000,00");
    expect(byTestId("total-spent")).toBe("Parte de LéoR$ 170,00");
    expect(byTestId("share-of-budget")).toBe("Da meta da família17,0%");
    expect(byTestId("balance")).toBeUndefined();
    expect(columnsOf("table-title")).toEqual(["Categoria", "Meta", "Parte de Léo", "% da meta"]);
    expect(byTestId("report-row")).toBe("MercadoR$ 1.000,00R$ 170,0017,0%");
    expect(headings()).toContain("Quem pagou a parte de Léo");
    expect(columnsOf("payers-title")).toEqual(["Membro", "Pagou", "Participação"]);
    expect(headings()).not.toContain("Resumo de desempenho");
    // The trend asks for his shares too; what is committed, which has no view, is not asked for.
    expect(asked).toContain(`/api/summary/trend?month=3&year=2026&view=${LEO}`);
    expect(asked.some((url) => url.startsWith("/api/summary/committed"))).toBe(false);
  });

  it("say 'Minha parte' in my own view", async () => {
    await open(`?month=3&year=2026&view=${ANA}`);
    expect(byTestId("view-heading")).toBe("Minha parte em março");
    expect(byTestId("total-spent")).toBe("Minha parteR$ 120,00");
    expect(headings()).toContain("Quem pagou a minha parte");
  });

  it("are the family's without a view, as before", async () => {
    await open("?month=3&year=2026");
    expect(byTestId("view-heading")).toBeUndefined();
    expect(byTestId("total-spent")).toBe("Total GastoR$ 290,00");
    expect(columnsOf("table-title")).toEqual(["Categoria", "Meta", "Gasto", "Dif.", "Status"]);
    expect(headings()).toContain("Gastos por membro");
    expect(headings()).toContain("Resumo de desempenho");
    expect(asked).toContain("/api/summary/trend?month=3&year=2026");
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { NetWorth as NetWorthAnswer } from "../../../contract/net-worth";
import { netWorthQueryOptions } from "../../api/payment-methods/get-net-worth";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { NetWorth } from "./net-worth";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

/** Eleven month ends of nothing, then November and today with `othersPrivate` in them. */
function answer(othersPrivate: string): NetWorthAnswer {
  const empty = { accounts: "0.00", othersPrivate: "0.00", cards: "0.00", netWorth: "0.00" };
  const points = Array.from({ length: 11 }, (_, i) => ({
    ...empty,
    date: `${i < 1 ? 2025 : 2026}-${String(((i + 11) % 12) + 1).padStart(2, "0")}-28`,
  }));
  const filled = (date: string) => ({
    date,
    accounts: "1700.00",
    othersPrivate,
    cards: "200.00",
    netWorth: (1500 + Number(othersPrivate)).toFixed(2),
  });
  return {
    points: [...points, filled("2026-11-30"), filled("2026-12-07")],
    futureInstallments: "0.00",
  };
}

function open(data: NetWorthAnswer) {
  const client = createQueryClient();
  client.setQueryData(netWorthQueryOptions().queryKey, data);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <NetWorth />
      </QueryClientProvider>,
    ),
  );
}

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, " ").trim();
const headings = () => [...container.querySelectorAll("thead th")].map(text);
const today = () =>
  [...(container.querySelector("[data-testid=net-worth-row]")?.querySelectorAll("td") ?? [])].map(
    text,
  );

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});
beforeEach(() => {
  // The chart measures its box (visx's ParentSize); jsdom has no layout to measure.
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

describe("the net worth's table", () => {
  it("has one unnamed line for other members' private accounts while they hold money", () => {
    open(answer("1800.00"));
    expect(headings()).toEqual([
      "Mês",
      "Patrimônio",
      "Contas",
      "Contas privadas de outros",
      "Cartões",
    ]);
    expect(today()).toEqual(["R$ 3.300,00", "R$ 1.700,00", "R$ 1.800,00", "−R$ 200,00"]);
  });

  it("leaves the line out when there are none", () => {
    open(answer("0.00"));
    expect(headings()).toEqual(["Mês", "Patrimônio", "Contas", "Cartões"]);
    expect(today()).toEqual(["R$ 1.500,00", "R$ 1.700,00", "−R$ 200,00"]);
  });
});

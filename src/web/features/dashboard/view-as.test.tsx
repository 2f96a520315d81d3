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
import {
  ANA,
  couple,
  coupleFamily,
  coupleMarch,
  LEO,
  personNamed,
} from "../../testing/couple-month";
import { testUser } from "../../testing/test-user";
import { DashboardPage } from "./dashboard-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;
let asked: string[];
let location: ReturnType<typeof memoryLocation>;

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function open(search: string, people = couple) {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  client.setQueryData(familyQueryOptions().queryKey, coupleFamily);
  client.setQueryData(familyPeopleQueryOptions().queryKey, people);
  location = memoryLocation({ path: `/${search}`, record: true });
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DashboardPage EditDialog={() => null} />
        </Router>
      </QueryClientProvider>,
    ),
  );
  await settle();
}

const select = () => container.querySelector<HTMLSelectElement>("select");
const byTestId = (id: string) =>
  container.querySelector(`[data-testid=${id}]`)?.textContent?.replace(/\s+/g, " ").trim();

async function choose(value: string) {
  const element = select();
  if (!element) throw new Error("no 'Ver como'");
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await settle();
}

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
      // The cards that read other calls (bills due, what is committed) wait: not what is tested.
      if (!answer) return new Promise<Response>(() => {});
      return Response.json(answer);
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

describe("the dashboard's 'Ver como'", () => {
  it("offers the family, me and the other members, and shows the family's month by default", async () => {
    await open("?month=3&year=2026");
    const label = container.querySelector(`label[for="${select()?.id}"]`);
    expect(label?.textContent).toBe("Ver como");
    expect([...(select()?.options ?? [])].map((option) => [option.value, option.text])).toEqual([
      ["", "Família"],
      [ANA, "Eu"],
      [LEO, "Léo"],
    ]);
    expect(select()?.value).toBe("");
    expect(byTestId("total-spent")).toContain("Gasto Total");
    expect(byTestId("total-spent")).toContain("R$ 290,00");
    expect(byTestId("view-heading")).toBeUndefined();
    expect(asked.filter((url) => url.startsWith("/api/summary?"))).toEqual([
      "/api/summary?month=3&year=2026",
    ]);
  });

  it("shows another member's share, who paid it in the family's order, and no budget status", async () => {
    await open("?month=3&year=2026");
    await choose(LEO);
    expect(location.history?.at(-1)).toBe(`/?month=3&year=2026&view=${LEO}`);
    expect(asked).toContain(`/api/summary?month=3&year=2026&view=${LEO}`);
    expect(byTestId("view-heading")).toBe("Parte de Léo em março");
    expect(byTestId("total-spent")).toBe("Parte de LéoR$ 170,0017% da meta da família");
    expect(byTestId("share-payers")).toBe("Quem pagou a parte de LéoAna R$ 80,00 · Léo R$ 90,00");
    expect(byTestId("total-budget")).toBe("Meta da famíliaR$ 1.000,00");
    expect(byTestId("remaining-balance")).toBeUndefined();
    expect(byTestId("category-status")).toBe("17% da meta da família");
    expect(container.querySelector("[data-testid=week-status]")).toBeNull();

    await choose("");
    expect(location.history?.at(-1)).toBe("/?month=3&year=2026");
    expect(byTestId("total-spent")).toContain("R$ 290,00");
  });

  it("says 'Minha parte' in my own view, taken from the address", async () => {
    await open(`?month=3&year=2026&view=${ANA}`);
    expect(select()?.value).toBe(ANA);
    expect(byTestId("view-heading")).toBe("Minha parte em março");
    expect(byTestId("total-spent")).toContain("Minha parteR$ 120,00");
    expect(byTestId("share-payers")).toBe("Quem pagou a minha parteAna R$ 120,00");
  });

  it("offers nothing in a family of one, whose month is the family's whatever the address says", async () => {
    await open(`?month=3&year=2026&view=${ANA}`, [personNamed(ANA, "Ana")]);
    expect(select()).toBeNull();
    expect(byTestId("view-heading")).toBeUndefined();
    expect(byTestId("total-spent")).toContain("R$ 290,00");
  });
});

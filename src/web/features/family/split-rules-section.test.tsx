// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { Family, FamilyMember } from "../../../contract/family";
import type { SplitRules } from "../../../contract/shares";
import { Toaster } from "../../components/ui/toaster";
import { initI18n } from "../../i18n/init";
import { todayIso } from "../../lib/format";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { SplitRulesSection } from "./split-rules-section";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ana = "6c1f0b7f-3a68-4b9f-8b1f-4d3c2e5f6a71";
const leo = "7d2a1c8e-4b79-4c0a-9c2a-5e4d3f6a7b82";

const familyOf = (role: Family["role"]): Family => ({
  id: "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60",
  name: "Souza",
  ownerId: ana,
  role,
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const member = (userId: string, name: string, role: FamilyMember["role"], joinedAt: string) => ({
  id: userId,
  userId,
  role,
  joinedAt,
  user: {
    id: userId,
    email: `${name}@example.org`,
    name,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
  },
});

// Léo is listed first by the server's JSON: the section names the owner first all the same.
const couple = [
  member(leo, "Léo Souza", "member", "2026-02-01T00:00:00.000Z"),
  member(ana, "Ana Souza", "owner", "2026-01-01T00:00:00.000Z"),
];

const ratio: SplitRules["rules"][number] = {
  validFrom: "2026-01-01",
  weights: [
    { userId: leo, weight: 3000 },
    { userId: ana, weight: 5000 },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let container: HTMLDivElement;
let root: Root;

function stubApi(members: FamilyMember[], rules: SplitRules) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (method !== "GET") {
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      }
      if (url === "/api/family/members") return json(200, members);
      if (url.startsWith("/api/family/split-rules")) return json(200, rules);
      return json(200, []);
    }),
  );
  return calls;
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function render(family: Family) {
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <SplitRulesSection family={family} />
        <Toaster />
      </QueryClientProvider>,
    ),
  );
  await settle();
}

function control(label: string): HTMLInputElement {
  const found = [...container.querySelectorAll("label")].find((l) => l.textContent === label);
  if (!(found?.control instanceof HTMLInputElement)) throw new Error(`no input "${label}"`);
  return found.control;
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const button = (name: string) =>
  [...container.querySelectorAll("button")].find(
    (b) => b.textContent === name || b.getAttribute("aria-label") === name,
  );

async function press(name: string) {
  await act(async () => button(name)?.click());
  await settle();
}

const hintOf = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

const today = () =>
  container.querySelector('[data-testid="split-rule-today"]')?.textContent?.replace(/\s/g, " ");

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  initI18n("pt");
  resetToastsForTests();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  resetToastsForTests();
});

describe("<SplitRulesSection />", () => {
  it("shows a member the rule of today and the rules by date, with nothing to change", async () => {
    stubApi(couple, { rules: [ratio] });
    await render(familyOf("member"));
    expect(container.querySelector("h2")?.textContent).toBe("Divisão padrão");
    expect(container.textContent).toContain(
      "Uma mudança vale para os gastos a partir da data escolhida e não altera nada já registrado.",
    );
    expect(today()).toBe("Proporcional: Ana Souza 62,5% · Léo Souza 37,5%");
    expect(container.querySelector("li")?.textContent?.replace(/\s/g, " ")).toBe(
      "A partir de 01/01/2026Proporcional: Ana Souza 62,5% · Léo Souza 37,5%",
    );
    expect(container.textContent).toContain(
      "Só o proprietário da família pode mudar a divisão padrão.",
    );
    expect(container.querySelectorAll("input, button")).toHaveLength(0);
  });

  it("is not shown in a family of one, whose expenses are all its member's", async () => {
    stubApi([couple[1] as FamilyMember], { rules: [] });
    await render(familyOf("owner"));
    expect(container.textContent).toBe("");
  });

  it("lets the owner split in proportion from a date, showing each member's percentage", async () => {
    const calls = stubApi(couple, { rules: [] });
    await render(familyOf("owner"));
    expect(today()).toBe("Igual");
    expect(control("A partir de").value).toBe(todayIso());
    await act(async () => control("Proporcional").click());
    await type(control("Ana Souza"), "5000");
    await type(control("Léo Souza"), "3000");
    expect(hintOf(control("Ana Souza"))?.replace(/\s/g, " ")).toBe("62,5%");
    expect(hintOf(control("Léo Souza"))?.replace(/\s/g, " ")).toBe("37,5%");
    await type(control("A partir de"), "2026-12-01");
    await press("Salvar divisão");
    expect(calls).toEqual([
      {
        method: "PUT",
        url: "/api/family/split-rules",
        body: {
          validFrom: "2026-12-01",
          weights: [
            { userId: ana, weight: 5000 },
            { userId: leo, weight: 3000 },
          ],
        },
      },
    ]);
    expect(document.body.textContent).toContain("Divisão padrão salva");
  });

  it("sends an equal split as no weights, and refuses weights that give nobody a share", async () => {
    const calls = stubApi(couple, { rules: [ratio] });
    await render(familyOf("owner"));
    await act(async () => control("Proporcional").click());
    await type(control("Ana Souza"), "0");
    await press("Salvar divisão");
    expect(calls).toEqual([]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Dê uma parte a pelo menos um membro",
    );
    await act(async () => control("Igual").click());
    await press("Salvar divisão");
    expect(calls).toEqual([
      {
        method: "PUT",
        url: "/api/family/split-rules",
        body: { validFrom: todayIso(), weights: null },
      },
    ]);
  });

  it("lets the owner remove a rule", async () => {
    const calls = stubApi(couple, { rules: [ratio] });
    await render(familyOf("owner"));
    await press("Remover a divisão de 01/01/2026");
    expect(calls).toEqual([{ method: "DELETE", url: "/api/family/split-rules/2026-01-01" }]);
    expect(document.body.textContent).toContain("Divisão removida");
  });

  it("speaks English and Spanish", async () => {
    stubApi(couple, { rules: [] });
    act(() => initI18n("en"));
    await render(familyOf("member"));
    expect(container.querySelector("h2")?.textContent).toBe("Default split");
    expect(today()).toBe("Equal");
    act(() => initI18n("es"));
    await render(familyOf("member"));
    expect(container.querySelector("h2")?.textContent).toBe("Reparto predeterminado");
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { FamilyPerson } from "../../../contract/family";
import type { SplitRules } from "../../../contract/shares";
import { sharesOf } from "../../../domain/shares";
import { currentUserQueryKey } from "../../api/auth/get-current-user";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { enterValue, requiredControl } from "../../testing/form-controls";
import { testUser } from "../../testing/test-user";
import { ExpenseForm } from "./expense-form";
import { sharesText } from "./split-draft";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ana = testUser.id;
const leo = "6c1f0b7f-3a68-4b9f-8b1f-4d3c2e5f6a71";
const category = "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60";
const today = new Date().toISOString().slice(0, 10);

const person = (userId: string, name: string): FamilyPerson => ({
  userId,
  name,
  firstName: null,
  lastName: null,
  email: null,
  profileImageUrl: null,
  isMember: true,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let container: HTMLDivElement;
let root: Root;
let posts: Record<string, unknown>[];

/** The family's people and rules; a create answers 400 with the server's `refusal`, or 201. */
function stubApi(people: FamilyPerson[], rules: SplitRules, refusal?: unknown) {
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (init?.method === "POST" && (url === "/api/expenses" || url === "/api/installments")) {
        posts.push({ url, ...JSON.parse(String(init.body)) });
        return refusal ? json(400, refusal) : json(201, { id: "x", installments: [] });
      }
      if (url === "/api/family/people") return json(200, people);
      if (url === "/api/family/split-rules") return json(200, rules);
      if (url === "/api/categories") {
        return json(200, [{ id: category, name: "Mercado", color: "#16a34a", isActive: true }]);
      }
      return json(200, []);
    }),
  );
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function render(
  people: FamilyPerson[],
  rules: SplitRules = { rules: [] },
  refusal?: unknown,
) {
  stubApi(people, rules, refusal);
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path: "/expenses" }).hook}>
          <ExpenseForm />
        </Router>
      </QueryClientProvider>,
    ),
  );
  await settle();
}

/** The control a visible label names. */
const field = <T extends HTMLElement>(label: string) => requiredControl<T>(label, container);

/** Types or chooses as a person does: React hears the input event. */
async function enter(element: HTMLInputElement | HTMLSelectElement, value: string) {
  await enterValue(element, value);
  await settle();
}

const text = (testId: string) =>
  container.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s/g, " ") ?? null;

const hintOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .replace(/\s/g, " ")
    .trim();

async function submit() {
  const button = [...container.querySelectorAll("button")].find(
    (b) => b.textContent === "Adicionar Gasto",
  );
  await act(async () => button?.click());
  await settle();
}

async function fillExpense(amount: string) {
  await enter(field<HTMLInputElement>("Descrição"), "Mercado");
  await enter(field<HTMLInputElement>("Valor"), amount);
  await enter(field<HTMLSelectElement>("Categoria"), category);
}

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

const couple = [person(ana, "Ana Souza"), person(leo, "Léo Souza")];
const proportional: SplitRules = {
  rules: [
    {
      validFrom: "2000-01-01",
      weights: [
        { userId: ana, weight: 5000 },
        { userId: leo, weight: 3000 },
      ],
    },
  ],
};

describe("'Para quem' in the expense form", () => {
  it("shows nothing new in a family of one, and sends no split", async () => {
    await render([person(ana, "Ana Souza")]);
    expect(container.textContent).not.toContain("Para quem");
    await fillExpense("10");
    await submit();
    expect(posts).toHaveLength(1);
    expect(posts[0]).not.toHaveProperty("split");
  });

  it("offers the family, only mine, only the other member's and a custom split", async () => {
    await render(couple);
    const select = field<HTMLSelectElement>("Para quem");
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Família",
      "Só meu",
      "Só de Léo",
      "Dividir",
    ]);
    expect(select.value).toBe("family");
  });

  it("previews the family's split of the typed amount exactly as src/domain/shares.ts stores it", async () => {
    await render(couple, proportional);
    await enter(field<HTMLInputElement>("Valor"), "100,01");
    const expected = sharesText(
      sharesOf(10_001, { mode: "family" }, { ...proportional, memberIds: [ana, leo], date: today }),
      (id) => (id === ana ? "Ana" : "Léo"),
      "pt",
    );
    expect(hintOf(field<HTMLSelectElement>("Para quem"))).toBe(expected.replace(/\s/g, " "));
    expect(expected.replace(/\s/g, " ")).toBe("Ana R$ 62,51 · Léo R$ 37,50");
    await fillExpense("100,01");
    await submit();
    // The family's split is the default: left out, as a family of one sends.
    expect(posts[0]).not.toHaveProperty("split");
  });

  it("says live how far percentages are from 100%, previews the shares once they add up, and sends them", async () => {
    await render(couple);
    await fillExpense("200");
    await enter(field<HTMLSelectElement>("Para quem"), "custom");
    await enter(field<HTMLInputElement>("Ana"), "60");
    expect(text("split-status")).toBe("Faltam 40%");
    await enter(field<HTMLInputElement>("Léo"), "45,5");
    expect(text("split-status")).toBe("Passou 5,5%");
    await enter(field<HTMLInputElement>("Léo"), "40");
    expect(text("split-status")).toBe("Ana R$ 120,00 · Léo R$ 80,00");
    await submit();
    expect(posts[0]?.split).toEqual({
      mode: "percent",
      shares: [
        { userId: ana, percent: "60" },
        { userId: leo, percent: "40" },
      ],
    });
  });

  it("refuses amounts that do not add up to the expense's, under 'Para quem', and sends nothing", async () => {
    await render(couple);
    await fillExpense("200");
    await enter(field<HTMLSelectElement>("Para quem"), "custom");
    const amounts = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (radio) => radio.parentElement?.textContent === "Valores",
    );
    await act(async () => amounts?.click());
    await enter(field<HTMLInputElement>("Ana"), "120");
    expect(text("split-status")).toBe("Faltam R$ 80,00");
    await enter(field<HTMLInputElement>("Léo"), "85");
    expect(text("split-status")).toBe("Passou R$ 5,00");
    await submit();
    expect(posts).toHaveLength(0);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "As partes precisam somar o valor da despesa",
    );
    // Corrected, the same submission goes.
    await enter(field<HTMLInputElement>("Léo"), "80");
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await submit();
    expect(posts[0]?.split).toEqual({
      mode: "amounts",
      shares: [
        { userId: ana, amount: "120.00" },
        { userId: leo, amount: "80.00" },
      ],
    });
  });

  it("sends one member's, and shows the server's translated refusal under 'Para quem'", async () => {
    await render(
      couple,
      { rules: [] },
      {
        code: "validation_error",
        message: "Alguns campos são inválidos.",
        errors: [{ path: "split", message: "Escolha membros da família" }],
      },
    );
    await fillExpense("90");
    await enter(field<HTMLSelectElement>("Para quem"), leo);
    await submit();
    expect(posts[0]?.split).toEqual({ mode: "one", userId: leo });
    const select = field<HTMLSelectElement>("Para quem");
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(hintOf(select)).toBe("Escolha membros da família");
  });

  it("with 'Parcelado', previews one installment's shares, offers no amounts, and sends the split for every installment", async () => {
    await render(couple);
    await fillExpense("100");
    await act(async () => field<HTMLInputElement>("Parcelado").click());
    await settle();
    await enter(field<HTMLInputElement>("Número de parcelas"), "4");
    const select = field<HTMLSelectElement>("Para quem");
    expect(hintOf(select)).toBe("Cada parcela: Ana R$ 12,50 · Léo R$ 12,50");
    // 33,34 + 33,33 + 33,33: the first is previewed.
    await enter(field<HTMLInputElement>("Número de parcelas"), "3");
    expect(hintOf(select)).toBe("1ª parcela: Ana R$ 16,67 · Léo R$ 16,67");

    await enter(select, "custom");
    const amounts = field<HTMLInputElement>("Valores");
    expect(amounts.disabled).toBe(true);
    expect(hintOf(amounts)).toBe("Em parcelas, só por percentual");
    expect(field<HTMLInputElement>("Percentual").checked).toBe(true);
    await enter(field<HTMLInputElement>("Ana"), "60");
    await enter(field<HTMLInputElement>("Léo"), "40");
    expect(text("split-status")).toBe("1ª parcela: Ana R$ 20,00 · Léo R$ 13,34");

    await enter(select, leo);
    await submit();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: "/api/installments",
      total: "100.00",
      count: 3,
      split: { mode: "one", userId: leo },
    });
  });

  it("with 'Parcelado', amounts typed before read as percentages with nothing typed, and are never sent", async () => {
    await render(couple);
    await fillExpense("100");
    await enter(field<HTMLSelectElement>("Para quem"), "custom");
    await act(async () => field<HTMLInputElement>("Valores").click());
    await settle();
    await enter(field<HTMLInputElement>("Ana"), "70");
    await act(async () => field<HTMLInputElement>("Parcelado").click());
    await settle();
    await enter(field<HTMLInputElement>("Número de parcelas"), "2");
    expect(field<HTMLInputElement>("Percentual").checked).toBe(true);
    expect(field<HTMLInputElement>("Ana").value).toBe("");
    await submit();
    expect(posts).toHaveLength(0);
    // Turned off again, what was typed as amounts is back.
    await act(async () => field<HTMLInputElement>("Parcelado").click());
    await settle();
    expect(field<HTMLInputElement>("Valores").checked).toBe(true);
    expect(field<HTMLInputElement>("Ana").value).toBe("70");
  });

  it("with 'Parcelado', shows the server's refusal of the split under 'Para quem'", async () => {
    await render(couple, undefined, {
      code: "validation_error",
      message: "Alguns campos são inválidos.",
      errors: [{ path: "split", message: "Escolha membros da família" }],
    });
    await fillExpense("90");
    await act(async () => field<HTMLInputElement>("Parcelado").click());
    await settle();
    await enter(field<HTMLInputElement>("Número de parcelas"), "3");
    await enter(field<HTMLSelectElement>("Para quem"), leo);
    await submit();
    expect(posts[0]).toMatchObject({
      url: "/api/installments",
      split: { mode: "one", userId: leo },
    });
    const select = field<HTMLSelectElement>("Para quem");
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(hintOf(select)).toBe("Escolha membros da família");
  });
});

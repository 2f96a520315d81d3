// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CategoryRule, CategoryRuleTest } from "../../../contract/category-rules";
import { currentUserQueryKey } from "../../api/auth/get-current-user";
import { Toaster } from "../../components/ui/toaster";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { ANA, couple, groceries, LEO } from "../../testing/couple-month";
import { enterValue, requiredControl } from "../../testing/form-controls";
import { testUser } from "../../testing/test-user";
import { CategoryRuleDialog } from "./category-rule-dialog";

/**
 * The rule's dialog (docs/product.md#category-rules): "Testar" asks what the draft would change,
 * saving offers to apply the rule to the past expenses, the server's refusals show under their
 * fields, and "Privada" names nobody.
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ruleId = "44444444-4444-4444-8444-444444444444";

const twoExpenses: CategoryRuleTest = {
  count: 2,
  examples: [
    {
      id: "55555555-5555-4555-8555-555555555555",
      date: "2026-03-10",
      description: "CARREFOUR HIPER",
      amount: "250.00",
      categoryId: null,
    },
    {
      id: "66666666-6666-4666-8666-666666666666",
      date: "2026-02-27",
      description: "Carrefour Express",
      amount: "32.90",
      categoryId: null,
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let container: HTMLDivElement;
let root: Root;
let sent: { method: string; url: string; body: unknown }[];

/**
 * The family's categories and people; the test answers `tested`, a new rule `created` (a
 * Response, or the rule made from what was sent), the application `{ changed: 2 }`.
 */
function stubApi({
  tested = twoExpenses,
  created,
}: {
  tested?: CategoryRuleTest;
  created?: Response;
} = {}) {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (method !== "GET") {
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        sent.push({ method, url, body });
        if (url === "/api/category-rules/test") return json(200, tested);
        if (url === "/api/category-rules") {
          return (
            created ?? json(201, { id: ruleId, learned: false, createdByUserId: ANA, ...body })
          );
        }
        if (url === `/api/category-rules/${ruleId}/apply`) return json(200, { changed: 2 });
        return json(404, {});
      }
      if (url === "/api/categories") return json(200, [groceries]);
      if (url === "/api/family/people") return json(200, couple);
      return json(200, []);
    }),
  );
}

async function render(rule: CategoryRule | null = null) {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  const onClose = vi.fn();
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <CategoryRuleDialog open rule={rule} onClose={onClose} />
        <Toaster />
      </QueryClientProvider>,
    ),
  );
  // The categories and the people are in once "Mercado" and Léo are choices.
  await until(() => {
    expect(optionOf("Categoria", "Mercado")).toBeDefined();
    expect(optionOf("Para quem", "Léo")).toBeDefined();
  });
  return onClose;
}

/** Waits for what a call's answer shows: on a busy machine it can come after any fixed ticks. */
const until = (check: () => void) => act(() => vi.waitFor(check, { timeout: 5000 }));

const control = requiredControl;

const optionOf = (label: string, text: string) =>
  [...control<HTMLSelectElement>(label).options].find((o) => o.textContent === text);

async function select(label: string, text: string) {
  const option = optionOf(label, text);
  if (!option) throw new Error(`no option "${text}" in "${label}"`);
  await enterValue(control<HTMLSelectElement>(label), option.value);
}

const type = (label: string, value: string) => enterValue(control<HTMLInputElement>(label), value);

async function press(name: string) {
  const button = [...document.querySelectorAll("button")].find(
    (b) => b.textContent?.trim() === name,
  );
  if (!button) throw new Error(`no button "${name}"`);
  await act(async () => button.click());
}

/** The dialog's text, its no-break spaces (Intl's money) as spaces. */
const dialogText = () =>
  document.querySelector('[role="dialog"]')?.textContent?.replace(/\s+/g, " ") ?? "";
const calls = (url: string) => sent.filter((call) => call.url === url);

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

describe("<CategoryRuleDialog />'s test", () => {
  it("sends the draft and says 'Mudaria 2 gastos', with the examples' dates, descriptions and amounts", async () => {
    stubApi();
    await render();
    await type("Texto", "carrefour");
    await select("Categoria", "Mercado");
    await type("Valor mínimo", "10,50");
    await press("Testar");
    await until(() => expect(dialogText()).toContain("Mudaria 2 gastos"));
    expect(dialogText()).toContain("10/03/2026 · CARREFOUR HIPER");
    expect(dialogText()).toContain("R$ 250,00");
    expect(dialogText()).toContain("27/02/2026 · Carrefour Express");
    expect(dialogText()).toContain("R$ 32,90");
    expect(calls("/api/category-rules/test")).toEqual([
      {
        method: "POST",
        url: "/api/category-rules/test",
        body: {
          matchKind: "contains",
          pattern: "carrefour",
          minAmount: "10.50",
          maxAmount: null,
          paymentMethodId: null,
          categoryId: groceries.id,
          forUserId: null,
          paidByUserId: null,
          private: false,
        },
      },
    ]);
    // Nothing was saved by testing.
    expect(calls("/api/category-rules")).toEqual([]);
  });

  it("forgets the answer once the draft changes: it said what the old draft did", async () => {
    stubApi();
    await render();
    await type("Texto", "carrefour");
    await select("Categoria", "Mercado");
    await press("Testar");
    await until(() => expect(dialogText()).toContain("Mudaria 2 gastos"));
    await type("Texto", "carrefour express");
    // TanStack Query tells its observers in a later task.
    await until(() => expect(dialogText()).not.toContain("Mudaria"));
  });

  it("asks nothing of a draft the contract refuses, and says why under the field", async () => {
    stubApi();
    await render();
    await type("Texto", "carrefour");
    await press("Testar");
    await until(() => expect(control("Categoria").getAttribute("aria-invalid")).toBe("true"));
    expect(dialogText()).toContain("Escolha uma categoria");
    expect(calls("/api/category-rules/test")).toEqual([]);
  });

  it("words none and one in Portuguese, English and Spanish", () => {
    const said = (language: "pt" | "en" | "es", count: number) =>
      initI18n(language).t("categoryRules.test.count", { ns: "category-rules", count });
    expect([said("pt", 0), said("pt", 1), said("pt", 37)]).toEqual([
      "Não mudaria nenhum gasto",
      "Mudaria 1 gasto",
      "Mudaria 37 gastos",
    ]);
    expect([said("en", 0), said("en", 1)]).toEqual([
      "Would change no expenses",
      "Would change 1 expense",
    ]);
    expect([said("es", 0), said("es", 2)]).toEqual([
      "No cambiaría ningún gasto",
      "Cambiaría 2 gastos",
    ]);
  });
});

describe("<CategoryRuleDialog />'s save", () => {
  it("offers the past expenses the saved rule would change, and applies it to them", async () => {
    stubApi();
    const onClose = await render();
    await type("Texto", "carrefour");
    await select("Categoria", "Mercado");
    await press("Salvar");
    await until(() => expect(dialogText()).toContain("Regra salva"));
    expect(calls("/api/category-rules")).toHaveLength(1);
    expect(dialogText()).toContain("Mudaria 2 gastos");
    await press("Aplicar aos 2 gastos anteriores");
    await until(() => expect(onClose).toHaveBeenCalled());
    expect(calls(`/api/category-rules/${ruleId}/apply`)).toHaveLength(1);
    await until(() => expect(document.body.textContent).toContain("Regra aplicada a 2 gastos"));
  });

  it("closes once saved when the rule would change no past expense", async () => {
    stubApi({ tested: { count: 0, examples: [] } });
    const onClose = await render();
    await type("Texto", "carrefour");
    await select("Categoria", "Mercado");
    await press("Salvar");
    await until(() => expect(onClose).toHaveBeenCalled());
    expect(dialogText()).not.toContain("Aplicar");
    expect(calls(`/api/category-rules/${ruleId}/apply`)).toEqual([]);
  });

  it("shows the server's refusal under its field, in the person's language", async () => {
    const refusal = json(400, {
      message: "Dados inválidos",
      code: "validation_error",
      errors: [{ path: "pattern", message: "Este padrão não é uma expressão regular válida" }],
    });
    stubApi({ created: refusal });
    const onClose = await render();
    await select("A descrição", "corresponde à expressão");
    await type("Texto", "([");
    await select("Categoria", "Mercado");
    await press("Salvar");
    await until(() => expect(control("Texto").getAttribute("aria-invalid")).toBe("true"));
    expect(dialogText()).toContain("Este padrão não é uma expressão regular válida");
    expect(calls("/api/category-rules")[0]?.body).toMatchObject({ matchKind: "matches" });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("<CategoryRuleDialog />'s 'Privada'", () => {
  it("clears and disables for whom and who paid, and sends neither", async () => {
    stubApi();
    await render();
    await type("Texto", "farmácia");
    await select("Categoria", "Mercado");
    await select("Para quem", "Léo");
    await select("Quem pagou", "Ana Souza (você)");
    expect(control<HTMLSelectElement>("Para quem").value).toBe(LEO);
    expect(control<HTMLSelectElement>("Quem pagou").value).toBe(ANA);
    await act(async () => control<HTMLInputElement>("Privada").click());
    expect(control<HTMLSelectElement>("Para quem").value).toBe("");
    expect(control<HTMLSelectElement>("Para quem").disabled).toBe(true);
    expect(control<HTMLSelectElement>("Quem pagou").value).toBe("");
    expect(control<HTMLSelectElement>("Quem pagou").disabled).toBe(true);
    await press("Testar");
    await until(() => expect(calls("/api/category-rules/test")).toHaveLength(1));
    expect(calls("/api/category-rules/test")[0]?.body).toMatchObject({
      private: true,
      forUserId: null,
      paidByUserId: null,
    });
  });
});

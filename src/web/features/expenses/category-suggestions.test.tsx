// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Expense } from "../../../contract/expenses";
import { currentUserQueryKey } from "../../api/auth/get-current-user";
import { Toaster } from "../../components/ui/toaster";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { enterValue, requiredControl } from "../../testing/form-controls";
import { testUser } from "../../testing/test-user";
import { ExpenseEditDialog } from "./expense-edit-dialog";
import { ExpenseForm } from "./expense-form";

/**
 * What the expense screens take from the family's rules (docs/product.md#category-rules,
 * #learned-rules): the quick add's category while a description is typed, until the person picks
 * one; and "Sempre usar Mercado para CARREFOUR" after a category was changed, one tap to a rule.
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const market = "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60";
const home = "7d2e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61";
const categories = [
  { id: market, name: "Mercado", color: "#16a34a", isActive: true },
  { id: home, name: "Casa", color: "#2563eb", isActive: true },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let container: HTMLDivElement;
let root: Root;
let sent: { method: string; url: string; body: Record<string, unknown> }[];
let asked: string[];

/** The API: `suggested` for any description, `offer` after a change. */
function stubApi(suggested: string | null, offer: unknown = null) {
  sent = [];
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (method !== "GET") {
        sent.push({ method, url, body: JSON.parse(String(init?.body ?? "{}")) });
        return json(method === "POST" ? 201 : 200, { id: "x" });
      }
      if (url.startsWith("/api/category-rules/suggestion")) {
        asked.push(new URL(url, "http://app").searchParams.get("description") ?? "");
        return json(200, { categoryId: suggested, rule: null });
      }
      if (url.startsWith("/api/category-rules/offer")) return json(200, { offer });
      if (url === "/api/categories") return json(200, categories);
      if (url === "/api/family/people") return json(200, []);
      if (url === "/api/family/split-rules") return json(200, { rules: [] });
      return json(200, []);
    }),
  );
}

async function render(node: ReactNode) {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path: "/expenses" }).hook}>
          {node}
          <Toaster />
        </Router>
      </QueryClientProvider>,
    ),
  );
}

const control = requiredControl;
const enter = enterValue;

const button = (name: string) =>
  [...document.querySelectorAll("button")].find((b) => b.textContent === name);

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

describe("the quick add's category while a description is typed", () => {
  it("is the family's suggestion for the description it settled on", async () => {
    stubApi(market);
    await render(<ExpenseForm />);
    const category = await vi.waitFor(() => control<HTMLSelectElement>("Categoria"));
    await vi.waitFor(() => expect(category.options.length).toBe(3));
    await enter(control<HTMLInputElement>("Descrição"), "PAG*CARREFOUR");
    await vi.waitFor(() => expect(category.value).toBe(market), { timeout: 3000 });
    // Asked once, for what was typed, not once per letter.
    expect(asked).toEqual(["PAG*CARREFOUR"]);
  });

  it("leaves a category the person picked", async () => {
    stubApi(market);
    await render(<ExpenseForm />);
    const category = await vi.waitFor(() => control<HTMLSelectElement>("Categoria"));
    await vi.waitFor(() => expect(category.options.length).toBe(3));
    await enter(category, home);
    await enter(control<HTMLInputElement>("Descrição"), "PAG*CARREFOUR");
    await vi.waitFor(() => expect(asked).toEqual(["PAG*CARREFOUR"]), { timeout: 3000 });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(category.value).toBe(home);
  });
});

describe("'Sempre usar…' after a category was changed", () => {
  const carrefour: Expense = {
    id: "11111111-1111-4111-8111-111111111111",
    familyId: "22222222-2222-4222-8222-222222222222",
    description: "PAG*CARREFOUR SAO PAULO",
    amount: "45.90",
    categoryId: home,
    addedByUserId: testUser.id,
    paidByUserId: testUser.id,
    paymentMethodId: null,
    billId: null,
    seriesId: null,
    installment: null,
    installmentCount: null,
    refundOfId: null,
    split: { mode: "family" },
    private: false,
    date: "2026-03-10",
    isExample: false,
    createdAt: "2026-03-10T10:00:00.000Z",
    updatedAt: "2026-03-10T10:00:00.000Z",
  };

  const correct = async () => {
    await render(<ExpenseEditDialog expense={carrefour} onOpenChange={() => {}} />);
    const category = await vi.waitFor(() => control<HTMLSelectElement>("Categoria"));
    await vi.waitFor(() => expect(category.options.length).toBeGreaterThan(1));
    await enter(category, market);
    await act(async () => button("Salvar")?.click());
  };

  it("is offered on the toast, and one tap makes the learned rule", async () => {
    stubApi(null, { pattern: "CARREFOUR", categoryId: market });
    await correct();
    const offer = await vi.waitFor(
      () => {
        const found = button("Sempre usar Mercado para CARREFOUR");
        if (!found) throw new Error("no offer yet");
        return found;
      },
      { timeout: 3000 },
    );
    await act(async () => offer.click());
    await vi.waitFor(() =>
      expect(sent.at(-1)).toEqual({
        method: "POST",
        url: "/api/category-rules",
        body: { matchKind: "contains", pattern: "CARREFOUR", categoryId: market, learned: true },
      }),
    );
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain("Regra criada: CARREFOUR vai para Mercado"),
    );
  });

  it("is not offered when the server has nothing to learn", async () => {
    stubApi(null, null);
    await correct();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain("Gasto atualizado com sucesso!"),
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(sent.map((call) => call.method)).toEqual(["PATCH"]);
    expect(button("Sempre usar Mercado para CARREFOUR")).toBeUndefined();
  });
});

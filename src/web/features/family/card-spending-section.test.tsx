// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { CardSpendingBy, Family } from "../../../contract/family";
import { Toaster } from "../../components/ui/toaster";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { CardSpendingSection } from "./card-spending-section";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

const familyOf = (role: Family["role"], cardSpendingBy: CardSpendingBy = "date"): Family => ({
  id: "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60",
  name: "Silva",
  ownerId: "6c1f0b7f-3a68-4b9f-8b1f-4d3c2e5f6a71",
  role,
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers the PUT with `answer(choice sent)`; every other call (the refetches) with an empty list. */
function stubApi(answer: (by: CardSpendingBy) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (init?.method === "PUT" && String(input) === "/api/family/card-spending") {
      return answer(JSON.parse(String(init.body)).by);
    }
    return json(200, []);
  });
  vi.stubGlobal("fetch", fetchMock);
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT");
  return { puts };
}

function render(family: Family) {
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <CardSpendingSection family={family} />
        <Toaster />
      </QueryClientProvider>,
    ),
  );
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** The radio a visible label wraps. */
function radio(text: string): HTMLInputElement {
  const label = [...container.querySelectorAll("label")].find((l) => l.textContent === text);
  const found = label?.control;
  if (!(found instanceof HTMLInputElement)) throw new Error(`no radio labelled "${text}"`);
  return found;
}

const saveButton = () =>
  [...container.querySelectorAll("button")].find((b) => b.textContent === "Salvar");

async function save() {
  const button = saveButton();
  if (!button) throw new Error("no Save button");
  button.focus();
  await act(async () => button.click());
  await settle();
}

const current = () =>
  container.querySelector('[data-testid="card-spending-current"]')?.textContent ?? "";

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

describe("<CardSpendingSection />", () => {
  it("shows a member the family's choice and what it means, with nothing to change", () => {
    stubApi(() => json(500, {}));
    render(familyOf("member", "bill"));
    expect(container.querySelector("h2")?.textContent).toBe("Compras no cartão");
    expect(current()).toBe("No mês em que a fatura vence");
    expect(container.textContent).toContain(
      "Cada compra no cartão conta no mês em que a fatura dela vence: o mês em que a família paga.",
    );
    expect(container.textContent).toContain(
      "Só o proprietário da família pode mudar como contam as compras no cartão.",
    );
    expect(container.querySelectorAll("input, select, button")).toHaveLength(0);
  });

  it("lets the owner count by bill, with each choice explained, and says it was saved", async () => {
    const { puts } = stubApi((by) => json(200, familyOf("owner", by)));
    render(familyOf("owner"));
    expect(current()).toBe("Na data da compra");
    const byDate = radio("Na data da compra");
    const byBill = radio("No mês em que a fatura vence");
    expect(byDate.checked).toBe(true);
    expect(byBill.checked).toBe(false);
    // Each choice's one line, tied to its radio.
    const hintOf = (input: HTMLInputElement) =>
      document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(hintOf(byDate)).toBe("Cada compra conta no mês do orçamento da sua data.");
    expect(hintOf(byBill)).toBe(
      "Cada compra no cartão conta no mês em que a fatura dela vence: o mês em que a família paga.",
    );

    act(() => byBill.click());
    await save();
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({ by: "bill" });
    expect(document.body.textContent).toContain("Compras no cartão: escolha salva");
    expect(document.body.textContent).toContain("Cada compra conta: No mês em que a fatura vence.");
  });

  it("keeps the focus after the owner's own save, and follows a choice changed elsewhere", async () => {
    stubApi((by) => json(200, familyOf("owner", by)));
    render(familyOf("owner"));
    act(() => radio("No mês em que a fatura vence").click());
    await save();
    // The screen shows the family as answered (the family query, set from the answer).
    render(familyOf("owner", "bill"));
    expect(current()).toBe("No mês em que a fatura vence");
    expect(document.activeElement).toBe(saveButton());
    expect(radio("No mês em que a fatura vence").checked).toBe(true);

    // Another device goes back to the purchase date.
    render(familyOf("owner", "date"));
    expect(current()).toBe("Na data da compra");
    expect(radio("Na data da compra").checked).toBe(true);
  });

  it("shows the server's refusal in the person's language (the owner's role was just handed over)", async () => {
    stubApi(() =>
      json(403, {
        code: "only_owner",
        message: "Apenas o proprietário da família pode fazer isso",
      }),
    );
    render(familyOf("owner"));
    act(() => radio("No mês em que a fatura vence").click());
    await save();
    expect(document.body.textContent).toContain("Apenas o proprietário da família pode fazer isso");
  });

  it("speaks English and Spanish", () => {
    stubApi(() => json(500, {}));
    act(() => initI18n("en"));
    render(familyOf("owner", "bill"));
    expect(container.querySelector("h2")?.textContent).toBe("Card purchases");
    expect(radio("On the purchase date").checked).toBe(false);
    expect(radio("In the month the bill is due").checked).toBe(true);
    act(() => initI18n("es"));
    render(familyOf("member", "date"));
    expect(container.querySelector("h2")?.textContent).toBe("Compras con tarjeta");
    expect(current()).toBe("En la fecha de compra");
  });
});

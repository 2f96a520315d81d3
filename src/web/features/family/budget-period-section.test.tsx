// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type BudgetPeriodRule, CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { Family } from "../../../contract/family";
import { Toaster } from "../../components/ui/toaster";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { BudgetPeriodSection } from "./budget-period-section";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

const familyOf = (role: Family["role"], budgetPeriod: BudgetPeriodRule = CALENDAR_MONTH) => ({
  id: "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60",
  name: "Silva",
  ownerId: "6c1f0b7f-3a68-4b9f-8b1f-4d3c2e5f6a71",
  role,
  budgetPeriod,
  cardSpendingBy: "date" as const,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers the PUT with `answer(rule sent)`; every other call (the refetches) with an empty list. */
function stubApi(answer: (rule: BudgetPeriodRule) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (init?.method === "PUT" && String(input) === "/api/family/budget-period") {
      return answer(JSON.parse(String(init.body)));
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
        <BudgetPeriodSection family={family} />
        <Toaster />
      </QueryClientProvider>,
    ),
  );
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** The control a visible label names (a wrapping label or one pointing at it by `for`). */
function control<T extends HTMLElement>(text: string): T {
  const label = [...container.querySelectorAll("label")].find((l) => l.textContent === text);
  const found = label?.control;
  if (!found) throw new Error(`no control labelled "${text}"`);
  return found as unknown as T;
}

function choose(text: string) {
  act(() => control<HTMLInputElement>(text).click());
}

function select(label: string, optionText: string) {
  const element = control<HTMLSelectElement>(label);
  const option = [...element.options].find((o) => o.textContent === optionText);
  if (!option) throw new Error(`no option "${optionText}" in "${label}"`);
  act(() => {
    element.value = option.value;
    element.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** Types into a controlled input the way React sees it (through the native value setter). */
function type(label: string, value: string) {
  const input = control<HTMLInputElement>(label);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
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

const text = (testId: string) =>
  container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? "";

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  // 3 November 2026, a Tuesday (2 November, All Souls, was a holiday).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 3, 12, 0));
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
  vi.useRealTimers();
  resetToastsForTests();
});

describe("<BudgetPeriodSection />", () => {
  it("shows a member the rule and the current month's days, with nothing to change", () => {
    stubApi(() => json(500, {}));
    render(
      familyOf("member", { start: "business-day", day: 5, saturdays: true, closedDay: "stay" }),
    );
    expect(container.querySelector("h2")?.textContent).toBe("Mês do orçamento");
    expect(text("budget-period-rule")).toBe("5º dia útil (segunda a sábado)");
    // On 3 November the 5th business day of November (the 7th, Saturdays counted) is still to
    // come: today is in October's budget month.
    expect(text("budget-period-current")).toBe("Outubro de 2026: de 06/10/2026 a 06/11/2026");
    expect(container.textContent).toContain(
      "Só o proprietário da família pode mudar quando o mês começa.",
    );
    expect(container.querySelectorAll("input, select, button")).toHaveLength(0);
  });

  it("lets the owner pick the 5th business day, shows what it means, and sends that rule", async () => {
    const { puts } = stubApi((rule) => json(200, familyOf("owner", rule)));
    render(familyOf("owner"));
    expect(text("budget-period-rule")).toBe("Dia 1 (mês do calendário)");
    expect(text("budget-period-current")).toBe("Novembro de 2026: de 01/11/2026 a 30/11/2026");
    expect(control<HTMLInputElement>("Dia 1 (mês do calendário)").checked).toBe(true);

    choose("Nº dia útil");
    select("Qual dia útil", "5º dia útil");
    expect(control<HTMLInputElement>("Segunda a sexta").checked).toBe(true);
    expect(text("budget-period-preview")).toBe(
      "Começa: 5º dia útil (segunda a sexta)Com esta regra, o mês atual é Outubro de 2026: de 07/10/2026 a 08/11/2026.",
    );
    choose("Segunda a sábado");
    expect(text("budget-period-preview")).toBe(
      "Começa: 5º dia útil (segunda a sábado)Com esta regra, o mês atual é Outubro de 2026: de 06/10/2026 a 06/11/2026.",
    );

    await save();
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({
      start: "business-day",
      day: 5,
      saturdays: true,
      closedDay: "stay",
    });
    expect(document.body.textContent).toContain("Mês do orçamento salvo");
    expect(document.body.textContent).toContain("Começa: 5º dia útil (segunda a sábado).");
  });

  it("keeps the form and its focus after the owner's own save, and starts anew on a rule changed elsewhere", async () => {
    const sent = { start: "business-day", day: 5, saturdays: true, closedDay: "stay" } as const;
    stubApi((rule) => json(200, familyOf("owner", rule)));
    render(familyOf("owner"));
    choose("Nº dia útil");
    choose("Segunda a sábado");
    await save();
    // The screen shows the family as answered (the family query, set from the answer).
    render(familyOf("owner", sent));
    expect(text("budget-period-rule")).toBe("5º dia útil (segunda a sábado)");
    expect(document.activeElement).toBe(saveButton());
    expect(control<HTMLInputElement>("Segunda a sábado").checked).toBe(true);

    // Another device sets the 10th, while this one was choosing the last business day.
    choose("Último dia útil");
    render(familyOf("owner", { start: "fixed-day", day: 10, saturdays: false, closedDay: "stay" }));
    expect(control<HTMLInputElement>("Dia fixo").checked).toBe(true);
    expect(control<HTMLInputElement>("Dia do mês").value).toBe("10");
  });

  it("asks what a fixed day does on a weekend or holiday, and which days are business days only when it moves", async () => {
    const { puts } = stubApi((rule) => json(200, familyOf("owner", rule)));
    render(
      familyOf("owner", { start: "business-day", day: 5, saturdays: true, closedDay: "stay" }),
    );
    choose("Dia fixo");
    type("Dia do mês", "6");
    expect(control<HTMLSelectElement>("Se cair em fim de semana ou feriado").value).toBe("stay");
    expect(container.textContent).not.toContain("Dias úteis");
    expect(text("budget-period-preview")).toContain("Começa: Dia 6");
    select("Se cair em fim de semana ou feriado", "Antecipar para o dia útil anterior");
    // The week the owner chose for the business days before is kept.
    expect(control<HTMLInputElement>("Segunda a sábado").checked).toBe(true);
    choose("Segunda a sexta");
    // 6 December 2026 is a Sunday: that month starts on Friday the 4th.
    expect(text("budget-period-preview")).toBe(
      "Começa: Dia 6 — antecipa se cair em fim de semana ou feriadoCom esta regra, o mês atual é Outubro de 2026: de 06/10/2026 a 05/11/2026.",
    );
    await save();
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({
      start: "fixed-day",
      day: 6,
      saturdays: false,
      closedDay: "previous",
    });
  });

  it("checks the day with the contract's schema before sending anything", async () => {
    const { puts } = stubApi((rule) => json(200, familyOf("owner", rule)));
    render(familyOf("owner"));
    choose("Dia fixo");
    type("Dia do mês", "40");
    expect(text("budget-period-preview")).toBe("");
    await save();
    expect(puts()).toHaveLength(0);
    const day = control<HTMLInputElement>("Dia do mês");
    expect(day.getAttribute("aria-invalid")).toBe("true");
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Escolha um dia de 2 a 28, ou um dia útil do 1º ao 10º",
    );
    type("Dia do mês", "");
    await save();
    expect(puts()).toHaveLength(0);
    type("Dia do mês", "28");
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await save();
    expect(puts()).toHaveLength(1);
  });

  it("shows the server's refusal in the person's language (the owner's role was just handed over)", async () => {
    stubApi(() =>
      json(403, {
        code: "only_owner",
        message: "Apenas o proprietário da família pode fazer isso",
      }),
    );
    render(familyOf("owner"));
    choose("Último dia útil");
    await save();
    expect(document.body.textContent).toContain("Apenas o proprietário da família pode fazer isso");
  });
});

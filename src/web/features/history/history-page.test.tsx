// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { Family } from "../../../contract/family";
import type { HistoryEntry, HistoryPage as Page } from "../../../contract/history";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { HistoryPage } from "./history-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

const owner = "6c1f0b7f-3a68-4b9f-8b1f-4d3c2e5f6a71";
const family: Family = {
  id: "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60",
  name: "Silva",
  ownerId: owner,
  role: "member",
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date" as const,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

/** The entry the server records when the owner changes the rule (docs/product.md#budget-periods). */
const ruleChanged = (before: string, after: string): HistoryEntry => ({
  id: "11111111-1111-4111-8111-111111111111",
  kind: "family",
  action: "changed",
  actorUserId: owner,
  actorName: "Ana",
  subjectId: family.id,
  subjectLabel: family.name,
  changes: [{ field: "budgetPeriod", before, after }],
  createdAt: "2026-11-03T12:00:00.000Z",
  restorable: false,
  restoredAt: null,
  private: false,
});

/** Answers the family, its people and one history page; records the history's addresses. */
function stubApi(page: Page) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === "/api/family") return json(family);
      if (url.startsWith("/api/family/history")) {
        asked.push(url);
        return json(page);
      }
      return json([]);
    }),
  );
  return asked;
}

async function open(language: "pt" | "en" | "es", page: Page) {
  initI18n(language);
  const asked = stubApi(page);
  const location = memoryLocation({ path: "/family/history" });
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <HistoryPage />
        </Router>
      </QueryClientProvider>,
    ),
  );
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return asked;
}

const entryText = () =>
  container.querySelector("ul li")?.textContent?.replace(/\s+/g, " ").trim() ?? "";

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("<HistoryPage /> and the family's budget month", () => {
  it("words a change of the rule in the reader's language, from its codes", async () => {
    await open("pt", {
      items: [ruleChanged("first-day", "business-day:5:mon-sat")],
      nextCursor: null,
    });
    const text = entryText();
    expect(text).toContain("Configurações da família");
    expect(text).toContain("Ana mudou quando começa o mês do orçamento");
    expect(text).toContain(
      "Mês do orçamentode Dia 1 (mês do calendário) para 5º dia útil (segunda a sábado)",
    );
  });

  it("words it in English too", async () => {
    await open("en", {
      items: [ruleChanged("business-day:5:mon-sat", "fixed-day:6:previous:mon-fri")],
      nextCursor: null,
    });
    expect(entryText()).toContain(
      "Budget monthfrom 5th business day (Monday to Saturday) to Day 6 — earlier if it falls on a weekend or holiday",
    );
  });

  it("shows a code it does not know as it is", async () => {
    await open("pt", { items: [ruleChanged("first-day", "payday:99")], nextCursor: null });
    expect(entryText()).toContain("de Dia 1 (mês do calendário) para payday:99");
  });

  it("filters by the family's settings", async () => {
    const asked = await open("pt", { items: [], nextCursor: null });
    const kind = [...container.querySelectorAll("select")].find((select) =>
      [...select.options].some((option) => option.value === "family"),
    );
    if (!kind) throw new Error("no kind filter with the family's settings");
    const option = [...kind.options].find((o) => o.value === "family");
    expect(option?.textContent).toBe("Configurações da família");
    await act(async () => {
      kind.value = "family";
      kind.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await act(async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(asked.at(-1)).toBe("/api/family/history?kind=family");
  });
});

/** The entry the server records when the owner changes how card purchases count. */
const cardSpendingChanged = (before: string, after: string): HistoryEntry => ({
  ...ruleChanged("first-day", "first-day"),
  changes: [{ field: "cardSpendingBy", before, after }],
});

describe("<HistoryPage /> and how card purchases count", () => {
  it("says the owner changed it, and from which choice to which", async () => {
    await open("pt", { items: [cardSpendingChanged("date", "bill")], nextCursor: null });
    const text = entryText();
    expect(text).toContain("Configurações da família");
    expect(text).toContain("Ana mudou como contam as compras no cartão");
    expect(text).toContain(
      "Compras no cartãode Na data da compra para No mês em que a fatura vence",
    );
  });

  it("words it in English and Spanish too", async () => {
    await open("en", { items: [cardSpendingChanged("bill", "date")], nextCursor: null });
    expect(entryText()).toContain("Ana changed how card purchases count");
    expect(entryText()).toContain(
      "Card purchasesfrom In the month the bill is due to On the purchase date",
    );
    act(() => root.unmount());
    root = createRoot(container);
    await open("es", { items: [cardSpendingChanged("date", "bill")], nextCursor: null });
    expect(entryText()).toContain(
      "Compras con tarjetade En la fecha de compra a En el mes en que vence el resumen",
    );
  });
});

/** A bill payment made or undone, as the card bills' service records it. */
const billPayment = (action: "created" | "deleted"): HistoryEntry => ({
  id: "22222222-2222-4222-8222-222222222222",
  kind: "cardBill",
  action,
  actorUserId: owner,
  actorName: "Ana",
  subjectId: "33333333-3333-4333-8333-333333333333",
  subjectLabel: "Nubank",
  changes: [
    {
      field: "bill",
      before: action === "deleted" ? "2026-12-03" : null,
      after: action === "created" ? "2026-12-03" : null,
    },
    { field: "amount", before: null, after: action === "created" ? "3600.00" : null },
  ],
  createdAt: "2026-12-05T12:00:00.000Z",
  restorable: false,
  restoredAt: null,
  private: false,
});

describe("<HistoryPage /> and a card's bills", () => {
  it("says a payment was made, with the bill named by its month", async () => {
    await open("pt", { items: [billPayment("created")], nextCursor: null });
    const text = entryText();
    expect(text).toContain("Faturas");
    expect(text).toContain("Ana pagou a fatura do cartão “Nubank”");
    expect(text).toContain("Faturadezembro de 2026");
    expect(text).toContain("ValorR$ 3.600,00");
  });

  it("says a payment was undone, in English, with the bill's month from its date alone", async () => {
    // The 1st of a month read through a time zone west of UTC would be the month before.
    const undone = billPayment("deleted");
    undone.changes = [{ field: "bill", before: "2027-01-01", after: null }];
    await open("en", { items: [undone], nextCursor: null });
    const text = entryText();
    expect(text).toContain("Card bills");
    expect(text).toContain("Ana undid a payment of the “Nubank” card's bill");
    expect(text).toContain("BillJanuary 2027");
  });

  it("says which bill a card purchase was moved from and to", async () => {
    const moved: HistoryEntry = {
      ...billPayment("created"),
      kind: "expense",
      action: "changed",
      subjectLabel: "Geladeira",
      changes: [{ field: "bill", before: "2026-12-03", after: "2027-01-03" }],
    };
    await open("pt", { items: [moved], nextCursor: null });
    expect(entryText()).toContain("Faturade dezembro de 2026 para janeiro de 2027");
  });

  it("filters by the bills' payments", async () => {
    await open("es", { items: [], nextCursor: null });
    const option = container.querySelector<HTMLOptionElement>('option[value="cardBill"]');
    expect(option?.textContent).toBe("Resúmenes de tarjeta");
  });
});

/** An expense's "Para quem" changed, as the expense writes record it. */
const forWhomChanged = (before: string | null, after: string | null): HistoryEntry => ({
  ...ruleChanged("first-day", "first-day"),
  kind: "expense",
  subjectLabel: "Mercado",
  changes: [{ field: "forWhom", before, after }],
});

/** The owner's default split set from a date on, or removed. */
const splitRuleSet = (before: string | null, after: string | null): HistoryEntry => ({
  ...ruleChanged("first-day", "first-day"),
  changes: [
    { field: "startDate", before: null, after: "2026-12-01" },
    { field: "splitRule", before, after },
  ],
});

describe("<HistoryPage /> and for whom an expense is", () => {
  it("names the family's split, one member, and shares in the reader's money and decimals", async () => {
    await open("pt", {
      items: [forWhomChanged(null, "Ana Souza 33.33% · Léo Souza 66.67%")],
      nextCursor: null,
    });
    expect(entryText()).toContain("Para quemde Família para Ana Souza 33,33% · Léo Souza 66,67%");
    act(() => root.unmount());
    root = createRoot(container);
    await open("en", {
      items: [forWhomChanged("Ana Souza 120.00 · Léo Souza 80.00", "Léo Souza")],
      nextCursor: null,
    });
    expect(entryText()).toContain("For whomfrom Ana Souza $120.00 · Léo Souza $80.00 to Léo Souza");
    act(() => root.unmount());
    root = createRoot(container);
    await open("es", { items: [forWhomChanged("Léo Souza", null)], nextCursor: null });
    expect(entryText()).toContain("Para quiénde Léo Souza a Familia");
  });

  it("says the owner set a default split from a date, and when one was removed", async () => {
    await open("pt", { items: [splitRuleSet(null, "Ana 5000 · Léo 3000")], nextCursor: null });
    expect(entryText()).toContain("Ana mudou a divisão padrão");
    expect(entryText()).toContain("Início01/12/2026");
    expect(entryText()).toContain("Divisão padrãoProporcional: Ana 5000 · Léo 3000");
    act(() => root.unmount());
    root = createRoot(container);
    await open("en", { items: [splitRuleSet("Ana 1 · Léo 1", null)], nextCursor: null });
    expect(entryText()).toContain("Default splitfrom Proportional: Ana 1 · Léo 1 to Equal");
    act(() => root.unmount());
    root = createRoot(container);
    const removed = {
      ...splitRuleSet(null, null),
      changes: [{ field: "startDate" as const, before: "2026-12-01", after: null }],
    };
    await open("es", { items: [removed], nextCursor: null });
    expect(entryText()).toContain("Ana quitó un reparto predeterminado");
    expect(entryText()).toContain("Inicio01/12/2026");
  });
});

/** A settlement recorded or undone, as the settlements' service records it. */
const settlement = (
  action: "created" | "deleted",
  actorName: string,
  method = "pix",
): HistoryEntry => {
  const fields = {
    paidBy: "Léo",
    member: "Ana",
    amount: "80.00",
    date: "2026-12-05",
    settlementMethod: method,
  };
  return {
    ...ruleChanged("first-day", "first-day"),
    kind: "settlement",
    action,
    actorName,
    subjectLabel: "Léo → Ana",
    changes: Object.entries(fields).map(([field, value]) => ({
      field: field as keyof typeof fields,
      before: action === "deleted" ? value : null,
      after: action === "created" ? value : null,
    })),
  };
};

describe("<HistoryPage /> and settlements", () => {
  it("says who paid whom back, how much and how, and keeps only the day below", async () => {
    await open("pt", { items: [settlement("created", "Léo")], nextCursor: null });
    const text = entryText();
    expect(text).toContain("Acertos");
    expect(text).toContain("Léo acertou R$ 80,00 com Ana (PIX)");
    expect(text).toContain("Data05/12/2026");
    expect(text).not.toContain("Pago por");
    expect(text).not.toContain("Valor");
  });

  it("says who recorded one for someone else, and who undid one, in every language", async () => {
    await open("pt", { items: [settlement("created", "Ana", "cash")], nextCursor: null });
    expect(entryText()).toContain("Ana registrou que Léo acertou R$ 80,00 com Ana (dinheiro)");
    act(() => root.unmount());
    root = createRoot(container);
    await open("pt", { items: [settlement("deleted", "Ana")], nextCursor: null });
    expect(entryText()).toContain("Ana desfez o acerto em que Léo pagou R$ 80,00 a Ana (PIX)");
    act(() => root.unmount());
    root = createRoot(container);
    await open("en", { items: [settlement("created", "Léo", "transfer")], nextCursor: null });
    expect(entryText()).toContain("Léo settled $80.00 with Ana (transfer)");
    expect(entryText()).toContain("Settlements");
    act(() => root.unmount());
    root = createRoot(container);
    await open("en", { items: [settlement("deleted", "Léo", "other")], nextCursor: null });
    expect(entryText()).toContain(
      "Léo undid the settlement in which Léo paid Ana $80.00 (another way)",
    );
    act(() => root.unmount());
    root = createRoot(container);
    await open("es", { items: [settlement("created", "Ana")], nextCursor: null });
    expect(entryText()).toContain("Ana registró que Léo saldó $80.00 con Ana (Pix)");
  });

  it("filters by settlements", async () => {
    await open("pt", { items: [], nextCursor: null });
    const option = container.querySelector<HTMLOptionElement>('option[value="settlement"]');
    expect(option?.textContent).toBe("Acertos");
  });
});

/** An expense's entry as its author reads it, and as the server sends it to everyone else. */
const privateEntry = (action: HistoryEntry["action"], own: boolean): HistoryEntry => ({
  ...ruleChanged("first-day", "first-day"),
  id: `4444444${["created", "changed", "deleted", "restored"].indexOf(action)}-4444-4444-8444-444444444444`,
  kind: "expense",
  action,
  private: true,
  ...(own
    ? {
        subjectLabel: "Presente surpresa",
        changes: [{ field: "amount", before: "120.00", after: "150.00" }],
      }
    : { actorUserId: null, actorName: null, subjectLabel: null, changes: [], restorable: false }),
});

describe("<HistoryPage /> and private expenses", () => {
  it("says only that another member's private expense changed: no name, no fields, nothing to restore", async () => {
    const actions = ["created", "changed", "deleted", "restored"] as const;
    await open("pt", {
      items: actions.map((action) => privateEntry(action, false)),
      nextCursor: null,
    });
    const items = [...container.querySelectorAll("ul li")];
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Um gasto privado foi adicionado",
      "Um gasto privado foi alterado",
      "Um gasto privado foi excluído",
      "Um gasto privado foi restaurado",
    ]);
    for (const item of items) {
      expect(item.querySelector("dl")).toBeNull();
      expect(item.querySelector("button")).toBeNull();
      expect(item.textContent).not.toMatch(/Ana|lançado|Privado/);
    }
  });

  it("reads its author's own entries in full, marked 'Private'", async () => {
    await open("en", { items: [privateEntry("changed", true)], nextCursor: null });
    const text = entryText();
    expect(text).toContain("Ana changed the expense “Presente surpresa”");
    expect(text).toContain("Amountfrom $120.00 to $150.00");
    expect(container.querySelector('[data-testid="private-mark"]')?.textContent).toBe("Private");
  });
});

/** An income's entry as the incomes' write door records it. */
const incomeEntry = (
  action: "created" | "changed" | "deleted",
  actorName: string | null,
  changes: HistoryEntry["changes"],
): HistoryEntry => ({
  ...ruleChanged("first-day", "first-day"),
  kind: "income",
  action,
  actorName,
  actorUserId: actorName ? "55555555-5555-4555-8555-555555555555" : null,
  subjectLabel: "Salário",
  changes,
});

describe("<HistoryPage /> and income", () => {
  it("reads an income's entries as sentences, its kind and account in the reader's words", async () => {
    await open("pt", {
      items: [
        incomeEntry("created", "Ana", [
          { field: "amount", before: null, after: "5000.00" },
          { field: "incomeKind", before: null, after: "thirteenth" },
          { field: "receivedBy", before: null, after: "Ana" },
          { field: "paymentMethod", before: null, after: "Nubank" },
        ]),
      ],
      nextCursor: null,
    });
    const text = entryText();
    expect(text).toContain("Ana registrou a receita “Salário”");
    expect(text).toContain("Receitas");
    expect(text).toContain("Tipo de receita13º salário");
    expect(text).toContain("Recebido porAna");
    expect(text).toContain("ContaNubank");
    expect(text).toContain("R$ 5.000,00");
  });

  it("says who changed or deleted one, or that a recurring rule recorded it, in every language", async () => {
    const cases = [
      ["en", incomeEntry("changed", "Léo", []), "Léo changed the income “Salário”"],
      ["es", incomeEntry("deleted", "Ana", []), "Ana eliminó el ingreso “Salário”"],
      ["pt", incomeEntry("created", null, []), "A receita recorrente “Salário” foi registrada"],
    ] as const;
    for (const [language, entry, sentence] of cases) {
      await open(language, { items: [entry], nextCursor: null });
      expect(entryText()).toContain(sentence);
      act(() => root.unmount());
      root = createRoot(container);
    }
  });

  it("says only that another member's private income changed", async () => {
    await open("pt", {
      items: [
        {
          ...incomeEntry("created", null, []),
          private: true,
          subjectLabel: null,
          restorable: false,
        },
      ],
      nextCursor: null,
    });
    expect(container.querySelector("ul li p")?.textContent).toBe(
      "Uma receita privada foi registrada",
    );
  });

  it("filters by income", async () => {
    await open("pt", { items: [], nextCursor: null });
    const option = container.querySelector<HTMLOptionElement>('option[value="income"]');
    expect(option?.textContent).toBe("Receitas");
  });
});

describe("<HistoryPage /> and transfers", () => {
  const transfer = (action: "created" | "deleted"): HistoryEntry => {
    const fields = {
      fromAccount: "Itaú conta",
      toAccount: "Poupança",
      amount: "500.00",
      date: "2026-12-05",
      note: "Reserva",
    };
    return {
      ...ruleChanged("first-day", "first-day"),
      kind: "transfer",
      action,
      actorName: "Ana",
      subjectLabel: "Itaú conta → Poupança",
      changes: Object.entries(fields).map(([field, value]) => ({
        field: field as keyof typeof fields,
        before: action === "deleted" ? value : null,
        after: action === "created" ? value : null,
      })),
    };
  };

  it("says who moved money between which accounts, how much, when and why, and who undid it", async () => {
    await open("pt", { items: [transfer("created")], nextCursor: null });
    const text = entryText();
    expect(text).toContain("Transferências");
    expect(text).toContain("Ana registrou uma transferência: Itaú conta → Poupança");
    expect(text).toContain("DeItaú conta");
    expect(text).toContain("ParaPoupança");
    expect(text).toContain("ValorR$ 500,00");
    expect(text).toContain("Data05/12/2026");
    expect(text).toContain("ObservaçãoReserva");
    act(() => root.unmount());
    root = createRoot(container);
    await open("en", { items: [transfer("deleted")], nextCursor: null });
    expect(entryText()).toContain("Ana undid the transfer Itaú conta → Poupança");
    expect(entryText()).toContain("Amount$500.00");
  });
});

/** A category rule's entry, as the rules' service records it (docs/product.md#category-rules). */
const categoryRule = (
  action: "created" | "changed" | "deleted",
  changes: HistoryEntry["changes"],
): HistoryEntry => ({
  ...ruleChanged("first-day", "first-day"),
  kind: "categoryRule",
  action,
  subjectLabel: "CARREFOUR",
  changes,
});

describe("<HistoryPage /> and category rules", () => {
  it("says a rule was made, with its kind of match in the reader's words and its category", async () => {
    await open("pt", {
      items: [
        categoryRule("created", [
          { field: "matchKind", before: null, after: "startsWith" },
          { field: "pattern", before: null, after: "CARREFOUR" },
          { field: "category", before: null, after: "Mercado" },
          { field: "minAmount", before: null, after: "10.00" },
        ]),
      ],
      nextCursor: null,
    });
    const text = entryText();
    expect(text).toContain("Regras de categoria");
    expect(text).toContain("Ana criou a regra “CARREFOUR”");
    expect(text).toContain("Condiçãocomeça com");
    expect(text).toContain("TextoCARREFOUR");
    expect(text).toContain("CategoriaMercado");
    expect(text).toContain("Valor mínimoR$ 10,00");
  });

  it("says which change, and which deletion, in English and Spanish", async () => {
    await open("en", {
      items: [
        categoryRule("changed", [
          { field: "matchKind", before: "contains", after: "matches" },
          { field: "category", before: "Mercado", after: "Casa" },
        ]),
      ],
      nextCursor: null,
    });
    expect(entryText()).toContain("Ana changed the rule “CARREFOUR”");
    expect(entryText()).toContain("Conditionfrom contains to matches the pattern");
    expect(entryText()).toContain("Categoryfrom Mercado to Casa");
    act(() => root.unmount());
    root = createRoot(container);
    await open("es", {
      items: [categoryRule("deleted", [{ field: "pattern", before: "CARREFOUR", after: null }])],
      nextCursor: null,
    });
    expect(entryText()).toContain("Ana eliminó la regla “CARREFOUR”");
    expect(entryText()).toContain("Reglas de categoría");
  });

  it("says how many past expenses a rule was applied to, in the sentence alone", async () => {
    await open("pt", {
      items: [categoryRule("changed", [{ field: "appliedTo", before: null, after: 37 }])],
      nextCursor: null,
    });
    expect(entryText()).toContain("Ana aplicou a regra “CARREFOUR” a 37 gastos anteriores");
    expect(container.querySelector("ul li dl")).toBeNull();
    act(() => root.unmount());
    root = createRoot(container);
    await open("en", {
      items: [categoryRule("changed", [{ field: "appliedTo", before: null, after: 1 }])],
      nextCursor: null,
    });
    expect(entryText()).toContain("Ana applied the rule “CARREFOUR” to 1 earlier expense");
  });

  it("filters by category rules", async () => {
    await open("pt", { items: [], nextCursor: null });
    const option = container.querySelector<HTMLOptionElement>('option[value="categoryRule"]');
    expect(option?.textContent).toBe("Regras de categoria");
  });
});

/** A savings goal's entry, as the goals' service records it (docs/product.md#caixinhas-savings-goals). */
const goalEntry = (
  action: "created" | "changed" | "deleted",
  changes: HistoryEntry["changes"],
): HistoryEntry => ({
  ...ruleChanged("first-day", "first-day"),
  kind: "goal",
  action,
  subjectLabel: "IPVA 2027",
  changes,
});

describe("<HistoryPage /> and savings goals", () => {
  it("says a goal was made, with its target as money and its month's day as a date", async () => {
    await open("pt", {
      items: [
        goalEntry("created", [
          { field: "name", before: null, after: "IPVA 2027" },
          { field: "targetAmount", before: null, after: "2400.00" },
          { field: "targetDate", before: null, after: "2027-03-31" },
        ]),
      ],
      nextCursor: null,
    });
    const text = entryText();
    expect(text).toContain("Caixinhas");
    expect(text).toContain("Ana criou a caixinha “IPVA 2027”");
    expect(text).toContain("MetaR$ 2.400,00");
    expect(text).toContain("Até31/03/2027");
  });

  it("says what was put in, taken out or undone, by the contribution's amount", async () => {
    await open("pt", {
      items: [goalEntry("created", [{ field: "amount", before: null, after: "120.00" }])],
      nextCursor: null,
    });
    expect(entryText()).toContain("Ana guardou R$ 120,00 na caixinha “IPVA 2027”");
    act(() => root.unmount());
    root = createRoot(container);
    await open("en", {
      items: [goalEntry("created", [{ field: "amount", before: null, after: "-50.00" }])],
      nextCursor: null,
    });
    expect(entryText()).toContain("Ana took $50.00 out of the goal “IPVA 2027”");
    act(() => root.unmount());
    root = createRoot(container);
    await open("es", {
      items: [goalEntry("deleted", [{ field: "amount", before: "120.00", after: null }])],
      nextCursor: null,
    });
    expect(entryText()).toContain("deshizo un movimiento de");
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Expense } from "../../../contract/expenses";
import type { FamilyPerson } from "../../../contract/family";
import { currentUserQueryKey } from "../../api/auth/get-current-user";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { enterValue, labelledControl, requiredControl } from "../../testing/form-controls";
import { testUser } from "../../testing/test-user";
import { ExpenseEditDialog } from "./expense-edit-dialog";
import { ExpenseForm } from "./expense-form";
import { ExpenseList } from "./expense-list";

// The device's queue (docs/product.md#offline-expense-queue) without IndexedDB: what it is given.
const queued = vi.hoisted(() => [] as unknown[]);
vi.mock("../../offline/browser-queue", async (original) => ({
  ...(await original<typeof import("../../offline/browser-queue")>()),
  queueExpense: async (_userId: string, input: unknown) => {
    queued.push(input);
  },
}));

/**
 * What the screens decide about private expenses (docs/product.md#private-expenses): "Privado" in
 * the form and the edit dialog (its author's alone, never an installment's), and another member's
 * private expense as "Gasto privado" with its amount and nothing to open.
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ana = testUser.id;
const leo = "6c1f0b7f-3a68-4b9f-8b1f-4d3c2e5f6a71";
const category = "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60";

const person = (userId: string, name: string): FamilyPerson => ({
  userId,
  name,
  firstName: null,
  lastName: null,
  email: null,
  profileImageUrl: null,
  isMember: true,
});
const couple = [person(ana, "Ana Souza"), person(leo, "Léo Souza")];

const expense = (patch: Partial<Expense>): Expense => ({
  id: "11111111-1111-4111-8111-111111111111",
  familyId: "22222222-2222-4222-8222-222222222222",
  description: "Mercado",
  amount: "80.00",
  categoryId: category,
  addedByUserId: ana,
  paidByUserId: ana,
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
  ...patch,
});

/** Léo's private expense as the server sends it to Ana: its amount and date, nothing else. */
const leosPrivate = expense({
  id: "33333333-3333-4333-8333-333333333333",
  description: "",
  amount: "150.00",
  categoryId: null,
  addedByUserId: null,
  paidByUserId: null,
  split: { mode: "private" },
  private: true,
  date: "2026-03-12",
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let container: HTMLDivElement;
let root: Root;
let sent: { method: string; url: string; body: Record<string, unknown> }[];

/** The family's people and a page of `listed`; a write answers 400 with `refusal`, or 2xx. */
function stubApi(people: FamilyPerson[], listed: Expense[] = [], refusal?: unknown) {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (method !== "GET") {
        sent.push({ method, url, body: JSON.parse(String(init?.body ?? "{}")) });
        return refusal ? json(400, refusal) : json(method === "POST" ? 201 : 200, listed[0] ?? {});
      }
      if (url === "/api/family/people") return json(200, people);
      if (url === "/api/family/split-rules") return json(200, { rules: [] });
      if (url === "/api/categories") {
        return json(200, [{ id: category, name: "Mercado", color: "#16a34a", isActive: true }]);
      }
      if (url.startsWith("/api/expenses/page")) {
        return json(200, {
          items: listed,
          nextCursor: null,
          totals: { count: listed.length, amount: "0.00" },
        });
      }
      return json(200, []);
    }),
  );
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function render(node: ReactNode) {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path: "/expenses" }).hook}>{node}</Router>
      </QueryClientProvider>,
    ),
  );
  await settle();
}

const field = labelledControl;
const required = requiredControl;

async function enter(element: HTMLInputElement | HTMLSelectElement, value: string) {
  await enterValue(element, value);
  await settle();
}

async function click(element: HTMLElement | null | undefined) {
  if (!element) throw new Error("nothing to click");
  await act(async () => element.click());
  await settle();
}

const button = (name: string) =>
  [...document.querySelectorAll("button")].find((b) => b.textContent === name);

const hintOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

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

describe("'Privado' in the expense form", () => {
  it("is not offered in a family of one", async () => {
    stubApi([person(ana, "Ana Souza")]);
    await render(<ExpenseForm />);
    expect(required("Pago por")).not.toBeNull();
    expect(field("Privado")).toBeNull();
  });

  it("starts off; on, hides 'Pago por' and 'Para quem' and sends private without payer or split", async () => {
    stubApi(couple);
    await render(<ExpenseForm />);
    const privado = required<HTMLInputElement>("Privado");
    expect(privado.checked).toBe(false);
    expect(field("Pago por")).not.toBeNull();
    expect(field("Para quem")).not.toBeNull();
    expect(field("Parcelado")).not.toBeNull();
    // A split chosen before, and a payer: both give way to the author's own.
    await enter(required<HTMLSelectElement>("Pago por"), leo);
    await enter(required<HTMLSelectElement>("Para quem"), leo);

    await click(privado);
    expect(field("Pago por")).toBeNull();
    expect(field("Para quem")).toBeNull();
    expect(field("Parcelado")).not.toBeNull();
    expect(hintOf(privado)).toContain("Só eu vejo a descrição, a categoria e quem pagou");
    expect(hintOf(privado)).toContain("Pago por mim e só meu");

    await enter(required<HTMLInputElement>("Descrição"), "Presente surpresa");
    await enter(required<HTMLInputElement>("Valor"), "150,00");
    await enter(required<HTMLSelectElement>("Categoria"), category);
    await click(button("Adicionar Gasto"));
    // Validation may load its schemas after the click's ticks on a busy machine.
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    expect(sent[0]?.body).toMatchObject({ description: "Presente surpresa", private: true });
    expect(sent[0]?.body).not.toHaveProperty("paidByUserId");
    expect(sent[0]?.body).not.toHaveProperty("split");
    // Saved, the next expense is shared again unless chosen.
    expect(required<HTMLInputElement>("Privado").checked).toBe(false);
  });

  it("is kept with the expense waiting on the device when offline", async () => {
    stubApi(couple);
    queued.length = 0;
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await render(<ExpenseForm />);
    await click(required<HTMLInputElement>("Privado"));
    await enter(required<HTMLInputElement>("Descrição"), "Presente surpresa");
    await enter(required<HTMLInputElement>("Valor"), "150,00");
    await enter(required<HTMLSelectElement>("Categoria"), category);
    await click(button("Adicionar Gasto"));
    // The form validates before it saves, which a loaded machine may finish after the click's
    // ticks: the browser stays offline until the expense is queued.
    await vi.waitFor(() => expect(queued).toHaveLength(1), { timeout: 5000 });
    vi.restoreAllMocks();
    expect(sent).toEqual([]);
    expect(queued).toEqual([
      {
        description: "Presente surpresa",
        amount: "150.00",
        categoryId: category,
        date: expect.any(String),
        private: true,
      },
    ]);
  });

  it("with 'Parcelado', makes the whole purchase private: sent once, without payer or split", async () => {
    stubApi(couple);
    await render(<ExpenseForm />);
    await enter(required<HTMLSelectElement>("Pago por"), leo);
    await click(required<HTMLInputElement>("Parcelado"));
    await click(required<HTMLInputElement>("Privado"));
    expect(field("Pago por")).toBeNull();
    expect(field("Para quem")).toBeNull();
    await enter(required<HTMLInputElement>("Descrição"), "Presente em 3x");
    await enter(required<HTMLInputElement>("Valor total"), "300,00");
    await enter(required<HTMLInputElement>("Número de parcelas"), "3");
    await enter(required<HTMLSelectElement>("Categoria"), category);
    await click(button("Adicionar Gasto"));
    // Validation may load its schemas after the click's ticks on a busy machine.
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    expect(sent[0]?.url).toBe("/api/installments");
    expect(sent[0]?.body).toMatchObject({ description: "Presente em 3x", private: true, count: 3 });
    expect(sent[0]?.body).not.toHaveProperty("paidByUserId");
    expect(sent[0]?.body).not.toHaveProperty("split");
  });

  it("sends nothing of it when off", async () => {
    stubApi(couple);
    await render(<ExpenseForm />);
    await enter(required<HTMLInputElement>("Descrição"), "Feira");
    await enter(required<HTMLInputElement>("Valor"), "20");
    await enter(required<HTMLSelectElement>("Categoria"), category);
    await click(button("Adicionar Gasto"));
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    expect(sent[0]?.body).not.toHaveProperty("private");
  });

  it("shows the server's translated refusal under it", async () => {
    stubApi(couple, [], {
      code: "validation_error",
      message: "Alguns campos são inválidos.",
      errors: [{ path: "private", message: "Um gasto privado é pago por quem o adiciona" }],
    });
    await render(<ExpenseForm />);
    const privado = required<HTMLInputElement>("Privado");
    await click(privado);
    await enter(required<HTMLInputElement>("Descrição"), "Presente");
    await enter(required<HTMLInputElement>("Valor"), "10");
    await enter(required<HTMLSelectElement>("Categoria"), category);
    await click(button("Adicionar Gasto"));
    await vi.waitFor(() => expect(privado.getAttribute("aria-invalid")).toBe("true"), {
      timeout: 5000,
    });
    expect(hintOf(privado)).toContain("Um gasto privado é pago por quem o adiciona");
  });
});

describe("'Privado' in the edit dialog", () => {
  const open = (shown: Expense) =>
    render(<ExpenseEditDialog expense={shown} onOpenChange={() => {}} />);

  it("is offered to the expense's author, and making it private sends only that", async () => {
    stubApi(couple);
    await open(expense({ paidByUserId: leo }));
    const privado = required<HTMLInputElement>("Privado");
    expect(privado.checked).toBe(false);
    await click(privado);
    expect(field("Pago por")).toBeNull();
    expect(field("Para quem")).toBeNull();
    await click(button("Salvar"));
    expect(sent).toEqual([
      { method: "PATCH", url: `/api/expenses/${expense({}).id}`, body: { private: true } },
    ]);
  });

  it("shows its author's private expense checked, and shares it again", async () => {
    stubApi(couple);
    await open(expense({ private: true, split: { mode: "one", userId: ana } }));
    const privado = required<HTMLInputElement>("Privado");
    expect(privado.checked).toBe(true);
    expect(field("Pago por")).toBeNull();
    await click(privado);
    // Shared again, it is still for its author until they choose otherwise.
    expect(required<HTMLSelectElement>("Para quem").value).toBe(ana);
    await click(button("Salvar"));
    expect(sent[0]?.body).toEqual({ private: false });
  });

  it("is not offered on another member's expense, nor on an installment", async () => {
    stubApi(couple);
    await open(expense({ addedByUserId: leo }));
    expect(field("Descrição")).not.toBeNull();
    expect(field("Privado")).toBeNull();
    act(() => root.unmount());
    root = createRoot(container);
    await open(
      expense({
        seriesId: "44444444-4444-4444-8444-444444444444",
        installment: 2,
        installmentCount: 3,
      }),
    );
    expect(field("Descrição")).not.toBeNull();
    expect(field("Privado")).toBeNull();
    // An installment of a private purchase: private with it, paid by and for its author.
    act(() => root.unmount());
    root = createRoot(container);
    await open(
      expense({
        seriesId: "44444444-4444-4444-8444-444444444444",
        installment: 2,
        installmentCount: 3,
        private: true,
        split: { mode: "one", userId: ana },
      }),
    );
    expect(field("Descrição")).not.toBeNull();
    expect(field("Privado")).toBeNull();
    expect(field("Pago por")).toBeNull();
    expect(field("Para quem")).toBeNull();
  });
});

describe("the Expenses list", () => {
  beforeEach(() => {
    // A phone's cards; the table says the same in its cells.
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    // The window virtualiser scrolls to its first row; jsdom has no scrolling.
    window.scrollTo = () => {};
  });

  it("shows another member's private expense as 'Gasto privado' with its amount and date, and nothing to open", async () => {
    const own = expense({
      id: "55555555-5555-4555-8555-555555555555",
      description: "Presente surpresa",
      private: true,
      split: { mode: "one", userId: ana },
    });
    stubApi(couple, [leosPrivate, own]);
    await render(<ExpenseList />);
    const cards = [...container.querySelectorAll("li")];
    expect(cards).toHaveLength(2);
    const [hidden, mine] = cards as [HTMLLIElement, HTMLLIElement];
    const said = hidden.textContent?.replace(/\s/g, " ");
    expect(said).toBe("Gasto privadoR$ 150,0012/03/2026");
    expect(hidden.querySelector("svg.lucide-lock")).not.toBeNull();
    expect(hidden.querySelectorAll("button")).toHaveLength(0);
    // Its author's own: in full, marked, with its edit and delete.
    expect(mine.textContent).toContain("Presente surpresa");
    expect(mine.querySelector('[data-testid="private-mark"]')?.textContent).toBe("Privado");
    expect(mine.querySelector('[data-testid="split-label"]')).toBeNull();
    expect([...mine.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"))).toEqual([
      "Editar Presente surpresa",
      "Excluir Presente surpresa",
    ]);
  });
});

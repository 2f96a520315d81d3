// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Goal } from "../../../contract/goals";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { currentUserQueryKey } from "../../api/auth/get-current-user";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { enterValue, requiredControl } from "../../testing/form-controls";
import { testUser } from "../../testing/test-user";
import { ContributionDialog } from "./contribution-dialog";
import { GoalDialog } from "./goal-dialog";

/**
 * The goal's dialogs (docs/product.md#caixinhas-savings-goals) as a person types into them in
 * Portuguese: the amounts with a decimal comma, the month, the account, and the server's refusal
 * under its field.
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const account = (id: string, name: string): PaymentMethod => ({
  id,
  familyId: "99999999-9999-4999-8999-999999999999",
  kind: "checking",
  name,
  ownerUserId: null,
  closingDay: null,
  dueDay: null,
  creditLimit: null,
  limitUsed: null,
  openingBalance: null,
  openingDate: null,
  isPrivate: false,
  hidden: false,
  balance: "0.00",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const itau = account("11111111-1111-4111-8111-111111111111", "Itaú conta");
const savings = account("22222222-2222-4222-8222-222222222222", "Poupança");

const ipva: Goal = {
  id: "33333333-3333-4333-8333-333333333333",
  name: "IPVA 2027",
  targetAmount: "2400.00",
  targetDate: "2027-03-31",
  methodId: savings.id,
  isPrivate: false,
  createdByUserId: testUser.id,
  createdAt: "2026-12-01T12:00:00.000Z",
  saved: "0.00",
  left: "2400.00",
  monthsLeft: 4,
  perMonth: "600.00",
  onTrack: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let container: HTMLDivElement;
let root: Root;
let sent: { method: string; url: string; body: unknown }[];

function stubApi(answer: (url: string, body: unknown) => Response) {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (method === "GET") return json(200, url === "/api/payment-methods" ? [itau, savings] : []);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      return answer(url, body);
    }),
  );
}

async function render(node: React.ReactNode) {
  const client = createQueryClient();
  client.setQueryData(currentUserQueryKey, testUser);
  act(() => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
}

const until = (check: () => void) => act(() => vi.waitFor(check, { timeout: 5000 }));
const optionOf = (label: string, text: string) =>
  [...requiredControl<HTMLSelectElement>(label).options].find((o) => o.textContent === text);
const type = (label: string, value: string) =>
  enterValue(requiredControl<HTMLInputElement>(label), value);
async function select(label: string, text: string) {
  await until(() => expect(optionOf(label, text)).toBeDefined());
  await enterValue(requiredControl<HTMLSelectElement>(label), optionOf(label, text)?.value ?? "");
}
async function press(name: string) {
  const button = [...document.querySelectorAll("button")].find(
    (b) => b.textContent?.trim() === name,
  );
  if (!button) throw new Error(`no button "${name}"`);
  await act(async () => button.click());
}
const dialogText = () =>
  document.querySelector('[role="dialog"]')?.textContent?.replace(/\s+/g, " ") ?? "";

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

describe("'Nova caixinha'", () => {
  it("sends the target typed with a comma, the month and the account", async () => {
    stubApi((_url, body) => json(201, { ...ipva, ...(body as object) }));
    const onClose = vi.fn();
    await render(<GoalDialog open goal={null} onClose={onClose} />);
    await type("Nome", "IPVA 2027");
    await type("Meta", "2.400,00");
    await type("Até", "2027-03");
    await select("Conta", "Poupança");
    await press("Salvar");
    await until(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: "POST",
        url: "/api/goals",
        body: {
          name: "IPVA 2027",
          targetAmount: "2400.00",
          targetMonth: "2027-03",
          methodId: savings.id,
          isPrivate: false,
        },
      },
    ]);
  });

  it("shows the server's refusal under the account, and stays open", async () => {
    const refusal = "Uma caixinha da família fica numa conta da família, não numa conta só sua";
    stubApi(() =>
      json(400, {
        message: refusal,
        code: "validation_error",
        errors: [{ path: "methodId", message: refusal }],
      }),
    );
    const onClose = vi.fn();
    await render(<GoalDialog open goal={null} onClose={onClose} />);
    await type("Nome", "Viagem");
    await type("Meta", "5000");
    await select("Conta", "Itaú conta");
    await press("Salvar");
    await until(() => expect(dialogText()).toContain(refusal));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("refuses an empty name before sending, in the person's language", async () => {
    stubApi(() => json(500, {}));
    await render(<GoalDialog open goal={null} onClose={vi.fn()} />);
    await type("Meta", "100");
    await press("Salvar");
    await until(() => expect(dialogText()).toContain("Informe o nome da caixinha"));
    expect(sent).toEqual([]);
  });
});

describe("'Guardar' and 'Retirar'", () => {
  const created = (_url: string, body: unknown) =>
    json(201, { id: "44444444-4444-4444-8444-444444444444", goalId: ipva.id, ...(body as object) });

  it("'Guardar' from another account: a transfer into the goal's", async () => {
    stubApi(created);
    const onClose = vi.fn();
    await render(<ContributionDialog goal={ipva} movement="deposit" onClose={onClose} />);
    await type("Valor", "800,00");
    await type("Data", "2026-12-08");
    // The goal's own account is not a source.
    await until(() => expect(optionOf("De qual conta?", "Itaú conta")).toBeDefined());
    expect(optionOf("De qual conta?", "Poupança")).toBeUndefined();
    await select("De qual conta?", "Itaú conta");
    await press("Guardar");
    await until(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: "POST",
        url: `/api/goals/${ipva.id}/contributions`,
        body: { amount: "800.00", date: "2026-12-08", fromMethodId: itau.id },
      },
    ]);
  });

  it("'Retirar': a negative amount, from no account", async () => {
    stubApi(created);
    const onClose = vi.fn();
    await render(<ContributionDialog goal={ipva} movement="withdrawal" onClose={onClose} />);
    expect(document.body.textContent).not.toContain("De qual conta?");
    await type("Valor", "1.200,50");
    await type("Data", "2026-12-08");
    await press("Retirar");
    await until(() => expect(onClose).toHaveBeenCalled());
    expect(sent.map((call) => call.body)).toEqual([{ amount: "-1200.50", date: "2026-12-08" }]);
  });
});

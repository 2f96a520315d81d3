// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Balances, Debt } from "../../../contract/balances";
import type { FamilyPerson } from "../../../contract/family";
import { familyPeopleQueryOptions } from "../../api/family/get-family-people";
import { initI18n } from "../../i18n/init";
import { todayIso } from "../../lib/format";
import { createQueryClient } from "../../lib/query-client";
import { BalancesCard } from "./balances-card";
import { SettleDialog } from "./settle-dialog";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ANA = "11111111-1111-4111-8111-111111111111";
const LEO = "22222222-2222-4222-8222-222222222222";
const BIA = "33333333-3333-4333-8333-333333333333";
const person = (userId: string, name: string): FamilyPerson => ({
  userId,
  name,
  firstName: null,
  lastName: null,
  email: `${name.toLowerCase()}@example.com`,
  profileImageUrl: null,
  isMember: true,
});
const people = [person(ANA, "Ana"), person(LEO, "Léo"), person(BIA, "Bia")];
const leoOwesAna: Debt = { debtorUserId: LEO, creditorUserId: ANA, amount: "80.00" };
const member = (userId: string) => ({
  userId,
  paid: "0.00",
  share: "0.00",
  settledOut: "0.00",
  settledIn: "0.00",
  net: "0.00",
  ahead: "0.00",
});
const balances = (debts: Debt[]): Balances => ({
  period: null,
  members: [member(ANA), member(LEO), member(BIA)],
  debts,
});

// Intl puts a no-break space between the currency and the number.
const textOf = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, " ");

let container: HTMLDivElement;
let root: Root;

async function render(node: ReactNode) {
  const client = createQueryClient();
  client.setQueryData(familyPeopleQueryOptions().queryKey, people);
  await act(async () => {
    root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
  });
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  initI18n("pt");
  // Cached answers only: a call to the server would be a bug here.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      throw new Error("no call expected");
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

describe("the dashboard's Acertos card", () => {
  it("says the largest debt and how many more there are, and links to the page", async () => {
    await render(
      <BalancesCard
        balances={balances([
          leoOwesAna,
          { debtorUserId: BIA, creditorUserId: ANA, amount: "12.50" },
          { debtorUserId: BIA, creditorUserId: LEO, amount: "1.00" },
        ])}
      />,
    );
    expect(textOf(container.querySelector("[data-testid=balances-headline]"))).toBe(
      "Léo deve R$ 80,00 a Ana · mais 2 pendentes",
    );
    expect(container.querySelector("a")?.getAttribute("href")).toBe("/balances");
    expect(textOf(container.querySelector("h2"))).toBe("Acertos");
  });

  it("says a debt in each language's own word order and money format", async () => {
    const headline = async (language: "pt" | "en" | "es", amount: string) => {
      act(() => void initI18n(language));
      await render(<BalancesCard balances={balances([{ ...leoOwesAna, amount }])} />);
      return textOf(container.querySelector("[data-testid=balances-headline]"));
    };
    expect(await headline("pt", "80.00")).toBe("Léo deve R$ 80,00 a Ana");
    expect(await headline("en", "80.00")).toBe("Léo owes Ana $80.00");
    expect(await headline("es", "80.00")).toBe("Léo le debe $80.00 a Ana");
    expect(await headline("pt", "1234.5")).toBe("Léo deve R$ 1.234,50 a Ana");
    expect(await headline("en", "1234.05")).toBe("Léo owes Ana $1,234.05");
  });

  it("says all is settled when nobody owes anybody, in the person's language", async () => {
    await render(<BalancesCard balances={balances([])} />);
    expect(textOf(container.querySelector("[data-testid=balances-headline]"))).toBe(
      "Tudo acertado",
    );
    act(() => void initI18n("en"));
    expect(textOf(container.querySelector("[data-testid=balances-headline]"))).toBe(
      "All settled up",
    );
  });
});

describe("the settle dialog", () => {
  it("opens on the debt: from the debtor to the creditor, its amount, today, by PIX", async () => {
    await render(<SettleDialog debt={leoOwesAna} members={people} onClose={() => {}} />);
    const dialog = document.querySelector("[role=dialog]");
    expect(textOf(dialog?.querySelector("h2"))).toBe("Acertar contas");
    const field = (label: string) => {
      const labelled = [...(dialog?.querySelectorAll("label") ?? [])].find(
        (element) => element.textContent === label,
      );
      const control = document.getElementById(labelled?.htmlFor ?? "");
      return control as HTMLInputElement | HTMLSelectElement | null;
    };
    const chosen = (label: string) => {
      const select = field(label) as HTMLSelectElement | null;
      return select?.selectedOptions[0]?.textContent;
    };
    expect(chosen("Quem pagou")).toBe("Léo");
    expect(chosen("Quem recebeu")).toBe("Ana");
    expect(field("Valor")?.value).toBe("80,00");
    expect(field("Data")?.value).toBe(todayIso());
    expect(chosen("Como foi pago")).toBe("PIX");
    expect([...((field("Como foi pago") as HTMLSelectElement).options ?? [])].map(textOf)).toEqual([
      "PIX",
      "Dinheiro",
      "Transferência",
      "Outro",
    ]);
    expect(field("Observação (opcional)")?.value).toBe("");
  });

  it("shows nothing while no debt is being settled", async () => {
    await render(<SettleDialog debt={null} members={people} onClose={() => {}} />);
    expect(document.querySelector("[role=dialog]")).toBeNull();
  });
});

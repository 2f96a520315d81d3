// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FamilyPerson } from "../../../contract/family";
import type { MonthSummaryResponse } from "../../../contract/summary";
import { familyPeopleQueryOptions } from "../../api/family/get-family-people";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { IncomeByMember } from "./income-by-member";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const ANA = "11111111-1111-4111-8111-111111111111";
const LEO = "22222222-2222-4222-8222-222222222222";
const person = (userId: string, name: string): FamilyPerson => ({
  userId,
  name,
  firstName: null,
  lastName: null,
  email: null,
  profileImageUrl: null,
  isMember: true,
});

const textOf = (element: Element | null) => (element?.textContent ?? "").replace(/\s/g, " ");
let container: HTMLDivElement;
let root: Root;

async function render(
  income: string,
  incomeByMember: MonthSummaryResponse["incomeByMember"],
  spentCents: number,
  language: "pt" | "en" = "pt",
) {
  initI18n(language);
  const client = createQueryClient();
  client.setQueryData(familyPeopleQueryOptions().queryKey, [
    person(ANA, "Ana"),
    person(LEO, "Léo"),
  ]);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <IncomeByMember income={income} incomeByMember={incomeByMember} spentCents={spentCents} />
      </QueryClientProvider>,
    );
  });
  return {
    rows: [...container.querySelectorAll("[data-testid=income-row]")].map((row) =>
      [...row.querySelectorAll("th, td")].map(textOf),
    ),
    total: textOf(container.querySelector("tfoot tr")),
    net: textOf(container.querySelector("[data-testid=income-net]")),
  };
}

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
});

describe("<IncomeByMember />", () => {
  it("says what each member received, their part, the total and what was left", async () => {
    const shown = await render(
      "8000.00",
      [
        { userId: ANA, amount: "5000.00" },
        { userId: LEO, amount: "3000.00" },
      ],
      612_000,
    );
    expect(shown.rows).toEqual([
      ["Ana", "R$ 5.000,00", "62,5%"],
      ["Léo", "R$ 3.000,00", "37,5%"],
    ]);
    expect(shown.total).toBe("Total recebidoR$ 8.000,00");
    expect(shown.net).toBe("Sobrou R$ 1.880,00 · Taxa de poupança 24%");
  });

  it("puts others' private income in one line that names nobody", async () => {
    const shown = await render("6500.00", [{ userId: ANA, amount: "5000.00" }], 0);
    expect(shown.rows).toEqual([
      ["Ana", "R$ 5.000,00", "76,9%"],
      ["Receitas privadas de outros membros", "R$ 1.500,00", "23,1%"],
    ]);
  });

  it("says what was short when the month spent more than came in", async () => {
    const shown = await render("1000.00", [{ userId: ANA, amount: "1000.00" }], 125_050, "en");
    expect(shown.net).toBe("Short by $250.50 · Savings rate -25%");
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Balances, MemberBalance } from "../../../contract/balances";
import type { FamilyPerson } from "../../../contract/family";
import { balancesQueryOptions } from "../../api/balances/get-balances";
import { familyPeopleQueryOptions } from "../../api/family/get-family-people";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { MemberShares } from "./member-shares";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const shown = { year: 2026, month: 3 };
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
const member = (userId: string, paid: string, share: string, net: string): MemberBalance => ({
  userId,
  paid,
  share,
  settledOut: "0.00",
  settledIn: "0.00",
  net,
  ahead: "0.00",
});

const textOf = (element: Element) => (element.textContent ?? "").replace(/\s/g, " ");
const rows = () =>
  [...container.querySelectorAll("[data-testid=member-share-row]")].map((row) =>
    [...row.querySelectorAll("th, td")].map(textOf),
  );

let container: HTMLDivElement;
let root: Root;

async function render(members: MemberBalance[]) {
  const client = createQueryClient();
  const answer: Balances = {
    period: { ...shown, first: "2026-03-01", last: "2026-03-31" },
    members,
    debts: [],
  };
  client.setQueryData(balancesQueryOptions(shown).queryKey, answer);
  client.setQueryData(familyPeopleQueryOptions().queryKey, [
    person(ANA, "Ana"),
    person(LEO, "Léo"),
  ]);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <MemberShares month={shown} />
      </QueryClientProvider>,
    );
  });
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
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

describe("<MemberShares />", () => {
  it("sets what each member paid in the month beside their share, and the difference", async () => {
    // A settlement of the month moves their net, never what they paid or their share.
    await render([member(ANA, "200.00", "120.00", "0.00"), member(LEO, "90.00", "170.00", "0.00")]);
    expect(textOf(container.querySelector("h2") as Element)).toBe("Quem pagou e de quem era");
    expect([...container.querySelectorAll("thead th")].map((cell) => textOf(cell))).toEqual([
      "Membro",
      "Pagou",
      "Parte",
      "Saldo",
    ]);
    expect(rows()).toEqual([
      ["Ana", "R$ 200,00", "R$ 120,00", "R$ 80,00"],
      ["Léo", "R$ 90,00", "R$ 170,00", "-R$ 80,00"],
    ]);
    expect(container.querySelector("a")?.getAttribute("href")).toBe("/balances");
  });

  it("has the same figures one under the other for a phone, where four columns do not fit", async () => {
    await render([member(ANA, "200.00", "120.00", "0.00"), member(LEO, "90.00", "170.00", "0.00")]);
    const items = [...container.querySelectorAll("[data-testid=member-share-item]")].map((item) =>
      [...item.querySelectorAll("p, dt, dd")].map(textOf),
    );
    expect(items).toEqual([
      ["Ana", "Pagou", "R$ 200,00", "Parte", "R$ 120,00", "Saldo", "R$ 80,00"],
      ["Léo", "Pagou", "R$ 90,00", "Parte", "R$ 170,00", "Saldo", "-R$ 80,00"],
    ]);
  });

  it("shows nothing for a family of one, who owes nobody", async () => {
    await render([member(ANA, "200.00", "200.00", "0.00")]);
    expect(container.innerHTML).toBe("");
  });
});

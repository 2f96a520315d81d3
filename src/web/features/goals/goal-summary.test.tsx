// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Goal } from "../../../contract/goals";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { initI18n } from "../../i18n/init";
import { GoalSummary, OthersPrivateLine } from "./goal-summary";
import { accountChoicesOf, goalMonthOf, savedPercent, sourceChoicesOf } from "./goals-view";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// The example of docs/product.md#caixinhas-savings-goals, in January 2027.
const ipva: Goal = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "IPVA 2027",
  targetAmount: "2400.00",
  targetDate: "2027-03-31",
  methodId: "22222222-2222-4222-8222-222222222222",
  isPrivate: false,
  createdByUserId: "33333333-3333-4333-8333-333333333333",
  createdAt: "2026-12-01T12:00:00.000Z",
  saved: "800.00",
  left: "1600.00",
  monthsLeft: 3,
  perMonth: "533.34",
  onTrack: true,
};

let container: HTMLDivElement;
let root: Root;
const render = (node: React.ReactNode) => act(() => root.render(node));
// Intl puts a no-break space between the currency and the number.
const lines = () =>
  [...container.querySelectorAll("h2, p, span")].map((node) =>
    node.textContent?.replace(/\s/g, " "),
  );
const bar = () => container.querySelector("[role=progressbar]");

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
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

describe("<GoalSummary />", () => {
  it("what is saved of the target with its bar, what is left, the month's amount and the track", () => {
    render(<GoalSummary goal={ipva} accountName="Poupança" />);
    expect(lines()).toEqual([
      "IPVA 2027",
      "No ritmo",
      "R$ 800,00 de R$ 2.400,00",
      "Faltam R$ 1.600,00",
      "R$ 533,34 por mês até mar/2027",
      "Na conta Poupança",
    ]);
    expect(bar()?.getAttribute("aria-valuenow")).toBe("33");
    expect(bar()?.getAttribute("aria-label")).toBe("IPVA 2027: 33% guardado");
  });

  it("behind, and the person's own: said so", () => {
    render(<GoalSummary goal={{ ...ipva, onTrack: false, isPrivate: true }} />);
    expect(lines()).toContain("Atrasada");
    expect(lines()).toContain("Privada");
  });

  it("without a month: no monthly amount nor track", () => {
    render(
      <GoalSummary
        goal={{ ...ipva, targetDate: null, monthsLeft: null, perMonth: null, onTrack: null }}
      />,
    );
    expect(lines()).toEqual(["IPVA 2027", "R$ 800,00 de R$ 2.400,00", "Faltam R$ 1.600,00"]);
  });

  it("reached: a full bar and nothing more to put away", () => {
    render(<GoalSummary goal={{ ...ipva, saved: "2500.00", left: "0.00", perMonth: "0.00" }} />);
    expect(lines()).toEqual([
      "IPVA 2027",
      "No ritmo",
      "R$ 2.500,00 de R$ 2.400,00",
      "Meta alcançada",
    ]);
    expect(bar()?.getAttribute("aria-valuenow")).toBe("100");
  });

  it("in English", async () => {
    const { default: i18n } = await import("i18next");
    await act(() => i18n.changeLanguage("en"));
    try {
      render(<GoalSummary goal={ipva} />);
      expect(lines()).toContain("$533.34 a month until Mar 2027");
    } finally {
      await act(() => i18n.changeLanguage("pt"));
    }
  });
});

describe("<OthersPrivateLine />", () => {
  it("other members' private goals as one unnamed line", () => {
    render(<OthersPrivateLine others={{ count: 2, saved: "300.00", target: "1000.00" }} />);
    expect(lines()).toEqual(["2 caixinhas privadas de outros: R$ 300,00 de R$ 1.000,00"]);
    render(<OthersPrivateLine others={{ count: 1, saved: "0.00", target: "50.00" }} />);
    expect(lines()).toEqual(["1 caixinha privada de outros: R$ 0,00 de R$ 50,00"]);
  });

  it("nothing when there are none", () => {
    render(<OthersPrivateLine others={{ count: 0, saved: "0.00", target: "0.00" }} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("the card's figures and choices", () => {
  it("the bar's share: whole percent, never past the end nor below zero", () => {
    expect(savedPercent(ipva)).toBe(33);
    expect(savedPercent({ saved: "2400.01", targetAmount: "2400.00" })).toBe(100);
    expect(savedPercent({ saved: "0.00", targetAmount: "2400.00" })).toBe(0);
  });

  it("the month, short", () => {
    expect(goalMonthOf("2027-03-31", "pt")).toEqual({ month: "mar", year: "2027" });
    expect(goalMonthOf("2027-03-31", "en")).toEqual({ month: "Mar", year: "2027" });
  });

  const method = (id: string, name: string, extra: Partial<PaymentMethod> = {}) =>
    ({ id, name, kind: "checking", isActive: true, hidden: false, ...extra }) as PaymentMethod;
  const methods = [
    method("a", "Itaú conta"),
    method("b", "Poupança", { kind: "savings" }),
    method("c", "Nubank", { kind: "credit_card" }),
    method("d", "Antiga", { isActive: false }),
    method("e", "Conta do Bruno", { hidden: true }),
  ];

  it("accounts the person may use, never a card; the goal's own kept once archived", () => {
    expect(accountChoicesOf(methods).map((choice) => choice.label)).toEqual([
      "Itaú conta",
      "Poupança",
    ]);
    expect(accountChoicesOf(methods, "d").map((choice) => choice.label)).toEqual([
      "Itaú conta",
      "Poupança",
      "Antiga",
    ]);
  });

  it("'De qual conta?': the others than the goal's; none for a goal without an account", () => {
    expect(sourceChoicesOf(methods, { ...ipva, methodId: "b" })).toEqual([
      { value: "a", label: "Itaú conta" },
    ]);
    expect(sourceChoicesOf(methods, { ...ipva, methodId: null })).toEqual([]);
  });
});

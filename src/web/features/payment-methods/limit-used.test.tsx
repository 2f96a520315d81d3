// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { initI18n } from "../../i18n/init";
import { LimitUsed, limitUseOf } from "./limit-used";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const card = (creditLimit: string | null, limitUsed: string | null) => ({
  kind: "credit_card" as const,
  creditLimit,
  limitUsed,
  openingBalance: null,
  openingDate: null,
  isPrivate: false,
  hidden: false,
  balance: null,
});

describe("what a card shows of its limit", () => {
  it("the amount used against the limit, and the share as the bar's value", () => {
    expect(limitUseOf(card("5000.00", "3600.00"))).toEqual({
      kind: "limit",
      used: "3600.00",
      limit: "5000.00",
      percent: 72,
      over: false,
    });
    expect(limitUseOf(card("5000.00", "0.00"))).toMatchObject({ percent: 0, over: false });
    // Whole percent, rounded: 1/3 of the limit.
    expect(limitUseOf(card("300.00", "100.00"))).toMatchObject({ percent: 33 });
    expect(limitUseOf(card("5000.00", "5000.00"))).toMatchObject({ percent: 100, over: false });
  });

  it("a card past its limit: a full bar, and said so", () => {
    expect(limitUseOf(card("5000.00", "5000.01"))).toMatchObject({ percent: 100, over: true });
  });

  it("a card without a limit: what is still owed, alone", () => {
    expect(limitUseOf(card(null, "3600.00"))).toEqual({ kind: "open", used: "3600.00" });
    expect(limitUseOf(card(null, "0.00"))).toEqual({ kind: "open", used: "0.00" });
  });

  it("nothing for an account", () => {
    expect(limitUseOf({ kind: "checking", creditLimit: null, limitUsed: null })).toBeNull();
  });
});

const nubank: PaymentMethod = {
  id: "11111111-1111-4111-8111-111111111111",
  familyId: "22222222-2222-4222-8222-222222222222",
  kind: "credit_card",
  name: "Nubank",
  ownerUserId: null,
  closingDay: 3,
  dueDay: 10,
  creditLimit: "5000.00",
  limitUsed: "3600.00",
  openingBalance: null,
  openingDate: null,
  isPrivate: false,
  hidden: false,
  balance: null,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

let container: HTMLDivElement;
let root: Root;
const render = (method: PaymentMethod) => act(() => root.render(<LimitUsed method={method} />));
// Intl puts a no-break space between the currency and the number.
const text = () => container.textContent?.replace(/\s/g, " ");
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

describe("<LimitUsed />", () => {
  it("a card with a limit: what is used of it, and a bar named with its share", () => {
    render(nubank);
    expect(text()).toBe("Limite usado R$ 3.600,00 de R$ 5.000,00");
    expect(bar()?.getAttribute("aria-valuenow")).toBe("72");
    expect(bar()?.getAttribute("aria-label")).toBe("Nubank: 72% do limite usado");
  });

  it("past its limit: said in words, the bar full", () => {
    render({ ...nubank, limitUsed: "5200.00" });
    expect(text()).toBe("Limite usado R$ 5.200,00 de R$ 5.000,00 · acima do limite");
    expect(bar()?.getAttribute("aria-valuenow")).toBe("100");
  });

  it("without a limit: what is still owed, no bar", () => {
    render({ ...nubank, creditLimit: null });
    expect(text()).toBe("Em aberto R$ 3.600,00");
    expect(bar()).toBeNull();
  });

  it("nothing for an account", () => {
    render({
      ...nubank,
      kind: "checking",
      closingDay: null,
      dueDay: null,
      creditLimit: null,
      limitUsed: null,
    });
    expect(container.innerHTML).toBe("");
  });
});

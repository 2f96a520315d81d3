import { describe, expect, it } from "vitest";
import type { CardBill } from "../../../contract/card-bills";
import type { PaymentMethod } from "../../../contract/payment-methods";
import {
  billFigures,
  cardOf,
  chosenBill,
  hasLeftToPay,
  nameById,
  shownBills,
  statusVariant,
} from "./card-bills-view";

const bill = (id: string, status: CardBill["status"] = "paid"): CardBill => ({
  id,
  familyId: "22222222-2222-4222-8222-222222222222",
  paymentMethodId: "11111111-1111-4111-8111-111111111111",
  closesOn: "2026-03-03",
  dueOn: "2026-03-10",
  status,
  total: "100.00",
  paid: "40.00",
  leftToPay: "60.00",
  lineCount: 1,
});
// Newest first, as the API answers them.
const bills = ["b9", "b8", "b7", "b6", "b5", "b4", "b3", "b2"].map((id) => bill(id));
const ids = (list: readonly CardBill[]) => list.map((shown) => shown.id);

describe("the card's bills' view", () => {
  it("lists the first six bills and the chosen one, all of them once asked", () => {
    expect(ids(shownBills(bills, false, undefined))).toEqual(["b9", "b8", "b7", "b6", "b5", "b4"]);
    expect(ids(shownBills(bills, false, "b2"))).toEqual(["b9", "b8", "b7", "b6", "b5", "b4", "b2"]);
    expect(shownBills(bills, true, undefined)).toHaveLength(8);
  });

  it("shows the chosen bill, else the open one closing soonest, once the chosen one is gone", () => {
    const list = [bill("next", "open"), bill("now", "open"), bill("last", "closed")];
    expect(chosenBill(list, "last")?.id).toBe("last");
    expect(chosenBill(list, undefined)?.id).toBe("now");
    expect(chosenBill(list, "moved-out")?.id).toBe("now");
    expect(chosenBill([], "any")).toBeUndefined();
  });

  it("gives each status its badge", () => {
    expect(statusVariant).toEqual({ open: "secondary", closed: "warning", paid: "outline" });
  });

  it("shows a bill's total, what was paid and what is left, in that order", () => {
    expect(billFigures(bill("b1"))).toEqual([
      { key: "total", amount: "100.00" },
      { key: "paid", amount: "40.00" },
      { key: "left", amount: "60.00" },
    ]);
  });

  it("offers the payment while something is left to pay", () => {
    expect(hasLeftToPay({ leftToPay: "0.01" })).toBe(true);
    expect(hasLeftToPay({ leftToPay: "0.00" })).toBe(false);
  });

  it("finds the page's card by its id, never an account", () => {
    const method = (id: string, kind: PaymentMethod["kind"]) => ({ id, kind }) as PaymentMethod;
    const methods = [method("acc", "checking"), method("card", "credit_card")];
    expect(cardOf(methods, "card")).toBe(methods[1]);
    expect(cardOf(methods, "acc")).toBeUndefined();
    expect(cardOf(undefined, "card")).toBeUndefined();
  });

  it("names a line's category or a payment's account by its id, null once it is gone", () => {
    const things = [{ id: "c1", name: "Mercado" }];
    expect(nameById(things, "c1")).toBe("Mercado");
    expect(nameById(things, "gone")).toBeNull();
    expect(nameById(things, null)).toBeNull();
    expect(nameById(undefined, "c1")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { RECONCILIATION_REASON_MAX } from "../../../contract/reconciliation";
import { bankBalanceOf, differenceOf, REASON_MAX, reconcileDefaults } from "./reconcile-values";

// The difference 'Conciliar' is about (docs/product.md#reconciliation): read as the person types,
// in their language, exact to the cent.
describe("the difference with the bank", () => {
  it("is the bank's balance, typed in the person's language, less the cleared balance", () => {
    expect(differenceOf("3.412,35", "2000.00", "pt")).toBe("1412.35");
    expect(differenceOf("3,412.35", "3412.35", "en")).toBe("0.00");
    expect(differenceOf("3400", "3412.35", "es")).toBe("-12.35");
    expect(differenceOf("0,10", "0.30", "pt")).toBe("-0.20");
  });

  it("reads an overdrawn bank's balance with its minus sign", () => {
    expect(differenceOf("-80,00", "20.00", "pt")).toBe("-100.00");
    expect(bankBalanceOf("−1.234,56", "pt")).toBe("-1234.56");
  });

  it("is none while the typed text is not a balance, or the account had none that day", () => {
    expect(differenceOf("", "10.00", "pt")).toBeNull();
    expect(differenceOf("12,3456", "10.00", "pt")).toBeNull();
    expect(differenceOf("abc", "10.00", "pt")).toBeNull();
    expect(differenceOf("10,00", null, "pt")).toBeNull();
    expect(differenceOf("123456789,00", "0.00", "pt")).toBeNull();
  });
});

it("limits the reason as the contract does", () => {
  expect(REASON_MAX).toBe(RECONCILIATION_REASON_MAX);
});

describe("what the screen opens with", () => {
  it("is today and nothing typed, or the day and balance a link brings, in the person's language", () => {
    expect(reconcileDefaults("", "2026-12-07", "pt")).toEqual({
      date: "2026-12-07",
      bankBalance: "",
      reason: "",
    });
    expect(reconcileDefaults("?date=2026-11-30&bankBalance=3412.35", "2026-12-07", "pt")).toEqual({
      date: "2026-11-30",
      bankBalance: "3412,35",
      reason: "",
    });
    expect(
      reconcileDefaults("?date=2026-11-30&bankBalance=-80.00", "2026-12-07", "en").bankBalance,
    ).toBe("-80.00");
  });

  it("takes neither a day to come nor anything that is not a day or a balance", () => {
    expect(reconcileDefaults("?date=2026-12-08&bankBalance=1.5", "2026-12-07", "pt")).toEqual({
      date: "2026-12-07",
      bankBalance: "",
      reason: "",
    });
    expect(reconcileDefaults("?date=ontem&bankBalance=abc", "2026-12-07", "pt").date).toBe(
      "2026-12-07",
    );
  });
});

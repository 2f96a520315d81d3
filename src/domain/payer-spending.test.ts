import { describe, expect, it } from "vitest";
import { comparePayerSpending, payerShares } from "./payer-spending";

const ANA = "11111111-1111-4111-8111-111111111111";
const BIA = "22222222-2222-4222-8222-222222222222";

describe("comparePayerSpending", () => {
  it("puts the larger amount first whatever the ids", () => {
    expect(
      comparePayerSpending({ userId: BIA, spent: "10.00" }, { userId: ANA, spent: "9.99" }),
    ).toBeLessThan(0);
    expect(
      comparePayerSpending({ userId: null, spent: "10.00" }, { userId: ANA, spent: "9.99" }),
    ).toBeLessThan(0);
  });
});

describe("payerShares", () => {
  it("gives each payer's part of the total, and zero shares for a zero total", () => {
    expect(
      payerShares([
        { userId: ANA, spent: "75.00" },
        { userId: null, spent: "25.00" },
      ]),
    ).toEqual([
      { userId: ANA, spentCents: 7500, share: 0.75 },
      { userId: null, spentCents: 2500, share: 0.25 },
    ]);
    expect(payerShares([{ userId: ANA, spent: "0.00" }])).toEqual([
      { userId: ANA, spentCents: 0, share: 0 },
    ]);
  });
});

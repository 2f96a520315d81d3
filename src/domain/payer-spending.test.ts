import { describe, expect, it } from "vitest";
import { comparePayerSpending, payerShares, spentByPayerOf } from "./payer-spending";

const ANA = "11111111-1111-4111-8111-111111111111";
const BIA = "22222222-2222-4222-8222-222222222222";

describe("spentByPayerOf", () => {
  it("adds up each payer's month in cents, most first, then by id, the unknown payer last", () => {
    const march = { year: 2026, month: 3 };
    const row = (paidByUserId: string | null, amount: string, month = 3) => ({
      paidByUserId,
      amount,
      year: 2026,
      month,
    });
    expect(
      spentByPayerOf(march, [
        row(ANA, "0.10"),
        row(ANA, "0.20"),
        row(BIA, "0.30"),
        row(null, "0.30"),
        row(null, "999.00", 4),
        row(BIA, "5.00", 2),
      ]),
    ).toEqual([
      { userId: ANA, spent: "0.30" },
      { userId: BIA, spent: "0.30" },
      { userId: null, spent: "0.30" },
    ]);
    expect(spentByPayerOf(march, [])).toEqual([]);
  });
});

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

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountSchema, budgetSchema, fromCents, toCents } from "./money";

describe("money strings", () => {
  it("round-trip through integer cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
    expect(fromCents(123_456)).toBe("1234.56");
    expect(fromCents(5)).toBe("0.05");
    expect(toCents("12.5")).toBe(1250);
    expect(toCents("-0.05")).toBe(-5);
    expect(fromCents(-5)).toBe("-0.05");
  });

  it("normalise to two places and refuse what is not an amount", () => {
    expect(amountSchema.parse("12.5")).toBe("12.50");
    expect(amountSchema.parse("99999999.99")).toBe("99999999.99");
    expect(budgetSchema.parse("0")).toBe("0.00");
    for (const bad of ["abc", "-1", "0", "1.234", "1e5", "100000000.00", "", " ", "1,50", "NaN"]) {
      expect(amountSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(amountSchema.safeParse(10).success).toBe(false);
  });
});

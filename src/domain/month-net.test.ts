import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromCents } from "../contract/cents";
import { monthNetOf } from "./month-net";

describe("monthNetOf", () => {
  it("says what was left of the income and the share of it saved", () => {
    expect(monthNetOf("5000.00", "3870.40")).toEqual({
      income: "5000.00",
      spent: "3870.40",
      left: "1129.60",
      savingsRate: 23,
    });
  });

  it("is negative when more went out than came in", () => {
    expect(monthNetOf("1000", "1250.5")).toEqual({
      income: "1000.00",
      spent: "1250.50",
      left: "-250.50",
      savingsRate: -25,
    });
  });

  it("rounds the rate half away from zero", () => {
    // 12.5% left rounds up to 13; 12.49% down to 12; -12.5% to -13.
    expect(monthNetOf("200.00", "175.00").savingsRate).toBe(13);
    expect(monthNetOf("10000.00", "8751.00").savingsRate).toBe(12);
    expect(monthNetOf("200.00", "225.00").savingsRate).toBe(-13);
  });

  it("has no savings rate without income", () => {
    expect(monthNetOf("0.00", "80.00")).toEqual({
      income: "0.00",
      spent: "80.00",
      left: "-80.00",
      savingsRate: null,
    });
  });

  it("counts refunds that left the month's spending negative as money left", () => {
    expect(monthNetOf("100.00", "-20.00")).toMatchObject({ left: "120.00", savingsRate: 120 });
  });

  it("is exact to the cent, and the rate is within half a percent of the exact ratio", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.integer({ min: -9_999_999_999, max: 99_999_999_999 }),
        (incomeCents, spentCents) => {
          const net = monthNetOf(fromCents(incomeCents), fromCents(spentCents));
          expect(net.left).toBe(fromCents(incomeCents - spentCents));
          if (incomeCents === 0) expect(net.savingsRate).toBeNull();
          else {
            const exact = ((incomeCents - spentCents) * 100) / incomeCents;
            expect(Math.abs((net.savingsRate as number) - exact)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

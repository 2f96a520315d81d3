import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rolloverOf } from "./rollover";
import { anyRolloverCase } from "./testing/rollover-cases";

/** R$ 100,00 a month, in cents. */
const BUDGET = 10_000;

describe("rolloverOf", () => {
  it("carries what a month left under its budget into the next", () => {
    // R$ 50,00 spent of R$ 100,00: the next month has R$ 150,00.
    expect(rolloverOf([BUDGET, BUDGET], [5_000, 0], "unspent")).toEqual([
      { carryInCents: 0, availableCents: 10_000, carryOutCents: 5_000 },
      { carryInCents: 5_000, availableCents: 15_000, carryOutCents: 15_000 },
    ]);
    expect(rolloverOf([BUDGET, BUDGET], [5_000, 0], "both")[1]?.carryInCents).toBe(5_000);
  });

  it("carries nothing of an overspending with 'unspent', and the overspending with 'both'", () => {
    // R$ 130,00 spent of R$ 100,00.
    expect(rolloverOf([BUDGET, BUDGET], [13_000, 2_000], "unspent")).toEqual([
      { carryInCents: 0, availableCents: 10_000, carryOutCents: 0 },
      { carryInCents: 0, availableCents: 10_000, carryOutCents: 8_000 },
    ]);
    expect(rolloverOf([BUDGET, BUDGET], [13_000, 2_000], "both")).toEqual([
      { carryInCents: 0, availableCents: 10_000, carryOutCents: -3_000 },
      { carryInCents: -3_000, availableCents: 7_000, carryOutCents: 5_000 },
    ]);
  });

  it("takes each month's own budget, so a change counts from its month on", () => {
    // R$ 100,00 for two months, then R$ 200,00; R$ 80,00 spent each month.
    expect(
      rolloverOf([BUDGET, BUDGET, 20_000, 20_000], [8_000, 8_000, 8_000, 8_000], "both"),
    ).toEqual([
      { carryInCents: 0, availableCents: 10_000, carryOutCents: 2_000 },
      { carryInCents: 2_000, availableCents: 12_000, carryOutCents: 4_000 },
      { carryInCents: 4_000, availableCents: 24_000, carryOutCents: 16_000 },
      { carryInCents: 16_000, availableCents: 36_000, carryOutCents: 28_000 },
    ]);
  });

  it("lets carries add up without a cap, unspent money and debt alike", () => {
    const year = Array.from({ length: 12 }, () => BUDGET);
    expect(rolloverOf(year, Array(12).fill(0), "unspent").at(-1)?.carryOutCents).toBe(120_000);
    expect(rolloverOf(year, Array(12).fill(15_000), "both").at(-1)?.carryOutCents).toBe(-60_000);
  });

  it("pays an overspending back from later months with 'both', and forgets it with 'unspent'", () => {
    const budgets = [BUDGET, BUDGET, BUDGET];
    const spent = [25_000, 4_000, 0];
    expect(rolloverOf(budgets, spent, "both").map((m) => m.availableCents)).toEqual([
      10_000, -5_000, 1_000,
    ]);
    expect(rolloverOf(budgets, spent, "unspent").map((m) => m.availableCents)).toEqual([
      10_000, 10_000, 16_000,
    ]);
  });

  it("counts a refund-heavy month's credit as more left", () => {
    // Refunds passed the month's spending by R$ 20,00 (docs/product.md#refunds).
    expect(rolloverOf([BUDGET, BUDGET], [-2_000, 0], "unspent")[1]?.availableCents).toBe(22_000);
  });

  it("keeps a month's carry in and budget after rollover whatever that month spends", () => {
    const before = rolloverOf([BUDGET, BUDGET], [3_000, 0], "both")[1];
    const after = rolloverOf([BUDGET, BUDGET], [3_000, 99_000], "both")[1];
    expect(after?.availableCents).toBe(before?.availableCents);
    expect(after?.carryInCents).toBe(before?.carryInCents);
  });

  it("has no months without months, and refuses budgets and spending of different lengths or fractions of a cent", () => {
    expect(rolloverOf([], [], "both")).toEqual([]);
    expect(() => rolloverOf([BUDGET], [], "both")).toThrow(RangeError);
    expect(() => rolloverOf([BUDGET], [0.5], "unspent")).toThrow(RangeError);
    expect(() => rolloverOf([Number.NaN], [0], "unspent")).toThrow(RangeError);
  });

  it("holds the rule's equations and closed forms on random months", () => {
    fc.assert(
      fc.property(anyRolloverCase, ({ budgets, spent, mode }) => {
        const months = rolloverOf(budgets, spent, mode);
        expect(months).toHaveLength(budgets.length);
        const left = budgets.map((budget, m) => budget - (spent[m] as number));
        for (const [m, month] of months.entries()) {
          // The definition: available = budget + carry in; the carry out is the next carry in.
          expect(month.carryInCents).toBe(m === 0 ? 0 : months[m - 1]?.carryOutCents);
          expect(month.availableCents).toBe((budgets[m] as number) + month.carryInCents);
          expect(Number.isSafeInteger(month.carryOutCents)).toBe(true);
          if (mode === "both") {
            // Everything left or overspent so far, summed.
            const sum = left.slice(0, m + 1).reduce((a, b) => a + b, 0);
            expect(month.carryOutCents).toBe(sum);
          } else {
            // The most left over any run of months ending here, or 0: each overspent month that
            // ate its carry whole starts the count afresh.
            let best = 0;
            let run = 0;
            for (let k = m; k >= 0; k--) {
              run += left[k] as number;
              best = Math.max(best, run);
            }
            expect(month.carryOutCents).toBe(best);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("never carries less with 'unspent' than with 'both'", () => {
    fc.assert(
      fc.property(anyRolloverCase, ({ budgets, spent }) => {
        const unspent = rolloverOf(budgets, spent, "unspent");
        const both = rolloverOf(budgets, spent, "both");
        for (const [m, month] of unspent.entries()) {
          expect(month.carryOutCents).toBeGreaterThanOrEqual(0);
          expect(month.carryOutCents).toBeGreaterThanOrEqual(both[m]?.carryOutCents as number);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INSTALLMENTS_MAX, INSTALLMENTS_MIN } from "../contract/installments";
import { installmentDates, splitInstallments } from "./installments";

/** Purchases in installments (docs/product.md#installments): the split and the dates. */

const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
const count = fc.integer({ min: INSTALLMENTS_MIN, max: INSTALLMENTS_MAX });

describe("a total split into installments", () => {
  it("gives the left-over cents to the first, or to the second after a typed first", () => {
    expect(splitInstallments(360_000, 12)).toEqual(Array(12).fill(30_000));
    expect(splitInstallments(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
    expect(splitInstallments(10_000, 3, 5_000)).toEqual([5_000, 2_500, 2_500]);
    expect(splitInstallments(10_001, 3, 5_000)).toEqual([5_000, 2_501, 2_500]);
    expect(splitInstallments(2, 2)).toEqual([1, 1]);
  });

  it("adds up to the total to the cent, every installment at least a cent, for any total and count", () => {
    fc.assert(
      fc.property(count, fc.integer({ min: 1, max: 9_999_999_999 }), (n, total) => {
        fc.pre(total >= n);
        const amounts = splitInstallments(total, n);
        expect(amounts).toHaveLength(n);
        expect(sum(amounts)).toBe(total);
        expect(Math.min(...amounts)).toBeGreaterThanOrEqual(1);
        // Even: the first carries less than one cent per installment more than the others.
        expect((amounts[0] ?? 0) - (amounts[1] ?? 0)).toBeLessThan(n);
        expect(new Set(amounts.slice(1)).size).toBe(1);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps a typed first amount and still adds up exactly", () => {
    fc.assert(
      fc.property(
        count,
        fc.integer({ min: 2, max: 9_999_999_999 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, total, share) => {
          // A first amount that leaves at least a cent for each other installment.
          const first = 1 + Math.floor(share * (total - n));
          fc.pre(total - first >= n - 1 && first >= 1);
          const amounts = splitInstallments(total, n, first);
          expect(amounts[0]).toBe(first);
          expect(sum(amounts)).toBe(total);
          expect(Math.min(...amounts)).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("the installments' dates", () => {
  it("fall on the same day each month, on a shorter month's last day", () => {
    expect(installmentDates("2026-01-31", 4)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
    expect(installmentDates("2026-11-10", 3)).toEqual(["2026-11-10", "2026-12-10", "2027-01-10"]);
    expect(installmentDates("2027-12-29", 3)).toEqual(["2027-12-29", "2028-01-29", "2028-02-29"]);
  });

  it("are one a month, in order, each in its own calendar month", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2150-12-31"), noInvalidDate: true }),
        count,
        (start, n) => {
          const dates = installmentDates(start.toISOString().slice(0, 10), n);
          const months = dates.map((d) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)));
          for (let i = 1; i < n; i++) expect(months[i]).toBe((months[i - 1] ?? 0) + 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goalProgress, lastDayOfMonth, type YearMonth } from "./goals";

const month = (year: number, m: number): YearMonth => ({ year, month: m });

describe("goalProgress", () => {
  it("IPVA 2027: R$ 2.400,00 by March 2027 with R$ 800,00 saved asks R$ 400,00 a month in December 2026", () => {
    // December, January, February and March: four months, the current one counted.
    expect(
      goalProgress({
        targetCents: 240000,
        savedCents: 80000,
        targetMonth: month(2027, 3),
        createdMonth: month(2026, 12),
        currentMonth: month(2026, 12),
      }),
    ).toEqual({ leftCents: 160000, monthsLeft: 4, perMonthCents: 40000, onTrack: true });
  });

  it("in January the same goal asks R$ 533,34 a month: three months, rounded up to the cent", () => {
    const progress = goalProgress({
      targetCents: 240000,
      savedCents: 80000,
      targetMonth: month(2027, 3),
      createdMonth: month(2026, 12),
      currentMonth: month(2027, 1),
    });
    expect(progress).toMatchObject({ monthsLeft: 3, perMonthCents: 53334 });
    // December is gone: it asked 2400 / 4 = 600.00, and 800.00 is there.
    expect(progress.onTrack).toBe(true);
    // With 500.00 saved it is behind the 600.00 December asked.
    expect(
      goalProgress({
        targetCents: 240000,
        savedCents: 50000,
        targetMonth: month(2027, 3),
        createdMonth: month(2026, 12),
        currentMonth: month(2027, 1),
      }).onTrack,
    ).toBe(false);
  });

  it("a target month already past asks what is left now, and is behind until it is reached", () => {
    const late = {
      targetCents: 100000,
      targetMonth: month(2026, 6),
      createdMonth: month(2026, 1),
      currentMonth: month(2026, 12),
    };
    expect(goalProgress({ ...late, savedCents: 99999 })).toEqual({
      leftCents: 1,
      monthsLeft: 1,
      perMonthCents: 1,
      onTrack: false,
    });
    expect(goalProgress({ ...late, savedCents: 120000 })).toEqual({
      leftCents: 0,
      monthsLeft: 1,
      perMonthCents: 0,
      onTrack: true,
    });
  });

  it("an undated goal says what is left, and no months, monthly amount or track", () => {
    expect(
      goalProgress({
        targetCents: 500000,
        savedCents: 12345,
        targetMonth: null,
        createdMonth: month(2026, 1),
        currentMonth: month(2026, 12),
      }),
    ).toEqual({ leftCents: 487655, monthsLeft: null, perMonthCents: null, onTrack: null });
  });

  const months = fc
    .record({ year: fc.integer({ min: 2000, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
    .map(({ year, month: m }) => month(year, m));
  const goal = fc.record({
    targetCents: fc.integer({ min: 1, max: 9_999_999_999 }),
    savedCents: fc.integer({ min: 0, max: 9_999_999_999 }),
    targetMonth: months,
    createdMonth: months,
    currentMonth: months,
  });

  it("the monthly amount is the least whole cents whose months reach what is left", () => {
    fc.assert(
      fc.property(goal, (input) => {
        const { leftCents, monthsLeft, perMonthCents } = goalProgress(input);
        expect(leftCents).toBe(Math.max(0, input.targetCents - input.savedCents));
        expect(monthsLeft).toBeGreaterThanOrEqual(1);
        const months = monthsLeft as number;
        const perMonth = perMonthCents as number;
        expect(Number.isInteger(perMonth)).toBe(true);
        expect(perMonth * months).toBeGreaterThanOrEqual(leftCents);
        expect((perMonth - 1) * months).toBeLessThan(leftCents === 0 ? 1 : leftCents);
      }),
    );
  });

  it("more saved is never less on track, reached is on track, and the first month asks nothing", () => {
    fc.assert(
      fc.property(goal, fc.integer({ min: 0, max: 1_000_000 }), (input, more) => {
        const now = goalProgress(input).onTrack;
        const richer = goalProgress({ ...input, savedCents: input.savedCents + more }).onTrack;
        if (now) expect(richer).toBe(true);
        if (input.savedCents >= input.targetCents) expect(now).toBe(true);
        const fresh = { ...input, createdMonth: input.currentMonth };
        expect(goalProgress(fresh).onTrack).toBe(true);
      }),
    );
  });
});

describe("lastDayOfMonth", () => {
  it("is the stored date of a goal's month, leap years included", () => {
    expect(lastDayOfMonth(month(2027, 3))).toBe("2027-03-31");
    expect(lastDayOfMonth(month(2028, 2))).toBe("2028-02-29");
    expect(lastDayOfMonth(month(2027, 2))).toBe("2027-02-28");
    expect(lastDayOfMonth(month(2026, 12))).toBe("2026-12-31");
  });
});

import { describe, expect, it } from "vitest";
import { amountScale, bandScale, signedScale } from "./chart-scales";

describe("the Reports charts' scales", () => {
  it("gives each month a column of equal width, the columns tiling the plot, the bar centred", () => {
    const keys = Array.from({ length: 12 }, (_, i) => `2026-${i + 1}`);
    const x = bandScale(keys, 960);
    expect(x.step()).toBeCloseTo(80);
    expect(x.bandwidth()).toBeCloseTo(64);
    // Column i spans [80 i, 80 (i + 1)]: the first starts at 0 and the last ends at 960.
    keys.forEach((key, i) => {
      const left = (x(key) ?? Number.NaN) - (x.step() - x.bandwidth()) / 2;
      expect(left).toBeCloseTo(80 * i);
    });
  });

  it("draws amounts from zero at the bottom, the top rounded up to the last round tick", () => {
    const { y, ticks } = amountScale(2_250_00, 200, 5);
    expect(ticks).toEqual([0, 50_000, 100_000, 150_000, 200_000, 250_000]);
    expect(y(0)).toBe(200);
    expect(y(250_000)).toBe(0);
    expect(y(125_000)).toBe(100);
  });

  it("keeps a scale when nothing was spent, and gives no ticks unless asked", () => {
    const { y, ticks } = amountScale(0, 80);
    expect(ticks).toEqual([]);
    expect(y(0)).toBe(80);
    expect(Number.isFinite(y(1))).toBe(true);
  });

  it("draws a net worth below zero too, zero among its ticks", () => {
    const { y, ticks } = signedScale(-15000, 42000, 100, 5);
    expect(ticks[0]).toBeLessThanOrEqual(-15000);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(42000);
    expect(ticks).toContain(0);
    expect(y(ticks[0] as number)).toBe(100);
    expect(y(ticks.at(-1) as number)).toBe(0);
    // Always from zero: a net worth all above it starts there.
    expect(signedScale(5000, 9000, 100, 5).ticks[0]).toBe(0);
  });
});

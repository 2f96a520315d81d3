import { describe, expect, it } from "vitest";
import { amountScale, bandScale } from "./chart-scales";

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
});

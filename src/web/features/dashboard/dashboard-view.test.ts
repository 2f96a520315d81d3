import { describe, expect, it } from "vitest";
import { weekDayRange } from "./dashboard-view";

describe("weekDayRange", () => {
  it("splits the month at days 7, 14 and 21", () => {
    const december = { year: 2025, month: 12 };
    expect(weekDayRange(1, december)).toEqual({ from: 1, to: 7 });
    expect(weekDayRange(2, december)).toEqual({ from: 8, to: 14 });
    expect(weekDayRange(3, december)).toEqual({ from: 15, to: 21 });
    expect(weekDayRange(4, december)).toEqual({ from: 22, to: 31 });
  });

  it.each([
    [2026, 2, 28],
    [2024, 2, 29],
    [2028, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2026, 11, 30],
    [2025, 1, 31],
  ])("ends the fourth week of %i-%i on day %i", (year, month, to) => {
    expect(weekDayRange(4, { year, month })).toEqual({ from: 22, to });
  });
});

import { describe, expect, it } from "vitest";
import { daysInMonth, weekDayRange } from "./dashboard-view";

describe("daysInMonth", () => {
  it.each([
    [2025, 1, 31],
    [2025, 2, 28],
    [2024, 2, 29],
    [1900, 2, 28],
    [2000, 2, 29],
    [2025, 4, 30],
    [2025, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonth({ year, month })).toBe(days);
  });
});

describe("weekDayRange", () => {
  it("splits the month at days 7, 14 and 21", () => {
    const december = { year: 2025, month: 12 };
    expect(weekDayRange(1, december)).toEqual({ from: 1, to: 7 });
    expect(weekDayRange(2, december)).toEqual({ from: 8, to: 14 });
    expect(weekDayRange(3, december)).toEqual({ from: 15, to: 21 });
    expect(weekDayRange(4, december)).toEqual({ from: 22, to: 31 });
  });

  it("ends the fourth week on the month's last day", () => {
    expect(weekDayRange(4, { year: 2026, month: 2 })).toEqual({ from: 22, to: 28 });
    expect(weekDayRange(4, { year: 2024, month: 2 })).toEqual({ from: 22, to: 29 });
    expect(weekDayRange(4, { year: 2026, month: 11 })).toEqual({ from: 22, to: 30 });
  });
});

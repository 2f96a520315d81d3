import { describe, expect, it } from "vitest";
import { daysInMonth, isCalendarDate, MAX_YEAR, MIN_YEAR } from "./calendar";

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
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe("isCalendarDate", () => {
  it("takes a month's last day, leap years included, and nothing after it", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-04-30")).toBe(true);
    expect(isCalendarDate("2025-04-31")).toBe(false);
    expect(isCalendarDate("2025-13-01")).toBe(false);
    expect(isCalendarDate("2025-01-00")).toBe(false);
    expect(isCalendarDate("2025-1-01")).toBe(false);
  });

  it("takes the years from MIN_YEAR to MAX_YEAR only", () => {
    expect(isCalendarDate(`${MIN_YEAR}-01-01`)).toBe(true);
    expect(isCalendarDate(`${MAX_YEAR}-12-31`)).toBe(true);
    expect(isCalendarDate(`${MIN_YEAR - 1}-12-31`)).toBe(false);
    expect(isCalendarDate(`${MAX_YEAR + 1}-01-01`)).toBe(false);
  });
});

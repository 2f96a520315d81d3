import { describe, expect, it } from "vitest";
import { daysInMonth, hasExampleExpense, latestExpenses, weekDayRange } from "./dashboard-view";

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

describe("latestExpenses", () => {
  const expense = (id: string, date: string, createdAt: string) => ({ id, date, createdAt });

  it("keeps the three newest by date, newest first", () => {
    const list = [
      expense("a", "2025-12-01", "2025-12-01T10:00:00.000Z"),
      expense("b", "2025-12-31", "2025-12-02T10:00:00.000Z"),
      expense("c", "2025-12-15", "2025-12-03T10:00:00.000Z"),
      expense("d", "2025-12-22", "2025-12-04T10:00:00.000Z"),
    ];
    expect(latestExpenses(list).map((e) => e.id)).toEqual(["b", "d", "c"]);
  });

  it("puts the one recorded last first among the same day, without changing the input", () => {
    const list = [
      expense("first", "2025-12-10", "2025-12-10T08:00:00.000Z"),
      expense("second", "2025-12-10", "2025-12-10T09:00:00.000Z"),
    ];
    expect(latestExpenses(list).map((e) => e.id)).toEqual(["second", "first"]);
    expect(list.map((e) => e.id)).toEqual(["first", "second"]);
  });

  it("returns fewer when the month has fewer", () => {
    expect(latestExpenses([])).toEqual([]);
    expect(latestExpenses([expense("a", "2025-12-01", "x")], 3)).toHaveLength(1);
  });
});

describe("hasExampleExpense", () => {
  it("is true only when one expense is an example", () => {
    expect(hasExampleExpense([])).toBe(false);
    expect(hasExampleExpense([{ isExample: false }])).toBe(false);
    expect(hasExampleExpense([{ isExample: false }, { isExample: true }])).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import {
  addDays,
  nextOccurrenceAfter,
  occurrencesBetween,
  type RecurrenceRule,
} from "./recurrence";

const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  frequency: "monthly",
  dayOfWeek: null,
  dayOfMonth: 1,
  monthOfYear: null,
  startDate: "2020-01-01",
  endDate: null,
  ...overrides,
});

describe("occurrencesBetween", () => {
  it("falls on the last day of months shorter than the rule's day", () => {
    expect(occurrencesBetween(rule({ dayOfMonth: 31 }), "2027-01-01", "2027-05-31")).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
    expect(occurrencesBetween(rule({ dayOfMonth: 30 }), "2028-02-01", "2028-02-29")).toEqual([
      "2028-02-29",
    ]);
  });

  it("keeps a yearly 29 February on leap years and the 28th otherwise", () => {
    const leap = rule({ frequency: "yearly", monthOfYear: 2, dayOfMonth: 29 });
    expect(occurrencesBetween(leap, "2026-01-01", "2029-12-31")).toEqual([
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
      "2029-02-28",
    ]);
  });

  it("steps weekly from the first matching weekday, across months and years", () => {
    // 2026-12-28 is a Monday; 3 = Wednesday.
    const weekly = rule({ frequency: "weekly", dayOfWeek: 3, dayOfMonth: null });
    expect(occurrencesBetween(weekly, "2026-12-28", "2027-01-20")).toEqual([
      "2026-12-30",
      "2027-01-06",
      "2027-01-13",
      "2027-01-20",
    ]);
    const sunday = rule({ frequency: "weekly", dayOfWeek: 7, dayOfMonth: null });
    expect(occurrencesBetween(sunday, "2026-11-23", "2026-11-29")).toEqual(["2026-11-29"]);
    const monday = rule({ frequency: "weekly", dayOfWeek: 1, dayOfMonth: null });
    expect(occurrencesBetween(monday, "2026-11-23", "2026-11-29")).toEqual(["2026-11-23"]);
  });

  it("stays within the rule's start and end dates and the range asked for", () => {
    const bounded = rule({ dayOfMonth: 10, startDate: "2026-02-11", endDate: "2026-05-10" });
    expect(occurrencesBetween(bounded, "2026-01-01", "2026-12-31")).toEqual([
      "2026-03-10",
      "2026-04-10",
      "2026-05-10",
    ]);
    expect(occurrencesBetween(bounded, "2026-04-11", "2026-12-31")).toEqual(["2026-05-10"]);
    expect(occurrencesBetween(bounded, "2026-06-01", "2026-12-31")).toEqual([]);
    expect(occurrencesBetween(bounded, "2026-03-10", "2026-03-10")).toEqual(["2026-03-10"]);
  });
});

describe("nextOccurrenceAfter", () => {
  it("is the first date strictly after the day given, or null once the rule has ended", () => {
    const monthly = rule({ dayOfMonth: 15, endDate: "2026-06-15" });
    expect(nextOccurrenceAfter(monthly, "2026-03-14")).toBe("2026-03-15");
    expect(nextOccurrenceAfter(monthly, "2026-03-15")).toBe("2026-04-15");
    expect(nextOccurrenceAfter(monthly, "2026-06-15")).toBeNull();
    expect(nextOccurrenceAfter(rule({ startDate: "2030-05-02" }), "2026-01-01")).toBe("2030-06-01");
  });
});

describe("calendar helpers", () => {
  it("add days without a time zone", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});

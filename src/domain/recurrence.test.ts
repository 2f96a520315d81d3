import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBusinessDay } from "./budget-period";
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
  businessDay: null,
  startDate: "2020-01-01",
  endDate: null,
  ...overrides,
});

describe("occurrencesBetween", () => {
  it("falls on the last day of months shorter than the rule's day", () => {
    expect(occurrencesBetween(rule({ dayOfMonth: 31 }), "2027-01-01", "2027-05-31", false)).toEqual(
      ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"],
    );
    expect(occurrencesBetween(rule({ dayOfMonth: 30 }), "2028-02-01", "2028-02-29", false)).toEqual(
      ["2028-02-29"],
    );
  });

  it("keeps a yearly 29 February on leap years and the 28th otherwise", () => {
    const leap = rule({ frequency: "yearly", monthOfYear: 2, dayOfMonth: 29 });
    expect(occurrencesBetween(leap, "2026-01-01", "2029-12-31", false)).toEqual([
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
      "2029-02-28",
    ]);
  });

  it("steps weekly from the first matching weekday, across months and years", () => {
    // 2026-12-28 is a Monday; 3 = Wednesday.
    const weekly = rule({ frequency: "weekly", dayOfWeek: 3, dayOfMonth: null });
    expect(occurrencesBetween(weekly, "2026-12-28", "2027-01-20", false)).toEqual([
      "2026-12-30",
      "2027-01-06",
      "2027-01-13",
      "2027-01-20",
    ]);
    const sunday = rule({ frequency: "weekly", dayOfWeek: 7, dayOfMonth: null });
    expect(occurrencesBetween(sunday, "2026-11-23", "2026-11-29", false)).toEqual(["2026-11-29"]);
    const monday = rule({ frequency: "weekly", dayOfWeek: 1, dayOfMonth: null });
    expect(occurrencesBetween(monday, "2026-11-23", "2026-11-29", false)).toEqual(["2026-11-23"]);
  });

  it("stays within the rule's start and end dates and the range asked for", () => {
    const bounded = rule({ dayOfMonth: 10, startDate: "2026-02-11", endDate: "2026-05-10" });
    expect(occurrencesBetween(bounded, "2026-01-01", "2026-12-31", false)).toEqual([
      "2026-03-10",
      "2026-04-10",
      "2026-05-10",
    ]);
    expect(occurrencesBetween(bounded, "2026-04-11", "2026-12-31", false)).toEqual(["2026-05-10"]);
    expect(occurrencesBetween(bounded, "2026-06-01", "2026-12-31", false)).toEqual([]);
    expect(occurrencesBetween(bounded, "2026-03-10", "2026-03-10", false)).toEqual(["2026-03-10"]);
  });
});

/** The business days of a month, counted one by one with the budget month's own predicate. */
const businessDaysOf = (year: number, month: number, saturdays: boolean) => {
  const days: string[] = [];
  for (let day = 1; day <= new Date(Date.UTC(year, month, 0)).getUTCDate(); day++) {
    const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    if (isBusinessDay(date, saturdays)) days.push(date);
  }
  return days;
};

describe("the nth business day", () => {
  const onBusinessDay = (businessDay: number) =>
    rule({ dayOfMonth: null, businessDay, startDate: "1900-01-01" });

  it("counts December 2026's 5th business day by hand, with and without Saturdays", () => {
    // 1 December 2026 is a Tuesday: Tue 1, Wed 2, Thu 3, Fri 4, then Monday 7 (Mon-Fri) or
    // Saturday 5 (Mon-Sat).
    expect(occurrencesBetween(onBusinessDay(5), "2026-12-01", "2026-12-31", false)).toEqual([
      "2026-12-07",
    ]);
    expect(occurrencesBetween(onBusinessDay(5), "2026-12-01", "2026-12-31", true)).toEqual([
      "2026-12-05",
    ]);
  });

  it("skips the national holidays: January 2027 starts on New Year's Day, a Friday", () => {
    // Fri 1 is a holiday, so Mon 4 is the 1st business day and Fri 8 the 5th.
    expect(occurrencesBetween(onBusinessDay(1), "2027-01-01", "2027-01-31", false)).toEqual([
      "2027-01-04",
    ]);
    expect(occurrencesBetween(onBusinessDay(5), "2027-01-01", "2027-01-31", false)).toEqual([
      "2027-01-08",
    ]);
  });

  it("falls on the month's last business day when it has fewer than n", () => {
    // February 2027: 20 weekdays, less Carnaval Monday and Tuesday (8 and 9): 18 business days.
    expect(businessDaysOf(2027, 2, false)).toHaveLength(18);
    expect(occurrencesBetween(onBusinessDay(20), "2027-02-01", "2027-02-28", false)).toEqual([
      "2027-02-26",
    ]);
  });

  it("is one business day of each month, with exactly n-1 of the month's before it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2199 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        (year, month, n, saturdays) => {
          const days = businessDaysOf(year, month, saturdays);
          const first = `${year}-${String(month).padStart(2, "0")}-01`;
          const last = days.at(-1) as string;
          const dates = occurrencesBetween(onBusinessDay(n), first, addDays(first, 40), saturdays);
          const date = dates[0] as string;
          expect(date.slice(0, 7)).toBe(first.slice(0, 7));
          expect(isBusinessDay(date, saturdays)).toBe(true);
          const before = days.filter((day) => day < date).length;
          if (days.length >= n) expect(before).toBe(n - 1);
          else expect(date).toBe(last);
          // One a month: the next is in the following month.
          expect(dates[1]?.slice(0, 7)).not.toBe(first.slice(0, 7));
        },
      ),
    );
  });

  it("gives the next date after a day in the same calendar", () => {
    expect(nextOccurrenceAfter(onBusinessDay(5), "2026-11-27", false)).toBe("2026-12-07");
    expect(nextOccurrenceAfter(onBusinessDay(5), "2026-12-07", false)).toBe("2027-01-08");
  });
});

describe("nextOccurrenceAfter", () => {
  it("is the first date strictly after the day given, or null once the rule has ended", () => {
    const monthly = rule({ dayOfMonth: 15, endDate: "2026-06-15" });
    expect(nextOccurrenceAfter(monthly, "2026-03-14", false)).toBe("2026-03-15");
    expect(nextOccurrenceAfter(monthly, "2026-03-15", false)).toBe("2026-04-15");
    expect(nextOccurrenceAfter(monthly, "2026-06-15", false)).toBeNull();
    expect(nextOccurrenceAfter(rule({ startDate: "2030-05-02" }), "2026-01-01", false)).toBe(
      "2030-06-01",
    );
  });
});

describe("calendar helpers", () => {
  it("add days without a time zone", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});

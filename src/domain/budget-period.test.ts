import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BudgetPeriodRule, CALENDAR_MONTH } from "../contract/budget-period-rule";
import { dateOfEpochDay, epochDayOf, isBrazilNationalHoliday } from "./brazil-holidays";
import { nextMonth, previousMonth, type YearMonth } from "./budget";
import {
  type BudgetPeriod,
  isBusinessDay,
  isCalendarMonth,
  periodNamed,
  periodOf,
  periodStart,
  type WeekBucket,
  weekBucketsOf,
  weekOfPeriod,
} from "./budget-period";
import { anyRule, someDate, YEAR_MAX, YEAR_MIN } from "./testing/period-rules";

/**
 * The family's budget month (docs/product.md#budget-periods): worked examples checked against a
 * calendar by hand, then the properties that make it a budget month at all, on random rules and
 * dates: every day counts in exactly one period, the four week buckets split it, the default is
 * the specification's calendar month, and the start is the day the rule says.
 */

const rule = (
  start: BudgetPeriodRule["start"],
  day: number,
  saturdays = false,
  closedDay: BudgetPeriodRule["closedDay"] = "stay",
): BudgetPeriodRule => ({ start, day, saturdays, closedDay });

const pad = (n: number) => String(n).padStart(2, "0");
const nameOf = (date: string): YearMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});
const monthKey = ({ year, month }: YearMonth) => `${year}-${pad(month)}`;
const addDays = (date: string, days: number) => dateOfEpochDay(epochDayOf(date) + days);
const lengthOf = (period: { first: string; last: string }) =>
  epochDayOf(period.last) - epochDayOf(period.first) + 1;
function* daysOf(period: { first: string; last: string }) {
  for (let day = epochDayOf(period.first); day <= epochDayOf(period.last); day++) {
    yield dateOfEpochDay(day);
  }
}
// The test's own calendar: a month's length is the day before the next month's first.
const daysIn = ({ year, month }: YearMonth) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const ruleOf = (...starts: BudgetPeriodRule["start"][]) =>
  anyRule.filter((rule) => starts.includes(rule.start));

const someName = fc.record({
  year: fc.integer({ min: YEAR_MIN, max: YEAR_MAX }),
  month: fc.integer({ min: 1, max: 12 }),
});

describe("worked examples", () => {
  it("counts the 5th business day of November 2026 past Finados (Nov 2), Saturdays or not", () => {
    // Nov 1 is a Sunday and Nov 2 a holiday: the business days start on Tuesday the 3rd.
    expect(periodStart({ year: 2026, month: 11 }, rule("business-day", 5, true))).toBe(
      "2026-11-07",
    );
    expect(periodNamed({ year: 2026, month: 11 }, rule("business-day", 5))).toEqual({
      year: 2026,
      month: 11,
      first: "2026-11-09",
      // December's 5th business day (Mon-Fri) is Monday the 7th.
      last: "2026-12-06",
    });
    // The 8th of November is still October's period, which began on Wednesday Oct 7.
    expect(periodOf("2026-11-08", rule("business-day", 5))).toEqual({
      year: 2026,
      month: 10,
      first: "2026-10-07",
      last: "2026-11-08",
    });
    expect(periodOf("2026-11-09", rule("business-day", 5)).month).toBe(11);
  });

  it("moves a fixed 16th off Carnaval (Mon 16 and Tue 17 February 2026) and the weekend", () => {
    // Day 16 names the next month: March 2026's period starts in February.
    const march = { year: 2026, month: 3 };
    expect(periodStart(march, rule("fixed-day", 16, false, "stay"))).toBe("2026-02-16");
    expect(periodStart(march, rule("fixed-day", 16, false, "previous"))).toBe("2026-02-13");
    expect(periodStart(march, rule("fixed-day", 16, true, "previous"))).toBe("2026-02-14");
    // Ash Wednesday is a working day.
    expect(periodStart(march, rule("fixed-day", 16, false, "next"))).toBe("2026-02-18");
    // Monday March 16 is a business day: the period ends the day before.
    expect(periodNamed(march, rule("fixed-day", 16, false, "previous")).last).toBe("2026-03-15");
  });

  it("moves a fixed 6th of September 2026 (a Sunday, the 7th a holiday) either way", () => {
    const september = { year: 2026, month: 9 };
    expect(periodStart(september, rule("fixed-day", 6, false, "previous"))).toBe("2026-09-04");
    expect(periodStart(september, rule("fixed-day", 6, true, "previous"))).toBe("2026-09-05");
    expect(periodStart(september, rule("fixed-day", 6, false, "next"))).toBe("2026-09-08");
    expect(periodStart(september, rule("fixed-day", 6, false, "stay"))).toBe("2026-09-06");
  });

  it("starts a month's period on the last business day of the month before", () => {
    // October 31, 2026 is a Saturday.
    expect(periodNamed({ year: 2026, month: 11 }, rule("last-business-day", 1))).toEqual({
      year: 2026,
      month: 11,
      first: "2026-10-30",
      last: "2026-11-29",
    });
    expect(periodStart({ year: 2026, month: 11 }, rule("last-business-day", 1, true))).toBe(
      "2026-10-31",
    );
    // February 2028 ends on Carnaval Monday 28 and Tuesday 29, after a weekend.
    expect(periodStart({ year: 2028, month: 3 }, rule("last-business-day", 1))).toBe("2028-02-25");
    expect(periodStart({ year: 2028, month: 3 }, rule("last-business-day", 1, true))).toBe(
      "2028-02-26",
    );
  });

  it("splits a period into weeks from its own first day", () => {
    const november = periodNamed({ year: 2026, month: 11 }, rule("last-business-day", 1));
    expect(weekBucketsOf(november)).toEqual([
      { week: 1, first: "2026-10-30", last: "2026-11-05" },
      { week: 2, first: "2026-11-06", last: "2026-11-12" },
      { week: 3, first: "2026-11-13", last: "2026-11-19" },
      { week: 4, first: "2026-11-20", last: "2026-11-29" },
    ]);
    expect(weekOfPeriod("2026-11-05", november)).toBe(1);
    expect(weekOfPeriod("2026-11-06", november)).toBe(2);
    expect(weekOfPeriod("2026-11-29", november)).toBe(4);
  });

  it("keeps the calendar month by default, February 29 included", () => {
    expect(periodNamed({ year: 2024, month: 2 }, CALENDAR_MONTH)).toEqual({
      year: 2024,
      month: 2,
      first: "2024-02-01",
      last: "2024-02-29",
    });
  });

  it("counts Saturday as a business day only when the family says so", () => {
    expect(isBusinessDay("2026-11-07", false)).toBe(false);
    expect(isBusinessDay("2026-11-07", true)).toBe(true);
    expect(isBusinessDay("2026-11-08", true)).toBe(false); // Sunday
    expect(isBusinessDay("2026-11-02", true)).toBe(false); // Finados, a Monday
    expect(isBusinessDay("2026-11-03", false)).toBe(true);
  });
});

describe("isBusinessDay", () => {
  it("is a weekday (Saturday when counted) that is not a holiday, on every day of 2000-2040", () => {
    for (let day = epochDayOf("2000-01-01"); day <= epochDayOf("2040-12-31"); day++) {
      const date = dateOfEpochDay(day);
      // The JavaScript calendar's weekday, 0 for Sunday, not the module's arithmetic.
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      const holiday = isBrazilNationalHoliday(date);
      expect(isBusinessDay(date, false), date).toBe(weekday >= 1 && weekday <= 5 && !holiday);
      expect(isBusinessDay(date, true), date).toBe(weekday >= 1 && !holiday);
    }
  });
});

describe("every date lies in exactly one period", () => {
  it("lies between the first and last day of periodOf's period, named by its own month or one beside it", () => {
    fc.assert(
      fc.property(anyRule, someDate, (rule, date) => {
        const period = periodOf(date, rule);
        expect(period.first <= date && date <= period.last).toBe(true);
        const own = nameOf(date);
        expect([previousMonth(own), own, nextMonth(own)].map(monthKey)).toContain(monthKey(period));
        expect(periodNamed(period, rule)).toEqual(period);
      }),
      { numRuns: 300 },
    );
  });

  it("abuts the periods before and after it, with no gap and no overlap", () => {
    fc.assert(
      fc.property(anyRule, someName, (rule, name) => {
        const period = periodNamed(name, rule);
        expect(period.first <= period.last).toBe(true);
        expect(periodNamed(previousMonth(name), rule).last).toBe(addDays(period.first, -1));
        expect(periodNamed(nextMonth(name), rule).first).toBe(addDays(period.last, 1));
      }),
      { numRuns: 300 },
    );
  });

  it("gives each calendar month exactly one period: the one all of its days count in", () => {
    fc.assert(
      fc.property(anyRule, someName, (rule, name) => {
        const period = periodNamed(name, rule);
        for (const date of daysOf(period)) {
          expect(periodOf(date, rule), date).toEqual(period);
        }
        // And the days just outside count in the neighbours'.
        expect(monthKey(periodOf(addDays(period.first, -1), rule))).toBe(
          monthKey(previousMonth(name)),
        );
        expect(monthKey(periodOf(addDays(period.last, 1), rule))).toBe(monthKey(nextMonth(name)));
      }),
      { numRuns: 150 },
    );
  });

  it("runs 24 to 35 days, within the 40 the alert trigger counts on (budget-alerts.sql)", () => {
    fc.assert(
      fc.property(anyRule, someName, (rule, name) => {
        const length = lengthOf(periodNamed(name, rule));
        expect(length).toBeGreaterThanOrEqual(24);
        expect(length).toBeLessThanOrEqual(35);
      }),
      { numRuns: 300 },
    );
  });
});

describe("week buckets", () => {
  /** The buckets of a period as the specification counts them, days 1-7, 8-14, 15-21, 22-end. */
  const expectSpecBuckets = (period: BudgetPeriod) => {
    const buckets = weekBucketsOf(period);
    expect(buckets.map((b) => b.week)).toEqual([1, 2, 3, 4]);
    expect(buckets[0]?.first).toBe(period.first);
    expect(buckets[3]?.last).toBe(period.last);
    buckets.forEach((bucket, i) => {
      expect(bucket.first).toBe(addDays(period.first, i * 7));
      if (i < 3) expect(bucket.last).toBe(addDays(period.first, i * 7 + 6));
      const next = buckets[i + 1];
      if (next) expect(next.first).toBe(addDays(bucket.last, 1));
      for (const date of daysOf(bucket)) expect(weekOfPeriod(date, period), date).toBe(bucket.week);
    });
    return buckets;
  };

  it("partition any period into 1-7, 8-14, 15-21 and 22 to its end, as weekOfPeriod counts", () => {
    fc.assert(
      fc.property(anyRule, someName, (rule, name) => {
        const period = periodNamed(name, rule);
        const buckets = expectSpecBuckets(period);
        const covered = buckets.reduce((days, bucket) => days + lengthOf(bucket), 0);
        expect(covered).toBe(lengthOf(period));
        // 7 to 10 days in a calendar month, 3 to 14 in the 24 to 35 days of other rules'.
        const fourth = lengthOf(buckets[3] as WeekBucket);
        expect(fourth).toBeGreaterThanOrEqual(isCalendarMonth(rule) ? 7 : 3);
        expect(fourth).toBeLessThanOrEqual(isCalendarMonth(rule) ? 10 : 14);
      }),
      { numRuns: 200 },
    );
  });

  it("agree with weekOfPeriod on the period periodOf gives any date", () => {
    fc.assert(
      fc.property(anyRule, someDate, (rule, date) => {
        const period = periodOf(date, rule);
        const week = weekOfPeriod(date, period);
        const bucket = weekBucketsOf(period).find((b) => b.week === week);
        expect(bucket && bucket.first <= date && date <= bucket.last).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the default rule, CALENDAR_MONTH", () => {
  it("is the calendar month with the specification's buckets on every day of 2000-2040", () => {
    for (let year = 2000; year <= 2040; year++) {
      for (let month = 1; month <= 12; month++) {
        const days = daysIn({ year, month });
        const first = `${year}-${pad(month)}-01`;
        const last = `${year}-${pad(month)}-${pad(days)}`;
        const expected = { year, month, first, last };
        const buckets = [
          { week: 1, first, last: `${year}-${pad(month)}-07` },
          { week: 2, first: `${year}-${pad(month)}-08`, last: `${year}-${pad(month)}-14` },
          { week: 3, first: `${year}-${pad(month)}-15`, last: `${year}-${pad(month)}-21` },
          { week: 4, first: `${year}-${pad(month)}-22`, last },
        ];
        expect(periodNamed({ year, month }, CALENDAR_MONTH)).toEqual(expected);
        for (let day = 1; day <= days; day++) {
          const date = `${year}-${pad(month)}-${pad(day)}`;
          const period = periodOf(date, CALENDAR_MONTH);
          expect(period, date).toEqual(expected);
          expect(weekOfPeriod(date, period), date).toBe(Math.min(4, Math.ceil(day / 7)));
        }
        expect(weekBucketsOf(expected)).toEqual(buckets);
      }
    }
  });
});

describe("the period's name", () => {
  /** How many of a period's days each calendar month holds. */
  const daysPerMonth = (period: BudgetPeriod) => {
    const counts = new Map<string, number>();
    for (const date of daysOf(period)) {
      counts.set(date.slice(0, 7), (counts.get(date.slice(0, 7)) ?? 0) + 1);
    }
    return counts;
  };

  it("is the month holding most of its days, but for a fixed 16th after a 31-day month", () => {
    const unmoved = fc.oneof(
      fc.constant(CALENDAR_MONTH),
      fc.record({
        start: fc.constant("fixed-day" as const),
        day: fc.oneof(fc.integer({ min: 2, max: 28 }), fc.constantFrom(15, 16)),
        saturdays: fc.boolean(),
        closedDay: fc.constant("stay" as const),
      }),
    );
    fc.assert(
      fc.property(unmoved, someName, (rule, name) => {
        const period = periodNamed(name, rule);
        const counts = daysPerMonth(period);
        const named = counts.get(monthKey(name)) ?? 0;
        const most = Math.max(...counts.values());
        const before = previousMonth(name);
        if (rule.day === 16 && daysIn(before) === 31) {
          // docs/product.md#budget-periods: the 16th names the next month, whose 15 days are one
          // fewer than the 16 the start month holds.
          expect([counts.get(monthKey(before)), named]).toEqual([16, 15]);
        } else {
          expect(named, JSON.stringify([rule, name, [...counts]])).toBe(most);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("follows the rule's nominal day when a start moves or counts business days", () => {
    // A moved start can leave the name's month with fewer days (a 15th moved to the 19th, the
    // 10th business day after Carnaval): the name stays the rule's, so a family's months do not
    // change names from one year to the next.
    fc.assert(
      fc.property(anyRule, someName, (rule, name) => {
        const first = periodStart(name, rule);
        const before = previousMonth(name);
        switch (rule.start) {
          case "first-day":
            expect(first).toBe(`${monthKey(name)}-01`);
            break;
          case "fixed-day": {
            const month = rule.day <= 15 ? name : before;
            const nominal = `${monthKey(month)}-${pad(rule.day)}`;
            const distance = epochDayOf(first) - epochDayOf(nominal);
            if (rule.closedDay === "previous") expect(distance).toBeLessThanOrEqual(0);
            if (rule.closedDay === "next") expect(distance).toBeGreaterThanOrEqual(0);
            expect(Math.abs(distance)).toBeLessThanOrEqual(4);
            break;
          }
          case "business-day":
            expect(first.slice(0, 7)).toBe(monthKey(name));
            break;
          case "last-business-day":
            expect(first.slice(0, 7)).toBe(monthKey(before));
            break;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the start", () => {
  it("is a business day for every rule but the calendar month and a fixed day that stays", () => {
    fc.assert(
      fc.property(
        ruleOf("business-day", "last-business-day", "fixed-day"),
        someName,
        (rule, name) => {
          if (rule.start === "fixed-day" && rule.closedDay === "stay") return;
          const first = periodStart(name, rule);
          expect(isBusinessDay(first, rule.saturdays), first).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is the Nth business day of the name's month: N business days from the 1st through it", () => {
    fc.assert(
      fc.property(ruleOf("business-day"), someName, (rule, name) => {
        const first = periodStart(name, rule);
        const counted = [...daysOf({ first: `${monthKey(name)}-01`, last: first })].filter((d) =>
          isBusinessDay(d, rule.saturdays),
        );
        expect(counted.length).toBe(rule.day);
        expect(counted.at(-1)).toBe(first);
      }),
      { numRuns: 300 },
    );
  });

  it("is the last business day of the month before: none follows it in that month", () => {
    fc.assert(
      fc.property(ruleOf("last-business-day"), someName, (rule, name) => {
        const first = periodStart(name, rule);
        const before = previousMonth(name);
        const monthEnd = `${monthKey(before)}-${pad(daysIn(before))}`;
        expect(isBusinessDay(first, rule.saturdays)).toBe(true);
        for (const date of daysOf({ first: addDays(first, 1), last: monthEnd })) {
          expect(isBusinessDay(date, rule.saturdays), date).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is exactly the fixed day when it stays, and the nearest business day when it moves", () => {
    fc.assert(
      fc.property(ruleOf("fixed-day"), someName, (rule, name) => {
        const month = rule.day <= 15 ? name : previousMonth(name);
        const nominal = `${monthKey(month)}-${pad(rule.day)}`;
        const first = periodStart(name, rule);
        if (rule.closedDay === "stay") {
          expect(first).toBe(nominal);
          return;
        }
        // No business day lies between the nominal day and the start.
        const [from, to] = first <= nominal ? [first, nominal] : [nominal, first];
        for (const date of daysOf({ first: from, last: to })) {
          expect(isBusinessDay(date, rule.saturdays), date).toBe(date === first);
        }
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { MAX_YEAR, MIN_YEAR } from "../../contract/calendar";
import { yearSchema } from "../../contract/calendar-date";
import { selectedMonthOf } from "./use-selected-month";

const today = "2026-11-22";
const shown = (search: string) => selectedMonthOf(new URLSearchParams(search), today);

describe("selectedMonthOf", () => {
  it("accepts exactly the years the API accepts, and shows the current month otherwise", () => {
    expect(shown(`month=1&year=${MIN_YEAR}`)).toEqual({ year: MIN_YEAR, month: 1 });
    expect(shown(`month=12&year=${MAX_YEAR}`)).toEqual({ year: MAX_YEAR, month: 12 });
    for (const year of [MIN_YEAR - 1, MAX_YEAR + 1, 9999]) {
      expect(shown(`month=3&year=${year}`)).toEqual({ year: 2026, month: 11 });
    }
    for (const year of [MIN_YEAR - 1, MIN_YEAR, MAX_YEAR, MAX_YEAR + 1, 9999]) {
      const accepted = shown(`month=3&year=${year}`).year === year;
      expect(accepted, String(year)).toBe(yearSchema.safeParse(year).success);
    }
  });
});

describe("the month shown by default", () => {
  const fifthBusinessDay = {
    start: "business-day",
    day: 5,
    saturdays: false,
    closedDay: "stay",
  } as const;
  const none = new URLSearchParams("");

  it("is the family's budget month holding today, not always today's calendar month", () => {
    // 3 November 2026: November's 5th business day is the 9th (2 November is All Souls).
    expect(selectedMonthOf(none, "2026-11-03", fifthBusinessDay)).toEqual({
      year: 2026,
      month: 10,
    });
    expect(selectedMonthOf(none, "2026-11-09", fifthBusinessDay)).toEqual({
      year: 2026,
      month: 11,
    });
    // A fixed day after the 15th names the month after the one it starts in.
    const twentieth = { start: "fixed-day", day: 20, saturdays: false, closedDay: "stay" } as const;
    expect(selectedMonthOf(none, "2026-12-25", twentieth)).toEqual({ year: 2027, month: 1 });
    // The calendar month, the default rule.
    expect(selectedMonthOf(none, "2026-11-03")).toEqual({ year: 2026, month: 11 });
  });

  it("gives way to the address's month", () => {
    expect(
      selectedMonthOf(new URLSearchParams("month=11&year=2026"), "2026-11-03", fifthBusinessDay),
    ).toEqual({ year: 2026, month: 11 });
  });
});

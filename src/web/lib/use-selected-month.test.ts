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

import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { dayAndMonth, scheduleText, weekdayName } from "./schedule-text";

// The catalogue key itself: which text is picked, not how a language words it.
const t = ((key: string) => key) as unknown as TFunction;

describe("schedule texts", () => {
  it("names ISO weekdays from Monday to Sunday in each language", () => {
    expect(weekdayName(1, "en")).toBe("Monday");
    expect(weekdayName(7, "en")).toBe("Sunday");
    expect(weekdayName(1, "pt")).toBe("segunda-feira");
    expect(weekdayName(3, "es")).toBe("miércoles");
  });

  it("writes a yearly date, 29 February included", () => {
    expect(dayAndMonth(2, 29, "en")).toBe("February 29");
    expect(dayAndMonth(2, 29, "pt")).toBe("29 de fevereiro");
    expect(dayAndMonth(12, 25, "es")).toBe("25 de diciembre");
  });

  it("picks the text of the rule's frequency", () => {
    const base = { dayOfWeek: null, dayOfMonth: null, monthOfYear: null, businessDay: null };
    expect(scheduleText({ ...base, frequency: "weekly", dayOfWeek: 5 }, "en", t)).toEqual({
      key: "recurring.schedule.weekly",
      values: { day: "Friday" },
    });
    expect(scheduleText({ ...base, frequency: "monthly", dayOfMonth: 31 }, "pt", t)).toEqual({
      key: "recurring.schedule.monthly",
      values: { day: 31 },
    });
    expect(
      scheduleText({ ...base, frequency: "yearly", monthOfYear: 3, dayOfMonth: 1 }, "en", t),
    ).toEqual({ key: "recurring.schedule.yearly", values: { date: "March 1" } });
  });

  it("words a monthly rule on a business day with its ordinal", () => {
    const rule = { frequency: "monthly", dayOfWeek: null, dayOfMonth: null, monthOfYear: null };
    expect(scheduleText({ ...rule, frequency: "monthly", businessDay: 5 }, "pt", t)).toEqual({
      key: "recurring.schedule.monthlyBusinessDay",
      values: { nth: "recurring.ordinal.5" },
    });
  });
});

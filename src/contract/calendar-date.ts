import { z } from "zod";
import { daysInMonth, isCalendarDate, MAX_YEAR, MIN_YEAR } from "./calendar";
import { text } from "./text";

// Defined without zod in calendar.ts, for the screens that must not load it.
export { daysInMonth, isCalendarDate };

export const calendarDateSchema = text("validation.dateInvalid").refine(
  isCalendarDate,
  "validation.dateInvalid",
);

export const monthSchema = z.coerce
  .number({ error: "validation.monthInvalid" })
  .int("validation.monthInvalid")
  .min(1, "validation.monthInvalid")
  .max(12, "validation.monthInvalid");

export const yearSchema = z.coerce
  .number({ error: "validation.yearInvalid" })
  .int("validation.yearInvalid")
  .min(MIN_YEAR, "validation.yearInvalid")
  .max(MAX_YEAR, "validation.yearInvalid");

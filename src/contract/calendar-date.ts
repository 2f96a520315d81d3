import { z } from "zod";
import { text } from "./text";

/**
 * A calendar date "YYYY-MM-DD" with no time zone: an expense happens on a day, not at an instant,
 * so no time zone can move it to another day or month.
 */
export const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
};

export const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

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
  .min(1900, "validation.yearInvalid")
  .max(2199, "validation.yearInvalid");

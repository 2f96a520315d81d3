import type { TFunction } from "i18next";
import type { Language } from "../../../contract/common";
import type { RecurringRule } from "../../../contract/recurring";
import { localeOf } from "../../lib/format";

/** "Monday", "segunda-feira", "lunes": ISO day 1 = Monday (1 January 2024 was one). */
export function weekdayName(isoDay: number, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { weekday: "long", timeZone: "UTC" }).format(
    Date.UTC(2024, 0, isoDay),
  );
}

/** "29 February", "29 de fevereiro": in a leap year, so 29 February exists. */
export function dayAndMonth(month: number, day: number, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(Date.UTC(2028, month - 1, day));
}

/** "5º", "5th", "5.º": a business day's number (1-20) in the reader's language. */
export const ordinalOf = (day: number, t: TFunction) => t(`recurring.ordinal.${day}`);

/** The catalogue key and values of "Every month on day 10" and its kin. */
export function scheduleText(
  rule: Pick<
    RecurringRule,
    "frequency" | "dayOfWeek" | "dayOfMonth" | "monthOfYear" | "businessDay"
  >,
  language: Language,
  t: TFunction,
): { key: string; values: Record<string, string | number> } {
  if (rule.frequency === "weekly") {
    return {
      key: "recurring.schedule.weekly",
      values: { day: weekdayName(rule.dayOfWeek ?? 1, language) },
    };
  }
  if (rule.frequency === "monthly" && rule.businessDay !== null) {
    return {
      key: "recurring.schedule.monthlyBusinessDay",
      values: { nth: ordinalOf(rule.businessDay, t) },
    };
  }
  if (rule.frequency === "monthly") {
    return { key: "recurring.schedule.monthly", values: { day: rule.dayOfMonth ?? 1 } };
  }
  return {
    key: "recurring.schedule.yearly",
    values: { date: dayAndMonth(rule.monthOfYear ?? 1, rule.dayOfMonth ?? 1, language) },
  };
}

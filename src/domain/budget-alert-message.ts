import type { Language } from "../contract/common";
import { localeSettings } from "../contract/locale";
import type { BudgetAlert } from "../contract/notifications";
import { weekDays, weekOfMonth } from "./budget";

/** i18next's t (web) or the server's translate, bound to one language. */
export type Translate = (key: string, params: Record<string, string>) => string;

const utcDate = (iso: string) =>
  new Date(
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))),
  );

/** The last day of the week bucket that starts on `start` (day 1, 8, 15 or 22 of its month). */
function weekBucketEnd(start: string): Date {
  const [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const { last } = weekDays(weekOfMonth(start), { year, month });
  return new Date(Date.UTC(year, month - 1, last));
}

/**
 * The sentence of a budget alert, the same on the bell's list and in the mail ('Alimentação passou
 * de 80% do orçamento mensal de novembro de 2026: R$ 410,00 de R$ 500,00'): the category as it was
 * named when the alert fired, the period in words, amounts in the language's currency format.
 * Calendar dates are formatted in UTC, so no time zone moves them.
 */
export function budgetAlertMessage(alert: BudgetAlert, language: Language, t: Translate): string {
  const { locale, currency } = localeSettings[language];
  const money = new Intl.NumberFormat(locale, { style: "currency", currency });
  const period =
    alert.period === "month"
      ? new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" }).format(
          utcDate(alert.periodStart),
        )
      : new Intl.DateTimeFormat(locale, {
          timeZone: "UTC",
          day: "numeric",
          month: "long",
          year: "numeric",
        }).formatRange(utcDate(alert.periodStart), weekBucketEnd(alert.periodStart));
  return t(`budgetAlert.${alert.period}${alert.threshold}`, {
    category: alert.categoryName,
    period,
    spent: money.format(alert.spent as Intl.StringNumericLiteral),
    budget: money.format(alert.budget as Intl.StringNumericLiteral),
  });
}

import type { Language } from "../contract/common";
import { localeSettings } from "../contract/locale";
import type { BudgetAlert } from "../contract/notifications";

/** i18next's t (web) or the server's translate, bound to one language. */
export type Translate = (key: string, params: Record<string, string>) => string;

const utcDate = (iso: string) =>
  new Date(
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))),
  );

/**
 * The sentence of a budget alert, the same on the bell's list and in the mail ('Alimentação passou
 * de 80% do orçamento mensal de novembro de 2026: R$ 410,00 de R$ 500,00'): the category as it was
 * named when the alert fired, the period in words, amounts in the language's currency format.
 * A month alert says the budget month by its name (periodMonth, docs/product.md#budget-periods),
 * as the dashboard's navigation does, whatever day it started; a week alert says the bucket's
 * first and last day as the alert recorded them, which may lie in two months. Calendar dates are
 * formatted in UTC, so no time zone moves them.
 */
export function budgetAlertMessage(alert: BudgetAlert, language: Language, t: Translate): string {
  const { locale, currency } = localeSettings[language];
  const money = new Intl.NumberFormat(locale, { style: "currency", currency });
  const period =
    alert.period === "month"
      ? new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" }).format(
          utcDate(alert.periodMonth),
        )
      : new Intl.DateTimeFormat(locale, {
          timeZone: "UTC",
          day: "numeric",
          month: "long",
          year: "numeric",
        }).formatRange(utcDate(alert.periodStart), utcDate(alert.periodEnd));
  return t(`budgetAlert.${alert.period}${alert.threshold}`, {
    category: alert.categoryName,
    period,
    spent: money.format(alert.spent as Intl.StringNumericLiteral),
    budget: money.format(alert.budget as Intl.StringNumericLiteral),
  });
}

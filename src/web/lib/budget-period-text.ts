import type { TFunction } from "i18next";
import type { BudgetPeriodRule } from "../../contract/budget-period-rule";

// Texts live under the top-level "budgetPeriod" key of the family feature's locale files, which
// sets the rule (as the month navigation's live in the dashboard's); the history words it too.

/** "5º", "5th", "5.º": the Nth business day's number (1-10) in the reader's language. */
export const businessDayOrdinal = (day: number, t: TFunction) => t(`budgetPeriod.ordinal.${day}`);

/**
 * A family's budget month rule in the reader's language (docs/product.md#budget-periods), as the
 * family's settings and the history entries of its changes show it: "Dia 1 (mês do calendário)",
 * "Dia 6 — antecipa se cair em fim de semana ou feriado", "5º dia útil (segunda a sábado)",
 * "Último dia útil do mês (segunda a sexta)". Which days are business days is said wherever it
 * matters: a fixed day that stays put does not care.
 */
export function budgetPeriodRuleText(rule: BudgetPeriodRule, t: TFunction): string {
  const days = rule.saturdays ? "monSat" : "monFri";
  const week = t(`budgetPeriod.week.${days}`);
  switch (rule.start) {
    case "first-day":
      return t("budgetPeriod.rule.firstDay");
    case "fixed-day":
      if (rule.closedDay === "stay") return t("budgetPeriod.rule.fixedDay", { day: rule.day });
      return t(
        rule.closedDay === "previous"
          ? "budgetPeriod.rule.fixedDayPrevious"
          : "budgetPeriod.rule.fixedDayNext",
        { day: rule.day, closed: t(`budgetPeriod.closed.${days}`) },
      );
    case "business-day":
      return t("budgetPeriod.rule.businessDay", { nth: businessDayOrdinal(rule.day, t), week });
    case "last-business-day":
      return t("budgetPeriod.rule.lastBusinessDay", { week });
  }
}

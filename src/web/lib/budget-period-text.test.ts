import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { type BudgetPeriodRule, CALENDAR_MONTH } from "../../contract/budget-period-rule";
import { initI18n } from "../i18n/init";
import { budgetPeriodRuleText } from "./budget-period-text";

const rule = (start: BudgetPeriodRule["start"], more: Partial<BudgetPeriodRule> = {}) => ({
  start,
  day: 1,
  saturdays: false,
  closedDay: "stay" as const,
  ...more,
});

// The screen texts are loaded for every language before the tests (testing/load-catalogues.ts).
beforeAll(() => {
  initI18n("pt");
});

const words = (language: "pt" | "en" | "es", of: BudgetPeriodRule) =>
  budgetPeriodRuleText(of, i18next.getFixedT(language));

describe("budgetPeriodRuleText", () => {
  it("words every kind of start in Portuguese", () => {
    expect(words("pt", CALENDAR_MONTH)).toBe("Dia 1 (mês do calendário)");
    expect(words("pt", rule("fixed-day", { day: 10 }))).toBe("Dia 10");
    expect(words("pt", rule("fixed-day", { day: 6, closedDay: "previous" }))).toBe(
      "Dia 6 — antecipa se cair em fim de semana ou feriado",
    );
    expect(words("pt", rule("fixed-day", { day: 20, closedDay: "next", saturdays: true }))).toBe(
      "Dia 20 — adia se cair em domingo ou feriado",
    );
    expect(words("pt", rule("business-day", { day: 5, saturdays: true }))).toBe(
      "5º dia útil (segunda a sábado)",
    );
    expect(words("pt", rule("business-day", { day: 1 }))).toBe("1º dia útil (segunda a sexta)");
    expect(words("pt", rule("last-business-day"))).toBe("Último dia útil do mês (segunda a sexta)");
  });

  it("words them in English, with English ordinals", () => {
    expect(words("en", CALENDAR_MONTH)).toBe("Day 1 (calendar month)");
    expect(words("en", rule("fixed-day", { day: 6, closedDay: "previous" }))).toBe(
      "Day 6 — earlier if it falls on a weekend or holiday",
    );
    expect(words("en", rule("business-day", { day: 5, saturdays: true }))).toBe(
      "5th business day (Monday to Saturday)",
    );
    expect(
      [1, 2, 3, 4, 10].map((day) => words("en", rule("business-day", { day })).split(" ")[0]),
    ).toEqual(["1st", "2nd", "3rd", "4th", "10th"]);
    expect(words("en", rule("last-business-day", { saturdays: true }))).toBe(
      "Last business day of the month (Monday to Saturday)",
    );
  });

  it("words them in Spanish", () => {
    expect(words("es", rule("business-day", { day: 5 }))).toBe("5.º día hábil (lunes a viernes)");
    expect(words("es", rule("fixed-day", { day: 6, closedDay: "next" }))).toBe(
      "Día 6 — se pospone si cae en fin de semana o feriado",
    );
  });
});

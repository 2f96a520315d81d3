import { describe, expect, it } from "vitest";
import en from "../contract/messages/en.json";
import es from "../contract/messages/es.json";
import pt from "../contract/messages/pt.json";
import type { BudgetAlert } from "../contract/notifications";
import { budgetAlertMessage, type Translate } from "./budget-alert-message";

// The catalogues' own sentences with {{name}} filled in, as i18next does.
const translator =
  (catalogue: { budgetAlert: Record<string, string> }): Translate =>
  (key, params) =>
    (catalogue.budgetAlert[key.replace("budgetAlert.", "")] ?? key).replace(
      /\{\{(\w+)\}\}/g,
      (_, name: string) => params[name] ?? "",
    );
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, " ");

const alert = (overrides: Partial<BudgetAlert>): BudgetAlert => ({
  categoryId: null,
  categoryName: "Alimentação",
  period: "month",
  periodMonth: "2026-11-01",
  periodStart: "2026-11-01",
  periodEnd: "2026-11-30",
  threshold: 80,
  budget: "500.00",
  spent: "410.00",
  ...overrides,
});

describe("budgetAlertMessage", () => {
  it("names the category, threshold, month and amounts in each language", () => {
    expect(plain(budgetAlertMessage(alert({}), "pt", translator(pt)))).toBe(
      "Alimentação passou de 80% do orçamento mensal de novembro de 2026: R$ 410,00 de R$ 500,00",
    );
    expect(plain(budgetAlertMessage(alert({ threshold: 100 }), "en", translator(en)))).toBe(
      "Alimentação passed 100% of the monthly budget for November 2026: $410.00 of $500.00",
    );
    expect(plain(budgetAlertMessage(alert({}), "es", translator(es)))).toBe(
      "Alimentação superó el 80% del presupuesto mensual de noviembre de 2026: $410.00 de $500.00",
    );
  });

  it("names a budget month by its name, not by the day it started", () => {
    // The last business day rule: November 2026's period starts on Friday October 30.
    const november = alert({ periodStart: "2026-10-30", periodEnd: "2026-11-29" });
    expect(plain(budgetAlertMessage(november, "pt", translator(pt)))).toBe(
      "Alimentação passou de 80% do orçamento mensal de novembro de 2026: R$ 410,00 de R$ 500,00",
    );
    // A fixed 16th names the next month: January 2027's period starts on December 16.
    const january = alert({
      periodMonth: "2027-01-01",
      periodStart: "2026-12-16",
      periodEnd: "2027-01-15",
    });
    expect(plain(budgetAlertMessage(january, "en", translator(en)))).toContain(
      "of the monthly budget for January 2027:",
    );
  });

  it("gives a week bucket the days the alert recorded", () => {
    const week = alert({
      period: "week",
      periodStart: "2026-11-08",
      periodEnd: "2026-11-14",
      budget: "125.00",
    });
    expect(plain(budgetAlertMessage(week, "pt", translator(pt)))).toBe(
      "Alimentação passou de 80% do orçamento da semana de 8 – 14 de novembro de 2026: R$ 410,00 de R$ 125,00",
    );
    const last = alert({
      period: "week",
      periodMonth: "2027-02-01",
      periodStart: "2027-02-22",
      periodEnd: "2027-02-28",
      threshold: 100,
    });
    expect(plain(budgetAlertMessage(last, "en", translator(en)))).toContain(
      "of the weekly budget for February 22 – 28, 2027",
    );
    expect(
      plain(
        budgetAlertMessage(
          { ...last, periodStart: "2026-11-22", periodEnd: "2026-11-30" },
          "es",
          translator(es),
        ),
      ),
    ).toContain("de la semana del 22–30 de noviembre de 2026");
  });

  it("spans two months, or two years, when a period's week does", () => {
    // The first week of November 2026's period under the last business day rule.
    const first = alert({ period: "week", periodStart: "2026-10-30", periodEnd: "2026-11-05" });
    expect(plain(budgetAlertMessage(first, "pt", translator(pt)))).toContain(
      "da semana de 30 de outubro – 5 de novembro de 2026:",
    );
    expect(plain(budgetAlertMessage(first, "en", translator(en)))).toContain(
      "for October 30 – November 5, 2026:",
    );
    // The first week of January 2027's period under a fixed 28th: December 28 to January 3.
    const turn = alert({
      period: "week",
      periodMonth: "2027-01-01",
      periodStart: "2026-12-28",
      periodEnd: "2027-01-03",
    });
    expect(plain(budgetAlertMessage(turn, "es", translator(es)))).toContain(
      "del 28 de diciembre de 2026 – 3 de enero de 2027:",
    );
  });

  it("ends a fourth week on the period's last day: the 29th of a leap February, a 10-day bucket", () => {
    const leap = alert({ period: "week", periodStart: "2028-02-22", periodEnd: "2028-02-29" });
    expect(plain(budgetAlertMessage(leap, "en", translator(en)))).toContain(
      "of the weekly budget for February 22 – 29, 2028",
    );
    const december = alert({ period: "week", periodStart: "2026-12-22", periodEnd: "2026-12-31" });
    expect(plain(budgetAlertMessage(december, "en", translator(en)))).toContain(
      "of the weekly budget for December 22 – 31, 2026",
    );
  });
});

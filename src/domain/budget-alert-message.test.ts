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
  periodStart: "2026-11-01",
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

  it("gives a week bucket its days, the last one running to the month's end", () => {
    const week = alert({ period: "week", periodStart: "2026-11-08", budget: "125.00" });
    expect(plain(budgetAlertMessage(week, "pt", translator(pt)))).toBe(
      "Alimentação passou de 80% do orçamento da semana de 8 – 14 de novembro de 2026: R$ 410,00 de R$ 125,00",
    );
    const last = alert({ period: "week", periodStart: "2027-02-22", threshold: 100 });
    expect(plain(budgetAlertMessage(last, "en", translator(en)))).toContain(
      "of the weekly budget for February 22 – 28, 2027",
    );
    expect(
      plain(budgetAlertMessage({ ...last, periodStart: "2026-11-22" }, "es", translator(es))),
    ).toContain("de la semana del 22–30 de noviembre de 2026");
  });

  it("ends the fourth week on the 29th in a leap February and the 31st in December", () => {
    const leap = alert({ period: "week", periodStart: "2028-02-22" });
    expect(plain(budgetAlertMessage(leap, "en", translator(en)))).toContain(
      "of the weekly budget for February 22 – 29, 2028",
    );
    const december = alert({ period: "week", periodStart: "2026-12-22" });
    expect(plain(budgetAlertMessage(december, "en", translator(en)))).toContain(
      "of the weekly budget for December 22 – 31, 2026",
    );
    const third = alert({ period: "week", periodStart: "2028-02-15" });
    expect(plain(budgetAlertMessage(third, "en", translator(en)))).toContain(
      "of the weekly budget for February 15 – 21, 2028",
    );
  });
});

import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { postForId } from "./couple";
import {
  desktopOnly,
  expectNoHorizontalScroll,
  expectTouchTargets,
  phoneOnly,
  storeLanguage,
} from "./support";

/**
 * The month's net and the forecast (docs/product.md#the-months-net, #the-forecast), as a household
 * meets them: Ana's salary of R$ 5.000,00 came in this month, and from next month on it comes on
 * the 5th business day by a recurring rule; she bought a fridge today in 10 installments of
 * R$ 300,00 and groceries for R$ 120,00. The dashboard says what was left of the month's income
 * and the savings rate, and what each coming month expects, owes and leaves free; the reports say
 * who received what, the forecast's three months and the trend's income. Dates are relative to
 * today (the server's and the browser's, one machine); the family keeps the calendar month.
 */

type Day = { year: number; month: number; day: number };
const pad = (n: number) => String(n).padStart(2, "0");
const iso = ({ year, month, day }: Day) => `${year}-${pad(month)}-${pad(day)}`;
const addMonths = ({ year, month }: Day, n: number, day: number): Day => {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day };
};
const now = new Date();
const today: Day = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
const nextMonths = [1, 2, 3].map((n) => addMonths(today, n, 1));
const ptMonths =
  "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(
    " ",
  );
const enMonths =
  "January February March April May June July August September October November December".split(
    " ",
  );

async function household(page: Page, language: "pt" | "en") {
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: "Ana Souza" });
  await createFamilyViaApi(page);
  const categoryId = await postForId(page, "/api/categories", {
    name: language === "pt" ? "Casa" : "Home",
    icon: "home",
    color: "#2563eb",
    weeklyBudget: "1000.00",
    monthlyBudget: "4000.00",
  });
  const salary = language === "pt" ? "Salário" : "Salary";
  await postForId(page, "/api/incomes", {
    description: salary,
    amount: "5000.00",
    kind: "salary",
    date: iso(today),
  });
  await postForId(page, "/api/recurring", {
    entry: "income",
    incomeKind: "salary",
    description: salary,
    amount: "5000.00",
    frequency: "monthly",
    businessDay: 5,
    startDate: iso(nextMonths[0] as Day),
  });
  await postForId(page, "/api/installments", {
    description: language === "pt" ? "Geladeira" : "Fridge",
    total: "3000.00",
    count: 10,
    firstDate: iso(today),
    categoryId,
  });
  await postForId(page, "/api/expenses", {
    description: language === "pt" ? "Mercado" : "Groceries",
    amount: "120.00",
    date: iso(today),
    categoryId,
  });
}

test(
  "pt: the dashboard says what was left of the month's income, and what each coming month leaves free",
  phoneOnly,
  async ({ page }) => {
    await household(page, "pt");
    await page.goto("/");
    const main = page.getByRole("main");

    // This month: R$ 5.000,00 in, the fridge's first installment and the groceries out.
    const net = main.getByRole("region", { name: "Receitas e gastos do mês" });
    await expect(net.getByTestId("net-income")).toHaveText("R$ 5.000,00");
    await expect(net.getByTestId("net-spent")).toHaveText("R$ 420,00");
    await expect(net.getByText("Sobrou")).toBeVisible();
    await expect(net.getByTestId("net-left")).toHaveText("R$ 4.580,00");
    // 4.580 / 5.000 = 91,6%.
    await expect(net.getByTestId("net-rate")).toHaveText("92%");

    // Next month: the fridge's installment is committed, the salary expected, the rest free.
    const committed = main.getByTestId("committed");
    const [first] = nextMonths as [Day];
    await expect(
      committed.getByRole("heading", {
        name: `Já comprometido em ${ptMonths[first.month - 1]}: R$ 300,00`,
      }),
    ).toBeVisible();
    await expect(committed.getByTestId("committed-forecast").first()).toHaveText(
      "Receita prevista R$ 5.000,00 · Livre R$ 4.700,00",
    );
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(page);
    await expectNoAxeViolations(page);

    // Reports: who received what, with what was left; the forecast's three months.
    await page.goto("/reports");
    const income = main.getByRole("region", { name: "Receitas por membro" });
    await expect(income.getByTestId("income-row")).toHaveText(["Ana SouzaR$ 5.000,00100,0%"]);
    await expect(income.getByTestId("income-net")).toHaveText(
      "Sobrou R$ 4.580,00 · Taxa de poupança 92%",
    );
    const forecast = main.getByRole("region", { name: "Previsão dos próximos meses" });
    await expect(forecast.getByTestId("committed-row")).toHaveCount(3);
    for (const row of await forecast.getByTestId("committed-row").all()) {
      // Livre, Receita prevista, Comprometido, Parcelas, Contas fixas, Outros.
      await expect(row.getByRole("cell")).toHaveText([
        "R$ 4.700,00",
        "R$ 5.000,00",
        "R$ 300,00",
        "R$ 300,00",
        "R$ 0,00",
        "R$ 0,00",
      ]);
    }
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

test(
  "en: the net, the trend's income and the forecast in dollars",
  desktopOnly,
  async ({ page }) => {
    await household(page, "en");
    await page.goto("/");
    const net = page.getByRole("region", { name: "The month's income and spending" });
    await expect(net.getByTestId("net-income")).toHaveText("$5,000.00");
    await expect(net.getByText("Left over")).toBeVisible();
    await expect(net.getByTestId("net-left")).toHaveText("$4,580.00");
    await expect(net.getByTestId("net-rate")).toHaveText("92%");
    await expectNoAxeViolations(page);

    await page.goto("/reports");
    // The trend's table has the month's income beside its spending.
    await page.getByRole("button", { name: "View as table" }).click();
    const table = page.getByTestId("trend-table");
    await expect(table.getByRole("columnheader", { name: "Income" })).toBeVisible();
    const shown = table.locator('tr[aria-current="true"]');
    await expect(shown.getByRole("cell").nth(2)).toHaveText("$5,000.00");
    const [first] = nextMonths as [Day];
    const forecast = page.getByRole("region", { name: "Forecast for the next months" });
    await expect(forecast.getByTestId("committed-row").first()).toHaveText(
      `${enMonths[first.month - 1]} ${first.year}$4,700.00$5,000.00$300.00$300.00$0.00$0.00`,
    );
    await expectNoAxeViolations(page);
  },
);

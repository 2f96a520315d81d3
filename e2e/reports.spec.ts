import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

// A dozen API calls to set up, then two months checked figure by figure.
test.describe.configure({ timeout: 60_000 });

const green = "rgb(4, 120, 87)";
const red = "rgb(185, 28, 28)";

type CategoryInput = { name: string; color: string; weeklyBudget: string; monthlyBudget: string };

async function createCategory(page: Page, input: CategoryInput): Promise<string> {
  const res = await page.request.post("/api/categories", { data: { icon: "tag", ...input } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createExpense(
  page: Page,
  input: { description: string; amount: string; categoryId: string; date: string },
) {
  const res = await page.request.post("/api/expenses", { data: input });
  expect(res.status(), await res.text()).toBe(201);
}

/** The legend beside the donut, one "name amount · share" text per slice. */
async function legendItems(page: Page) {
  return page.getByTestId("chart-legend-item").evaluateAll((items) =>
    items.map((item) =>
      Array.from(item.children, (part) => part.textContent?.replace(/\s+/g, " ").trim())
        .filter(Boolean)
        .join(" "),
    ),
  );
}

/** The table's rows as the screen shows them: one array of cell texts per row. */
async function tableRows(page: Page) {
  return page
    .getByTestId("report-row")
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll("th, td"), (cell) =>
          (cell.textContent ?? "").replace(/\s+/g, " ").trim(),
        ),
      ),
    );
}

/**
 * December 2025: Mercado over budget (550 of 400), Transporte above 80% (170 of 200), Lazer with
 * nothing spent, Saúde within (60 of 300), and 40.00 left uncategorised by deleting its category.
 * January 2026: only Mercado, 1234.56, over the whole month's budget of 1000.00.
 */
async function seedDecemberAndJanuary(page: Page) {
  const category = (name: string, color: string, monthlyBudget: string) =>
    createCategory(page, { name, color, weeklyBudget: "0.00", monthlyBudget });
  const mercado = await category("Mercado", "#16a34a", "400.00");
  const transporte = await category("Transporte", "#2563eb", "200.00");
  await category("Lazer", "#ea580c", "100.00");
  const saude = await category("Saúde", "#dc2626", "300.00");
  const temporary = await category("Temporária", "#9333ea", "0.00");
  const expenses: [string, string, string, string][] = [
    ["Compras da semana", "300.00", mercado, "2025-12-07"],
    ["Hortifruti", "150.00", mercado, "2025-12-08"],
    ["Farmácia", "60.00", saude, "2025-12-15"],
    ["Combustível", "170.00", transporte, "2025-12-21"],
    ["Presente", "40.00", temporary, "2025-12-22"],
    ["Ceia de Ano Novo", "100.00", mercado, "2025-12-31"],
    ["Compras do mês", "1234.56", mercado, "2026-01-03"],
  ];
  for (const [description, amount, categoryId, date] of expenses) {
    await createExpense(page, { description, amount, categoryId, date });
  }
  expect((await page.request.delete(`/api/categories/${temporary}`)).status()).toBe(200);
}

test.describe("reports", () => {
  test(
    "compares each category with its goal, month by month, as the dashboard does",
    desktopOnly,
    async ({ page }) => {
      // The chart must draw under the app's strict Content-Security-Policy.
      const cspViolations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      await page.clock.setFixedTime(new Date("2025-12-15T12:00:00"));
      await storeLanguage(page, "pt");
      await signUpViaApi(page, { language: "pt" });
      await createFamilyViaApi(page);
      await seedDecemberAndJanuary(page);

      // The dashboard's totals for the month...
      await page.goto("/");
      await expect(page.getByTestId("total-spent")).toContainText("R$ 820,00");
      await expect(page.getByTestId("total-budget")).toContainText("R$ 1.000,00");
      await expect(page.getByTestId("remaining-amount")).toHaveText("R$ 180,00");

      // ...are the report's.
      await page
        .getByRole("navigation", { name: "Principal" })
        .getByRole("link", {
          name: "Relatórios",
        })
        .click();
      const heading = page.getByRole("main").getByRole("heading", { level: 1 });
      await expect(heading).toHaveText("Relatórios Mensais – Dezembro de 2025");
      await expect(page).toHaveTitle("Relatórios Mensais – Dezembro de 2025 · Orçamento Familiar");
      await expect(page.getByTestId("total-budgeted")).toHaveText(/Total Orçado\s*R\$\s1\.000,00/);
      await expect(page.getByTestId("total-spent")).toHaveText(/Total Gasto\s*R\$\s820,00/);
      await expect(page.getByTestId("balance")).toHaveText(/Economia\s*R\$\s180,00/);
      await expect(page.getByTestId("balance").locator("dd")).toHaveCSS("color", green);

      // The category table (the members' table follows it).
      const table = page.getByRole("region", { name: "Metas por categoria" }).getByRole("table");
      await expect(table.getByRole("columnheader")).toHaveText([
        "Categoria",
        "Meta",
        "Gasto",
        "Dif.",
        "Status",
      ]);
      expect(await tableRows(page)).toEqual([
        ["Mercado", "R$ 400,00", "R$ 550,00", "+R$ 150,00", "Acima da meta"],
        ["Transporte", "R$ 200,00", "R$ 170,00", "R$ 30,00", "Próximo da meta"],
        ["Lazer", "R$ 100,00", "R$ 0,00", "R$ 100,00", "Sem gastos"],
        ["Saúde", "R$ 300,00", "R$ 60,00", "R$ 240,00", "Dentro da meta"],
        ["Sem categoria", "—Sem meta", "R$ 40,00", "—Sem meta", "Sem meta"],
      ]);
      await expect(page.getByTestId("report-total")).toHaveText(
        /Total\s*R\$\s1\.000,00\s*R\$\s820,00\s*R\$\s180,00/,
      );

      // The donut: only what was spent, with the share to one decimal.
      const chart = page.getByRole("region", { name: "Distribuição dos gastos" });
      await expect(chart.getByTestId("spending-slice")).toHaveCount(4);
      await expect
        .poll(() => legendItems(page))
        .toEqual([
          "Mercado R$ 550,00 · 67,1%",
          "Transporte R$ 170,00 · 20,7%",
          "Saúde R$ 60,00 · 7,3%",
          "Sem categoria R$ 40,00 · 4,9%",
        ]);
      // Mercado's slice (67%, drawn clockwise from 12 o'clock) covers the ring's right side.
      await chart.getByTestId("spending-chart").scrollIntoViewIfNeeded();
      const box = await chart.getByTestId("spending-chart").boundingBox();
      if (!box) throw new Error("the chart has no size");
      const ringMiddle = 0.6 * (Math.min(box.width, box.height) / 2);
      await page.mouse.move(box.x + box.width / 2 + ringMiddle, box.y + box.height / 2);
      await expect(chart.getByTestId("chart-tooltip")).toContainText("MercadoR$ 550,00 · 67,1%");

      expect(cspViolations).toEqual([]);

      const performance = page.getByRole("region", { name: "Resumo de desempenho" });
      await expect(performance.getByTestId("performance-within")).toHaveText(
        /Dentro da meta\s*2 categorias/,
      );
      await expect(performance.getByTestId("performance-over")).toHaveText(
        /Acima da meta\s*1 categoria/,
      );
      await expect(performance.getByTestId("performance-noSpending")).toHaveText(
        /Sem gastos\s*1 categoria/,
      );
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      // December -> January of the next year: over the whole budget.
      await page.getByRole("button", { name: "Próximo mês" }).click();
      await expect(heading).toHaveText("Relatórios Mensais – Janeiro de 2026");
      await expect(page.getByTestId("total-spent")).toHaveText(/R\$\s1\.234,56/);
      await expect(page.getByTestId("balance")).toHaveText(/Excesso\s*R\$\s234,56/);
      await expect(page.getByTestId("balance").locator("dd")).toHaveCSS("color", red);
      await expect
        .poll(() => tableRows(page))
        .toEqual([
          ["Mercado", "R$ 400,00", "R$ 1.234,56", "+R$ 834,56", "Acima da meta"],
          ["Transporte", "R$ 200,00", "R$ 0,00", "R$ 200,00", "Sem gastos"],
          ["Lazer", "R$ 100,00", "R$ 0,00", "R$ 100,00", "Sem gastos"],
          ["Saúde", "R$ 300,00", "R$ 0,00", "R$ 300,00", "Sem gastos"],
        ]);
      await expect.poll(() => legendItems(page)).toEqual(["Mercado R$ 1.234,56 · 100,0%"]);
      await expect(performance.getByTestId("performance-within")).toHaveText(
        /Dentro da meta\s*Nenhuma categoria/,
      );
      await expect(performance.getByTestId("performance-over")).toHaveText(/1 categoria/);
      await expect(performance.getByTestId("performance-noSpending")).toHaveText(/3 categorias/);

      // Back to December, then to November, where nothing was spent: no chart.
      await page.getByRole("button", { name: "Mês anterior" }).click();
      await expect(heading).toHaveText("Relatórios Mensais – Dezembro de 2025");
      await expect(page.getByTestId("total-spent")).toHaveText(/R\$\s820,00/);
      await page.getByRole("button", { name: "Mês anterior" }).click();
      await expect(heading).toHaveText("Relatórios Mensais – Novembro de 2025");
      await expect(page.getByTestId("balance")).toHaveText(/Economia\s*R\$\s1\.000,00/);
      await expect(page.getByTestId("report-row")).toHaveCount(4);
      await expect(page.getByRole("region", { name: "Distribuição dos gastos" })).toHaveCount(0);
      await expect(performance.getByTestId("performance-noSpending")).toHaveText(/4 categorias/);
      await expectNoAxeViolations(page);
    },
  );

  test("reads in English with dollars", desktopOnly, async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-03-10T12:00:00"));
    await storeLanguage(page, "en");
    await signUpViaApi(page, { language: "en" });
    await createFamilyViaApi(page);
    const category = (name: string, color: string, monthlyBudget: string) =>
      createCategory(page, { name, color, weeklyBudget: "0.00", monthlyBudget });
    const groceries = await category("Groceries", "#16a34a", "100.00");
    const rent = await category("Rent", "#9333ea", "1000.00");
    await category("Fun", "#ea580c", "50.00");
    const health = await category("Health", "#dc2626", "200.00");
    await createExpense(page, {
      description: "Market",
      amount: "150.25",
      categoryId: groceries,
      date: "2026-03-02",
    });
    await createExpense(page, {
      description: "March rent",
      amount: "850.00",
      categoryId: rent,
      date: "2026-03-01",
    });
    await createExpense(page, {
      description: "Pharmacy",
      amount: "20.00",
      categoryId: health,
      date: "2026-03-31",
    });
    // Another month's spending stays out of March.
    await createExpense(page, {
      description: "February market",
      amount: "99.00",
      categoryId: groceries,
      date: "2026-02-28",
    });

    await page.goto("/reports");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Monthly reports – March 2026",
    );
    await expect(page.getByTestId("total-budgeted")).toHaveText(/Total budgeted\s*\$1,350\.00/);
    await expect(page.getByTestId("total-spent")).toHaveText(/Total spent\s*\$1,020\.25/);
    await expect(page.getByTestId("balance")).toHaveText(/Savings\s*\$329\.75/);
    await expect(
      page
        .getByRole("region", { name: "Budgets by category" })
        .getByRole("table")
        .getByRole("columnheader"),
    ).toHaveText(["Category", "Budget", "Spent", "Diff.", "Status"]);
    await expect
      .poll(() => tableRows(page))
      .toEqual([
        ["Groceries", "$100.00", "$150.25", "+$50.25", "Over budget"],
        ["Rent", "$1,000.00", "$850.00", "$150.00", "Close to budget"],
        ["Fun", "$50.00", "$0.00", "$50.00", "No spending"],
        ["Health", "$200.00", "$20.00", "$180.00", "Within budget"],
      ]);
    await expect
      .poll(() => legendItems(page))
      .toEqual(["Groceries $150.25 · 14.7%", "Rent $850.00 · 83.3%", "Health $20.00 · 2.0%"]);
    await expect(page.getByTestId("performance-within")).toHaveText(/Within budget\s*2 categories/);
    await expect(page.getByTestId("performance-over")).toHaveText(/Over budget\s*1 category/);
    await expect(page.getByTestId("performance-noSpending")).toHaveText(/No spending\s*1 category/);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test("without categories there is nothing to report", desktopOnly, async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    await page.goto("/reports");
    await expect(
      page.getByText("Nenhuma categoria encontrada para gerar relatórios"),
    ).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByTestId("spending-chart")).toHaveCount(0);
    await expect(page.getByTestId("total-budgeted")).toHaveText(/R\$\s0,00/);
    await expectNoAxeViolations(page);
  });

  test("without a family it asks to set one up", desktopOnly, async ({ page }) => {
    await storeLanguage(page, "en");
    await signUpViaApi(page, { language: "en" });
    await page.goto("/reports");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Monthly reports",
    );
    await expect(page.getByText("Set Up Your Family First")).toBeVisible();
    await expect(page.getByRole("link", { name: "Set Up Family" })).toHaveAttribute(
      "href",
      "/family",
    );
    await expect(page.getByRole("button", { name: "Next month" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

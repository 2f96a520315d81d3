import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * A bank statement's credits (docs/product.md#credits) as a Brazilian household meets them on a
 * phone: the salary recorded as 'Receita', the market's refund as 'Estorno de…' the purchase the
 * preview proposes, the spending as before. At 375 px in Portuguese (the phone project) and at
 * desktop in English (docs/product.md#csv-import).
 */

const pad = (value: number) => String(value).padStart(2, "0");

test("record a statement's salary as income and a refund against its purchase", async ({
  page,
}, testInfo) => {
  const english = testInfo.project.name === "desktop";
  const language = english ? "en" : "pt";
  await signUpViaApi(page, { language });
  await createFamilyViaApi(page);
  const now = new Date();
  const [year, month] = [now.getFullYear(), now.getMonth() + 1];
  const br = (day: number) => `${pad(day)}/${pad(month)}/${year}`;
  const iso = (day: number) => `${year}-${pad(month)}-${pad(day)}`;
  const category = await page.request.post("/api/categories", {
    data: { name: "Mercado", icon: "tag", color: "#3b82f6", weeklyBudget: "0", monthlyBudget: "0" },
  });
  expect(category.status()).toBe(201);
  const categoryId = (await category.json()).id;
  const purchase = await page.request.post("/api/expenses", {
    data: { description: "Mercado", amount: "120.00", date: iso(1), categoryId },
  });
  expect(purchase.status()).toBe(201);
  const purchaseId = (await purchase.json()).id;

  const statement = [
    "Data;Histórico;Valor",
    `${br(1)};Pagamento de salário ACME;5.000,00`,
    `${br(2)};Padaria;-12,50`,
    `${br(2)};Estorno Mercado;120,00`,
    `${br(3)};Farmácia;-30,00`,
  ].join("\n");

  await storeLanguage(page, language);
  await page.goto("/expenses/import");
  await page.getByLabel(english ? "CSV file" : "Arquivo CSV").setInputFiles({
    name: "extrato.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(statement, "utf8"),
  });
  const line = (number: number) =>
    page.locator(`[data-testid="import-line"][data-line="${number}"]`);
  const choice = (number: number) => line(number).getByTestId("credit-choice");
  // Credits start skipped; the salary is offered as a salary, the refund its purchase.
  await expect(choice(2)).toHaveValue("");
  await expect(choice(4)).toHaveValue("");
  await expect(choice(2).locator("option")).toHaveText(
    english ? ["Skip", "Income · Salary"] : ["Ignorar", "Receita · Salário"],
  );
  const day = english ? `${pad(month)}/01` : `01/${pad(month)}`;
  const proposal = english
    ? `Refund of Mercado (${day}, $120.00)`
    : `Estorno de Mercado (${day}, R$ 120,00)`;
  await expect(choice(4).locator("optgroup")).toHaveAttribute(
    "label",
    english ? "Refund of a purchase" : "Estorno de uma compra",
  );
  await expect(choice(4).locator("option").last()).toHaveText(proposal);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: testInfo.outputPath(`credits-skipped-${language}.png`),
    fullPage: true,
  });

  await choice(2).selectOption({ label: english ? "Income · Salary" : "Receita · Salário" });
  await choice(4).selectOption({ label: proposal });
  await expect(choice(4)).toHaveValue(purchaseId);
  await page
    .getByLabel(
      english ? "Category for the lines without one" : "Categoria para as linhas sem categoria",
    )
    .selectOption({ label: "Mercado" });
  await page.getByRole("button", { name: english ? "Apply" : "Aplicar" }).click();
  await expect(page.getByTestId("import-credits-summary")).toHaveText(
    english ? "+ 1 income · + 1 refund" : "+ 1 receita · + 1 estorno",
  );
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: testInfo.outputPath(`credits-chosen-${language}.png`),
    fullPage: true,
  });

  await page
    .getByRole("button", { name: english ? "Import 4 entries" : "Importar 4 lançamentos" })
    .click();
  await expect(
    page.getByText(
      english
        ? "2 expenses imported. 1 income recorded. 1 refund recorded."
        : "2 gastos importados. 1 receita registrada. 1 estorno registrado.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const incomes = await (await page.request.get(`/api/incomes?month=${month}&year=${year}`)).json();
  expect(incomes.items).toMatchObject([
    { description: "Pagamento de salário ACME", amount: "5000.00", kind: "salary" },
  ]);
  const expenses = (await (await page.request.get("/api/expenses")).json()) as {
    description: string;
    amount: string;
    refundOfId: string | null;
  }[];
  expect(expenses.find((expense) => expense.refundOfId === purchaseId)).toMatchObject({
    description: "Estorno Mercado",
    amount: "-120.00",
  });
});

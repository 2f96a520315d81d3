import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * CSV import (docs/product.md#csv-import) as a Brazilian household meets it: a bank statement
 * exported in Latin-1 with ';', dd/mm/yyyy and 1.234,56, spending negative, holding a line
 * already recorded and a line whose date does not exist.
 */

const pad = (value: number) => String(value).padStart(2, "0");

test(
  "import a pt-BR bank statement with a duplicate and a bad line",
  desktopOnly,
  async ({ page }) => {
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    const now = new Date();
    const [year, month] = [now.getFullYear(), now.getMonth() + 1];
    const br = (day: number) => `${pad(day)}/${pad(month)}/${year}`;
    const iso = (day: number) => `${year}-${pad(month)}-${pad(day)}`;
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Mercado",
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "0",
        monthlyBudget: "0",
      },
    });
    expect(category.status()).toBe(201);
    const categoryId = (await category.json()).id;
    const existing = await page.request.post("/api/expenses", {
      data: { description: "Padaria São João", amount: "12.50", date: iso(2), categoryId },
    });
    expect(existing.status()).toBe(201);

    const statement = [
      "Data;Histórico;Documento;Valor (R$);Saldo (R$)",
      `${br(2)};Padaria São João;1001;-12,50;1.987,50`,
      `${br(3)};Supermercado Pão de Açúcar;1002;-1.234,56;752,94`,
      `31/02/${year};Farmácia Drogasil;1003;-30,00;722,94`,
      `${br(4)};Salário;1004;3.000,00;3.722,94`,
      `${br(5)};Posto Ipiranga;1005;-200,00;3.522,94`,
    ].join("\r\n");

    await storeLanguage(page, "pt");
    await page.goto("/expenses");
    await page.getByRole("link", { name: "Importar CSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Importar CSV" })).toBeVisible();
    await page.getByLabel("Arquivo CSV").setInputFiles({
      name: "extrato.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(statement, "latin1"),
    });

    const line = (number: number) =>
      page.locator(`[data-testid="import-line"][data-line="${number}"]`);
    await expect(line(3)).toContainText("Supermercado Pão de Açúcar");
    await expect(line(3)).toContainText(`03/${pad(month)}/${year}`);
    await expect(line(3)).toContainText("R$ 1.234,56");
    // The duplicate is marked and left out; it keeps the category last used for it.
    await expect(line(2)).toContainText("Já registrado");
    await expect(line(2).getByRole("checkbox", { name: "Importar a linha 2" })).not.toBeChecked();
    await expect(line(2).getByRole("combobox", { name: "Categoria da linha 2" })).toHaveValue(
      categoryId,
    );
    // The bad line says why, in Portuguese, and cannot be ticked.
    await expect(line(4)).toContainText("Data não reconhecida no formato escolhido");
    await expect(line(4).getByRole("checkbox")).toBeDisabled();
    // The salary is a credit: not spending, skipped unless the person records it otherwise.
    await expect(line(5)).toContainText("Não é gasto (crédito)");
    await expect(
      line(5).getByRole("combobox", { name: "O que fazer com o crédito da linha 5" }),
    ).toHaveValue("");
    await expect(page.getByTestId("import-summary")).toContainText("2 linhas serão importadas");
    await expect(page.getByText("Escolha a categoria de 2 linhas marcadas")).toBeVisible();
    await expect(page.getByLabel("Codificação")).toHaveValue("windows-1252");
    await expect(page.getByLabel("Coluna do valor")).toHaveValue("3");

    // The person can read the dates another way: the file is read again with that choice.
    await page.getByLabel("Formato da data").selectOption("mm/dd/yyyy");
    await expect(line(3)).toContainText(`${pad(month)}/03/${year}`);
    await page.getByLabel("Formato da data").selectOption("dd/mm/yyyy");
    await expect(line(3)).toContainText(`03/${pad(month)}/${year}`);

    await page
      .getByLabel("Categoria para as linhas sem categoria")
      .selectOption({ label: "Mercado" });
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Importar 2 gastos" }).click();
    await expect(page.getByText("2 gastos importados.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Ver gastos" }).click();
    const main = page.getByRole("main");
    await expect(main.getByText("Supermercado Pão de Açúcar").first()).toBeVisible();
    await expect(main.getByText("Posto Ipiranga").first()).toBeVisible();
    // Once: the duplicate was not imported again.
    const all = (await (await page.request.get("/api/expenses")).json()) as {
      description: string;
    }[];
    expect(all.map((e) => e.description).sort()).toEqual([
      "Padaria São João",
      "Posto Ipiranga",
      "Supermercado Pão de Açúcar",
    ]);
  },
);

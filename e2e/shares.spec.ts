import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { couple, postForId, toastSays } from "./couple";
import { desktopOnly, expectNoHorizontalScroll, phoneOnly } from "./support";

/**
 * For whom an expense is (docs/decisions/012-yours-mine-ours.md), as a couple meets it: on a phone
 * in Portuguese, Ana splits the groceries 60/40 and sees what each pays before saving, Léo records
 * a purchase of his own, amounts that do not add up are refused, Ana buys sneakers in 3x for Léo
 * alone (every installment his, percentages the only split offered), and the owner's proportional
 * default split (incomes 5000 and 3000) divides the next family expense 62,50/37,50. On a desktop
 * in English, the edit dialog changes an expense's split and the history says so.
 */

test(
  "pt: split by percent with its preview, 'Só meu', amounts that do not add up, and the owner's proportional default split",
  phoneOnly,
  async ({ page, browser }, testInfo) => {
    const { other } = await couple(page, browser, testInfo, {
      language: "pt",
      owner: "Ana Souza",
      member: "Léo Souza",
      category: { name: "Mercado", weeklyBudget: "200.00", monthlyBudget: "800.00" },
    });
    const main = page.getByRole("main");
    const cards = main.getByRole("list", { name: "Todos os Gastos" }).getByRole("listitem");
    const forWhom = main.getByLabel("Para quem", { exact: true });
    const status = main.getByTestId("split-status");
    const fill = async (on: Page, description: string, amount: string) => {
      const form = on.getByRole("main");
      await form.getByLabel("Descrição", { exact: true }).fill(description);
      await form.getByLabel("Valor", { exact: true }).fill(amount);
      await form.getByLabel("Categoria", { exact: true }).selectOption({ label: "Mercado" });
    };

    // The family's split is the default, previewed on the amount as it is typed.
    await page.goto("/expenses");
    await fill(page, "Mercado", "200,00");
    await expect(forWhom.locator("option:checked")).toHaveText("Família");
    await expect(forWhom.getByRole("option")).toHaveText([
      "Família",
      "Só meu",
      "Só de Léo",
      "Dividir",
    ]);
    await expect(forWhom).toHaveAccessibleDescription("Ana R$ 100,00 · Léo R$ 100,00");
    await expectNoAxeViolations(page);

    // 60/40 by percent: how far from 100% as she types, then what each pays.
    await forWhom.selectOption({ label: "Dividir" });
    await expect(main.getByRole("radio", { name: "Percentual" })).toBeChecked();
    await main.getByLabel("Ana", { exact: true }).fill("60");
    await expect(status).toHaveText("Faltam 40%");
    await main.getByLabel("Léo", { exact: true }).fill("40");
    await expect(status).toHaveText("Ana R$ 120,00 · Léo R$ 80,00");
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await toastSays(page, "Gasto adicionado com sucesso!");
    await expect(cards.filter({ hasText: "Mercado" }).getByTestId("split-label")).toHaveText(
      "Ana 60% · Léo 40%",
    );
    // Saved, the form is the family's again.
    await expect(forWhom.locator("option:checked")).toHaveText("Família");

    // Amounts that do not add up to the expense's are refused, and nothing is saved.
    await fill(page, "Luz", "150,00");
    await forWhom.selectOption({ label: "Dividir" });
    await main.getByRole("radio", { name: "Valores" }).check();
    await main.getByLabel("Ana", { exact: true }).fill("100,00");
    await main.getByLabel("Léo", { exact: true }).fill("60,00");
    await expect(status).toHaveText("Passou R$ 10,00");
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await expect(main.getByRole("alert")).toHaveText("As partes precisam somar o valor da despesa");
    await expectNoAxeViolations(page);
    await expect(cards).toHaveCount(1);

    // Léo's own purchase: "Só meu".
    const leo = other.page;
    await leo.goto("/expenses");
    await fill(leo, "Farmácia", "90,00");
    await leo.getByRole("main").getByLabel("Para quem", { exact: true }).selectOption({
      label: "Só meu",
    });
    await leo.getByRole("main").getByRole("button", { name: "Adicionar Gasto" }).click();
    await toastSays(leo, "Gasto adicionado com sucesso!");
    const leoCards = leo
      .getByRole("main")
      .getByRole("list", { name: "Todos os Gastos" })
      .getByRole("listitem");
    await expect(leoCards.filter({ hasText: "Farmácia" }).getByTestId("split-label")).toHaveText(
      "Só Léo",
    );
    await expectNoAxeViolations(leo);
    // Ana's list hears it (live updates), and the refused "Luz" is nowhere.
    await expect(cards.filter({ hasText: "Farmácia" }).getByTestId("split-label")).toHaveText(
      "Só Léo",
    );
    await expect(cards).toHaveCount(2);

    // A purchase in 3x for Léo alone: every installment is his, and says so in the list.
    await main.getByLabel("Parcelado").check();
    await main.getByLabel("Descrição", { exact: true }).fill("Tênis");
    await main.getByLabel("Valor total").fill("300,00");
    await main.getByLabel("Número de parcelas").fill("3");
    await main.getByLabel("Categoria", { exact: true }).selectOption({ label: "Mercado" });
    // The refused "Luz"'s amounts stay in the form, and read as percentages with nothing typed.
    await expect(main.getByRole("radio", { name: "Percentual" })).toBeChecked();
    await expect(main.getByRole("radio", { name: "Valores" })).toBeDisabled();
    await expect(main.getByRole("radio", { name: "Valores" })).toHaveAccessibleDescription(
      "Em parcelas, só por percentual",
    );
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await main.getByLabel("Ana", { exact: true }).fill("60");
    await main.getByLabel("Léo", { exact: true }).fill("40");
    await expect(status).toHaveText("Cada parcela: Ana R$ 60,00 · Léo R$ 40,00");
    await forWhom.selectOption({ label: "Família" });
    await expect(forWhom).toHaveAccessibleDescription("Cada parcela: Ana R$ 50,00 · Léo R$ 50,00");
    await forWhom.selectOption({ label: "Só de Léo" });
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await toastSays(page, "Compra parcelada adicionada: 3 parcelas");
    await expect(cards.filter({ hasText: "Tênis" }).getByTestId("split-label")).toHaveText([
      "Só Léo",
      "Só Léo",
      "Só Léo",
    ]);

    // The owner splits in proportion to incomes from today on.
    await page.goto("/family");
    const section = page.getByRole("region", { name: "Divisão padrão" });
    await expect(section.getByTestId("split-rule-today")).toHaveText("Igual");
    await expect(section).toContainText(
      "Uma mudança vale para os gastos a partir da data escolhida e não altera nada já registrado.",
    );
    await section.getByRole("radio", { name: "Proporcional" }).check();
    await section.getByLabel("Ana Souza", { exact: true }).fill("5000");
    await section.getByLabel("Léo Souza", { exact: true }).fill("3000");
    await expect(section.getByLabel("Ana Souza", { exact: true })).toHaveAccessibleDescription(
      "62,5%",
    );
    await expect(section.getByLabel("Léo Souza", { exact: true })).toHaveAccessibleDescription(
      "37,5%",
    );
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await section.getByRole("button", { name: "Salvar divisão" }).click();
    await toastSays(page, "Divisão padrão salva");
    await expect(section.getByTestId("split-rule-today")).toHaveText(
      "Proporcional: Ana Souza 62,5% · Léo Souza 37,5%",
    );
    await expect(section.getByRole("button", { name: /^Remover a divisão de / })).toBeVisible();
    await expectNoAxeViolations(page);

    // The next family expense previews the new split.
    await page.goto("/expenses");
    await main.getByLabel("Valor", { exact: true }).fill("100,00");
    await expect(forWhom).toHaveAccessibleDescription("Ana R$ 62,50 · Léo R$ 37,50");
    await expectNoAxeViolations(page);
  },
);

test(
  "en: the edit dialog changes an expense's split, and the history says from what to what",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const { categoryId, other } = await couple(page, browser, testInfo, {
      language: "en",
      owner: "Olga Owner",
      member: "Mario Member",
      category: { name: "Groceries", weeklyBudget: "200.00", monthlyBudget: "800.00" },
    });
    await other.context.close();
    await postForId(page, "/api/expenses", {
      description: "Weekly shop",
      amount: "80.00",
      date: new Date().toISOString().slice(0, 10),
      categoryId,
    });
    await page.goto("/expenses");
    const main = page.getByRole("main");
    const row = main
      .getByRole("table", { name: "All Expenses" })
      .getByRole("row")
      .filter({ hasText: "Weekly shop" });
    // The family's split says nothing in the list.
    await expect(row.getByTestId("split-label")).toHaveCount(0);

    await row.getByRole("button", { name: "Edit Weekly shop" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Expense" });
    const forWhom = dialog.getByLabel("For whom", { exact: true });
    await expect(forWhom.locator("option:checked")).toHaveText("Family");
    await expect(forWhom).toHaveAccessibleDescription("Olga $40.00 · Mario $40.00");
    await forWhom.selectOption({ label: "Split" });
    await dialog.getByRole("radio", { name: "Amounts" }).check();
    await dialog.getByLabel("Olga", { exact: true }).fill("50");
    await dialog.getByLabel("Mario", { exact: true }).fill("30");
    await expect(dialog.getByTestId("split-status")).toHaveText("Olga $50.00 · Mario $30.00");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastSays(page, "Expense updated successfully!");
    await expect(row.getByTestId("split-label")).toHaveText("Olga $50.00 · Mario $30.00");

    // Opened again, it holds the split it has now.
    await row.getByRole("button", { name: "Edit Weekly shop" }).click();
    await expect(forWhom.locator("option:checked")).toHaveText("Split");
    await expect(dialog.getByLabel("Mario", { exact: true })).toHaveValue("30.00");
    await forWhom.selectOption({ label: "Only Mario's" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastSays(page, "Expense updated successfully!");
    await expect(row.getByTestId("split-label")).toHaveText("Only Mario");

    await page.goto("/family/history");
    const entries = main.getByRole("listitem").filter({
      hasText: "Olga Owner changed the expense “Weekly shop”",
    });
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(
      "For whomfrom Olga Owner $50.00 · Mario Member $30.00 to Mario Member",
    );
    await expect(entries.nth(1)).toContainText(
      "For whomfrom Family to Olga Owner $50.00 · Mario Member $30.00",
    );
    await expectNoAxeViolations(page);
  },
);

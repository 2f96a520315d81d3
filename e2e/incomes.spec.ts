import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { couple, localToday, toastSays } from "./couple";
import { desktopOnly, expectNoHorizontalScroll, expectTouchTargets, phoneOnly } from "./support";

/**
 * Income (docs/product.md#income), as a couple meets it. On a phone in Portuguese: Ana records
 * her salary, sees it in the month and its total, corrects it; Léo records a private freelance
 * job that Ana never sees in her list, though her total grows by it; the history says so. On a
 * desktop in English: an income recorded and deleted behind a confirmation.
 */

/** At 375 px: nothing wider than the screen, every control 44 px (docs/product.md#touch-targets), axe. */
async function fitsAndPassesAxe(page: Page) {
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoAxeViolations(page);
}

/** Today as the list writes it in Portuguese: 27/11/2026. */
const todayPt = () => localToday().split("-").reverse().join("/");

test(
  "pt: Ana's salary in the month and its total, changed; Léo's private freela only in her total",
  phoneOnly,
  async ({ page, browser }, testInfo) => {
    const { other } = await couple(page, browser, testInfo, {
      language: "pt",
      owner: "Ana",
      member: "Léo",
      category: { name: "Mercado", weeklyBudget: "500.00", monthlyBudget: "2000.00" },
    });

    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Receitas" })
      .click();
    await expect(page).toHaveURL(/\/incomes$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Receitas");
    await expect(main.getByTestId("incomes-empty")).toContainText("Nenhuma receita neste mês");
    await expect(main.getByTestId("incomes-total")).toHaveText("R$ 0,00");
    await fitsAndPassesAxe(page);

    await main.getByRole("button", { name: "Nova receita" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova receita" });
    await expect(dialog.getByLabel("Tipo").locator("option:checked")).toHaveText("Salário");
    await expect(dialog.getByLabel("Recebido por").locator("option:checked")).toHaveText(
      "Ana (você)",
    );
    await expect(dialog.getByLabel("Data")).toHaveValue(localToday());
    await expect(dialog.getByLabel("Tipo").locator("option")).toHaveText([
      "Salário",
      "13º salário",
      "Férias",
      "Freela",
      "Rendimentos",
      "Outros",
    ]);
    // Nothing typed: the contract's messages under the fields.
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByRole("alert").first()).toBeVisible();
    await fitsAndPassesAxe(page);
    await dialog.getByLabel("Descrição").fill("Salário");
    await dialog.getByLabel("Valor").fill("5.000,00");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toastSays(page, "Receita registrada");
    await expect(dialog).toHaveCount(0);

    const items = main.getByTestId("income");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("Salário");
    await expect(items.first()).toContainText(`Salário · Ana · ${todayPt()}`);
    await expect(items.first()).toContainText("R$ 5.000,00");
    await expect(main.getByTestId("incomes-total")).toHaveText("R$ 5.000,00");
    await fitsAndPassesAxe(page);

    // Changed: the form opens as it is, in her decimal sign.
    await items.first().getByRole("button", { name: "Editar Salário" }).click();
    const edit = page.getByRole("dialog", { name: "Editar receita" });
    await expect(edit.getByLabel("Valor")).toHaveValue("5000,00");
    await fitsAndPassesAxe(page);
    await edit.getByLabel("Valor").fill("5.250,00");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await toastSays(page, "Receita atualizada");
    await expect(main.getByTestId("incomes-total")).toHaveText("R$ 5.250,00");

    // Léo, on his own screen, records a private freela: his list marks it 'Privada'.
    await other.page.goto("/incomes");
    const his = other.page.getByRole("main");
    await his.getByRole("button", { name: "Nova receita" }).click();
    const hisDialog = other.page.getByRole("dialog", { name: "Nova receita" });
    await hisDialog.getByLabel("Descrição").fill("Freela do site");
    await hisDialog.getByLabel("Valor").fill("800,00");
    await hisDialog.getByLabel("Tipo").selectOption({ label: "Freela" });
    await hisDialog.getByLabel("Privada").check();
    // A private income is received by whoever records it: the choice goes away.
    await expect(hisDialog.getByLabel("Recebido por")).toHaveCount(0);
    await expectNoAxeViolations(other.page);
    await hisDialog.getByRole("button", { name: "Salvar" }).click();
    await toastSays(other.page, "Receita registrada");
    const freela = his.getByTestId("income").filter({ hasText: "Freela do site" });
    await expect(freela.getByTestId("private-mark")).toHaveText("Privada");
    await expect(his.getByTestId("incomes-total")).toHaveText("R$ 6.050,00");
    await expectNoAxeViolations(other.page);
    await other.context.close();

    // Ana never sees it in her list, but her total grows by it.
    await page.reload();
    await expect(main.getByTestId("incomes-total")).toHaveText("R$ 6.050,00");
    await expect(items).toHaveCount(1);
    await expect(main).not.toContainText("Freela");
    await fitsAndPassesAxe(page);

    await page.goto("/family/history");
    const entries = main.getByRole("listitem");
    await expect(entries.filter({ hasText: "Uma receita privada foi registrada" })).toHaveCount(1);
    await expect(entries.filter({ hasText: "Ana alterou a receita “Salário”" })).toHaveCount(1);
    await expect(entries.filter({ hasText: "Ana registrou a receita “Salário”" })).toHaveCount(1);
    await expect(main).not.toContainText("Freela");
    await main.getByLabel("Tipo").selectOption({ label: "Receitas" });
    await expect(entries.filter({ hasText: "receita" })).toHaveCount(3);
    await fitsAndPassesAxe(page);
  },
);

test(
  "en: an income recorded and deleted behind a confirmation",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const { other } = await couple(page, browser, testInfo, {
      language: "en",
      owner: "Olga",
      member: "Mario",
      category: { name: "Groceries", weeklyBudget: "500.00", monthlyBudget: "2000.00" },
      memberLanguage: false,
    });
    await other.context.close();
    await page.goto("/incomes");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Income");
    await expect(main.getByTestId("incomes-empty")).toContainText("No income this month");
    await expectNoAxeViolations(page);

    await main.getByRole("button", { name: "New income" }).click();
    const dialog = page.getByRole("dialog", { name: "New income" });
    await dialog.getByLabel("Description").fill("Consulting");
    await dialog.getByLabel("Amount").fill("1,234.56");
    await dialog.getByLabel("Kind").selectOption({ label: "Freelance" });
    await dialog.getByLabel("Received by").selectOption({ label: "Mario" });
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastSays(page, "Income recorded");

    const item = main.getByTestId("income");
    await expect(item).toContainText("Consulting");
    await expect(item).toContainText("Freelance · Mario");
    await expect(item).toContainText("$1,234.56");
    await expect(main.getByTestId("incomes-total")).toHaveText("$1,234.56");
    await expectNoAxeViolations(page);

    await item.getByRole("button", { name: "Delete Consulting" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete income?" });
    await expect(confirm).toContainText("“Consulting” leaves the month and its total.");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toastSays(page, "Income deleted");
    await expect(item).toHaveCount(0);
    await expect(main.getByTestId("incomes-empty")).toContainText("No income this month");
    await expect(main.getByTestId("incomes-total")).toHaveText("$0.00");
    await expectNoAxeViolations(page);
  },
);

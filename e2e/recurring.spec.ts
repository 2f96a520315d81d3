import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * Recurring expenses as a household meets them (docs/product.md#recurring-expenses): a monthly
 * rent starting three months ago shows its three past expenses at once, and only once; it is
 * paused, resumed, edited and deleted; the dashboard plans its next bill apart from what was spent.
 * The server's calendar date decides what is due, so the dates here are computed from today.
 */

const pad = (value: number) => String(value).padStart(2, "0");
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The 2nd of the month three months ago: a rule on the 1st then falls three times up to today. */
function threeMonthsAgo() {
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth() - 3, 2);
  return isoOf(start.getFullYear(), start.getMonth() + 1, 2);
}

/** Next month's last day, as the dashboard writes it ("31/12/2026"). */
function nextMonthEnd() {
  const now = new Date();
  const end = new Date(now.getFullYear(), now.getMonth() + 2, 0);
  return `${pad(end.getDate())}/${pad(end.getMonth() + 1)}/${end.getFullYear()}`;
}

/** The rows of "Todos os Gastos": a table on a desktop, a list of cards on a phone. */
function expenseRows(page: Page, testInfo: TestInfo): Locator {
  const main = page.getByRole("main");
  return testInfo.project.name === "phone"
    ? main.getByRole("list", { name: "Todos os Gastos" }).getByRole("listitem")
    : main
        .getByRole("table", { name: "Todos os Gastos" })
        .getByRole("row")
        .filter({ hasNot: page.locator("th") });
}

async function closeToast(page: Page, title: string) {
  const toast = page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");
  await expect(toast).toContainText(title);
  await toast.getByRole("button").click();
  await expect(toast).toHaveCount(0);
}

test(
  "a monthly rule from three months ago: its expenses once, pause, edit, the dashboard's bills, delete",
  desktopOnly,
  async ({ page }, testInfo) => {
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Moradia",
        icon: "home",
        color: "#3b82f6",
        weeklyBudget: "0",
        monthlyBudget: "2000",
      },
    });
    expect(category.status(), await category.text()).toBe(201);
    await storeLanguage(page, "pt");

    await page.goto("/expenses");
    await page.getByRole("link", { name: "Gastos recorrentes" }).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Gastos e receitas recorrentes",
    );
    await expect(main.getByText("Nenhum lançamento recorrente ainda")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // A day the chosen frequency does not have is refused before anything is sent.
    await main.getByRole("button", { name: "Novo lançamento recorrente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo lançamento recorrente" });
    await dialog.getByLabel("Descrição").fill("Aluguel");
    await dialog.getByLabel("Valor").fill("1500");
    await dialog.getByLabel("Categoria").selectOption({ label: "Moradia" });
    await dialog.getByLabel("Data de início").fill(threeMonthsAgo());
    await dialog.getByLabel("Data de fim (opcional)").fill("2020-01-01");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(
      dialog.getByText("A data de fim deve ser igual ou posterior à de início"),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Data de fim (opcional)").fill("");
    await expect(dialog.getByLabel("Frequência")).toHaveValue("monthly");
    await dialog.getByLabel("Dia do mês").selectOption("1");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();
    await closeToast(page, "Gasto recorrente criado");

    const card = main.getByTestId("recurring-rule");
    await expect(card).toContainText("Aluguel");
    await expect(card).toContainText("R$ 1.500,00");
    await expect(card).toContainText("Todo mês, dia 1");
    await expect(card).toContainText("Moradia");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // Its three past dates are ordinary expenses, each once.
    await page.getByRole("link", { name: "Voltar aos gastos" }).click();
    await expect(expenseRows(page, testInfo).filter({ hasText: "Aluguel" })).toHaveCount(3);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Gastos recorrentes" }).click();

    await card.getByRole("button", { name: "Pausar Aluguel" }).click();
    await closeToast(page, "Gasto recorrente pausado");
    await expect(card).toContainText("Pausado");
    await card.getByRole("button", { name: "Retomar Aluguel" }).click();
    await closeToast(page, "Gasto recorrente retomado");
    await expect(card).toContainText("Próximo:");

    await card.getByRole("button", { name: "Editar Aluguel" }).click();
    const edit = page.getByRole("dialog", { name: "Editar gasto recorrente" });
    await expect(edit.getByLabel("Descrição")).toHaveValue("Aluguel");
    await edit.getByLabel("Valor").fill("1600");
    await edit.getByLabel("Dia do mês").selectOption("31");
    await expectNoAxeViolations(page);
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(edit).toBeHidden();
    await closeToast(page, "Gasto recorrente atualizado");
    await expect(card).toContainText("Todo mês, dia 31");
    await expect(card).toContainText("R$ 1.600,00");

    // Next month's bill on the dashboard: on its last day (the 31st or the month's end), planned.
    await page.goto("/");
    await page.getByRole("button", { name: "Próximo mês" }).click();
    const due = page.getByTestId("due-bills");
    await expect(due.getByRole("heading")).toHaveText("Contas a vencer este mês");
    await expect(due).toContainText("Aluguel");
    await expect(due).toContainText(nextMonthEnd());
    await expect(page.getByTestId("due-bills-total")).toHaveText("R$ 1.600,00");
    await expect(page.getByTestId("planned-total")).toHaveText("Previsto: R$ 1.600,00 a vencer");
    await expect(page.getByTestId("total-spent")).toContainText("R$ 0,00");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.goto("/expenses/recurring");
    await card.getByRole("button", { name: "Excluir Aluguel" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir gasto recorrente?" });
    await expect(confirm).toContainText("Os gastos que já criou continuam.");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await closeToast(page, "Gasto recorrente excluído");
    await expect(main.getByText("Nenhum lançamento recorrente ainda")).toBeVisible();
    await page.goto("/expenses");
    await expect(expenseRows(page, testInfo).filter({ hasText: "Aluguel" })).toHaveCount(3);
  },
);

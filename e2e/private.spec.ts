import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoAxeViolations } from "./axe";
import { couple, localToday, postForId, toastSays } from "./couple";
import { desktopOnly, expectNoHorizontalScroll, phoneOnly } from "./support";

/**
 * Private expenses (docs/product.md#private-expenses), as a couple meets them: on a phone in
 * Portuguese, Ana buys Léo's birthday present and marks it 'Privado'; on every screen of his
 * (the dashboard, the Expenses list searched and filtered, the CSV he downloads, the history) it
 * is 'Gasto privado' and its amount, its description nowhere, while Ana sees it in full, marked.
 * On a desktop in English, Ana makes a shared expense private in the edit dialog and Léo's list
 * then says 'Private expense'.
 */

test(
  "pt: Ana's 'Privado' present is 'Gasto privado' and its amount on every screen of Léo's, and hers in full",
  phoneOnly,
  async ({ page, browser }, testInfo) => {
    const { other } = await couple(page, browser, testInfo, {
      language: "pt",
      owner: "Ana Souza",
      member: "Léo Souza",
      category: { name: "Presentes", weeklyBudget: "200.00", monthlyBudget: "800.00" },
    });
    const market = await postForId(page, "/api/categories", {
      name: "Mercado",
      icon: "tag",
      color: "#2563eb",
      weeklyBudget: "200.00",
      monthlyBudget: "800.00",
    });
    await postForId(page, "/api/expenses", {
      description: "Feira",
      amount: "40.00",
      date: localToday(),
      categoryId: market,
    });

    // Ana's form: 'Privado' is off until she turns it on; then who paid and for whom are hers.
    await page.goto("/expenses");
    const main = page.getByRole("main");
    await main.getByLabel("Descrição", { exact: true }).fill("Presente surpresa");
    await main.getByLabel("Valor", { exact: true }).fill("150,00");
    await main.getByLabel("Categoria", { exact: true }).selectOption({ label: "Presentes" });
    const privado = main.getByRole("checkbox", { name: "Privado" });
    await expect(privado).not.toBeChecked();
    await expect(main.getByLabel("Pago por", { exact: true })).toBeVisible();
    await privado.check();
    await expect(privado).toHaveAccessibleDescription(
      "Só eu vejo a descrição, a categoria e quem pagou; a família vê “Gasto privado” e o valor. Pago por mim e só meu: fica fora dos acertos.",
    );
    await expect(main.getByLabel("Pago por", { exact: true })).toHaveCount(0);
    await expect(main.getByLabel("Para quem", { exact: true })).toHaveCount(0);
    await expect(main.getByRole("checkbox", { name: "Parcelado" })).not.toBeChecked();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await toastSays(page, "Gasto adicionado com sucesso!");
    const anaCards = main.getByRole("list", { name: "Todos os Gastos" }).getByRole("listitem");
    const present = anaCards.filter({ hasText: "Presente surpresa" });
    await expect(present.getByTestId("private-mark")).toHaveText("Privado");
    await expect(present).toContainText("Presentes");
    await expect(present.getByRole("button", { name: "Editar Presente surpresa" })).toBeVisible();

    // Léo's dashboard: among the latest, its amount and nothing else.
    const leo = other.page;
    const leoMain = leo.getByRole("main");
    await leo.goto("/");
    const latest = leoMain.getByTestId("recent-transaction");
    await expect(latest).toHaveCount(2);
    const hiddenLatest = latest.filter({ hasText: "Gasto privado" });
    await expect(hiddenLatest.getByTestId("recent-amount")).toHaveText("R$ 150,00");
    await expect(hiddenLatest.getByRole("button")).toHaveCount(0);
    await expect(leoMain).not.toContainText("Presente surpresa");
    await expectNoAxeViolations(leo);

    // His Expenses list: 'Gasto privado', its amount and date, nothing to edit or delete.
    await leo.goto("/expenses");
    const cards = leoMain.getByRole("list", { name: "Todos os Gastos" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    const hidden = cards.filter({ hasText: "Gasto privado" });
    await expect(hidden).toContainText("R$ 150,00");
    await expect(hidden).not.toContainText("Presentes");
    await expect(hidden).not.toContainText("Pago por");
    await expect(hidden.getByRole("button")).toHaveCount(0);
    await expect(leoMain).not.toContainText("Presente surpresa");
    await expectNoAxeViolations(leo);
    await expectNoHorizontalScroll(leo);

    // Searched by its description or filtered by its category, it is not found.
    const search = leoMain.getByRole("searchbox");
    await search.fill("Presente");
    await expect(leoMain.getByText("Nenhum gasto encontrado")).toBeVisible();
    await expectNoAxeViolations(leo);
    await search.fill("");
    await expect(cards).toHaveCount(2);
    await leoMain.getByLabel("Filtrar por categoria").selectOption({ label: "Presentes" });
    await expect(leoMain.getByText("Nenhum gasto encontrado")).toBeVisible();
    await leoMain
      .getByLabel("Filtrar por categoria")
      .selectOption({ label: "Todas as categorias" });
    await expect(cards).toHaveCount(2);

    // The CSV he downloads: a 'Gasto privado' line with its date and amount, no names.
    const [download] = await Promise.all([
      leo.waitForEvent("download"),
      leoMain.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    const csv = (await readFile(await download.path())).subarray(3).toString("utf8");
    expect(csv).not.toContain("Presente");
    const rows: string[][] = parse(csv, { delimiter: ";", record_delimiter: "\r\n" });
    const line = rows.find((row) => row.includes("Gasto privado"));
    expect(line).toBeDefined();
    expect(line).toContain("150,00");
    expect(line?.join(";")).not.toMatch(/Ana|Presentes/);

    // His history: that a private expense was added, by nobody named, with nothing to show.
    await leo.goto("/family/history");
    const entry = leoMain
      .getByRole("listitem")
      .filter({ hasText: "Um gasto privado foi adicionado" });
    await expect(entry).toHaveCount(1);
    await expect(entry).not.toContainText("Ana");
    await expect(leoMain).not.toContainText("Presente surpresa");
    await expectNoAxeViolations(leo);

    // Ana's own history reads it in full, marked.
    await page.goto("/family/history");
    const hers = main
      .getByRole("listitem")
      .filter({ hasText: "Ana Souza adicionou o gasto “Presente surpresa”" });
    await expect(hers.getByTestId("private-mark")).toHaveText("Privado");
    await expectNoAxeViolations(page);
  },
);

test(
  "en: the edit dialog makes a shared expense private, and the other member's list says 'Private expense'",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const { categoryId, other } = await couple(page, browser, testInfo, {
      language: "en",
      owner: "Olga Owner",
      member: "Mario Member",
      category: { name: "Gifts", weeklyBudget: "200.00", monthlyBudget: "800.00" },
    });
    await postForId(page, "/api/expenses", {
      description: "Birthday gift",
      amount: "60.00",
      date: localToday(),
      categoryId,
    });
    const leo = other.page;
    const leoMain = leo.getByRole("main");
    const leoRows = leoMain.getByRole("table", { name: "All Expenses" }).getByRole("row");
    await leo.goto("/expenses");
    await expect(leoRows.filter({ hasText: "Birthday gift" })).toHaveCount(1);
    // Shared, it is his to edit too, and 'Private' is its author's choice alone.
    await leoRows.getByRole("button", { name: "Edit Birthday gift" }).click();
    const leoDialog = leo.getByRole("dialog", { name: "Edit Expense" });
    await expect(leoDialog.getByLabel("Paid by", { exact: true })).toBeVisible();
    await expect(leoDialog.getByRole("checkbox", { name: "Private" })).toHaveCount(0);
    await leoDialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto("/expenses");
    const main = page.getByRole("main");
    const row = main
      .getByRole("table", { name: "All Expenses" })
      .getByRole("row")
      .filter({ hasText: "Birthday gift" });
    await row.getByRole("button", { name: "Edit Birthday gift" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Expense" });
    const privateBox = dialog.getByRole("checkbox", { name: "Private" });
    await expect(privateBox).not.toBeChecked();
    await privateBox.check();
    await expect(dialog.getByLabel("Paid by", { exact: true })).toHaveCount(0);
    await expect(dialog.getByLabel("For whom", { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastSays(page, "Expense updated successfully!");
    await expect(row.getByTestId("private-mark")).toHaveText("Private");

    // Mario's open list hears of it: a line he cannot open, named by nothing but its amount.
    const hidden = leoRows.filter({ hasText: "Private expense" });
    await expect(hidden).toContainText("$60.00");
    await expect(hidden.getByRole("button")).toHaveCount(0);
    await expect(hidden).not.toContainText("Gifts");
    await expect(leoMain).not.toContainText("Birthday gift");
    await expectNoAxeViolations(leo);
  },
);

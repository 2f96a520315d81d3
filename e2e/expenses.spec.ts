import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import {
  callsStartedTogether,
  desktopOnly,
  expectNoHorizontalScroll,
  phoneOnly,
  storeLanguage,
} from "./support";

const timeZone = "America/Sao_Paulo";
test.use({ timezoneId: timeZone });

const texts = {
  pt: {
    title: "Gastos",
    addTitle: "Adicionar Gasto",
    listTitle: "Todos os Gastos",
    description: "Descrição",
    amount: "Valor",
    category: "Categoria",
    date: "Data",
    submit: "Adicionar Gasto",
    search: "Buscar pela descrição",
    searchPlaceholder: "Buscar...",
    filter: "Filtrar por categoria",
    allCategories: "Todas as categorias",
    uncategorized: "Sem categoria",
    from: "De",
    to: "Até",
    rangeOrder: "A data final deve ser igual ou posterior à data inicial",
    summary: (count: number, total: string) =>
      `${count} ${count === 1 ? "gasto" : "gastos"} · total ${total}`,
    empty: "Nenhum gasto encontrado",
    emptyHint: "Adicione seu primeiro gasto usando o formulário acima",
    emptyFiltered: "Tente ajustar os filtros de busca",
    descriptionRequired: "Informe a descrição",
    amountPositive: "O valor deve ser maior que zero",
    categoryRequired: "Escolha uma categoria",
    editTitle: "Editar Gasto",
    save: "Salvar",
    edit: (d: string) => `Editar ${d}`,
    delete: (d: string) => `Excluir ${d}`,
    confirmTitle: "Confirmar Exclusão",
    confirmMessage: (d: string) =>
      `Tem certeza que deseja excluir o gasto "${d}"? Esta ação não pode ser desfeita.`,
    cancel: "Cancelar",
    confirm: "Excluir",
    added: "Gasto adicionado com sucesso!",
    updated: "Gasto atualizado com sucesso!",
    deleted: "Gasto excluído com sucesso!",
    columns: ["Data", "Descrição", "Categoria", "Pago por", "Valor", "Ações"],
    formatDate: (iso: string) => iso.split("-").reverse().join("/"),
    money: {
      "12.5": "R$ 12,50",
      "1234.5": "R$ 1.234,50",
      "20": "R$ 20,00",
      "40": "R$ 40,00",
      "1287": "R$ 1.287,00",
      "32.5": "R$ 32,50",
    },
  },
  en: {
    title: "Expenses",
    addTitle: "Add Expense",
    listTitle: "All Expenses",
    description: "Description",
    amount: "Amount",
    category: "Category",
    date: "Date",
    submit: "Add Expense",
    search: "Search by description",
    searchPlaceholder: "Search...",
    filter: "Filter by category",
    allCategories: "All categories",
    uncategorized: "Uncategorized",
    from: "From",
    to: "To",
    rangeOrder: "The end date must be on or after the start date",
    summary: (count: number, total: string) =>
      `${count} ${count === 1 ? "expense" : "expenses"} · total ${total}`,
    empty: "No expenses found",
    emptyHint: "Add your first expense with the form above",
    emptyFiltered: "Try adjusting the search filters",
    descriptionRequired: "Enter a description",
    amountPositive: "The amount must be greater than zero",
    categoryRequired: "Choose a category",
    editTitle: "Edit Expense",
    save: "Save",
    edit: (d: string) => `Edit ${d}`,
    delete: (d: string) => `Delete ${d}`,
    confirmTitle: "Confirm Deletion",
    confirmMessage: (d: string) =>
      `Are you sure you want to delete the expense "${d}"? This action cannot be undone.`,
    cancel: "Cancel",
    confirm: "Delete",
    added: "Expense added successfully!",
    updated: "Expense updated successfully!",
    deleted: "Expense deleted successfully!",
    columns: ["Date", "Description", "Category", "Paid by", "Amount", "Actions"],
    formatDate: (iso: string) => {
      const [year, month, day] = iso.split("-");
      return `${month}/${day}/${year}`;
    },
    money: {
      "12.5": "$12.50",
      "1234.5": "$1,234.50",
      "20": "$20.00",
      "40": "$40.00",
      "1287": "$1,287.00",
      "32.5": "$32.50",
    },
  },
} as const;

type Language = keyof typeof texts;

/** Today where the browser is, which is what the form must default to. */
const todayThere = () => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

async function expectToast(page: Page, title: string) {
  const toast = page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(title);
  await toast.getByRole("button").click();
  await expect(toast).toHaveCount(0);
}

async function setUp(page: Page, language: Language) {
  await signUpViaApi(page, { language });
  await createFamilyViaApi(page);
  await storeLanguage(page, language);
}

async function createCategory(page: Page, name: string, color = "#16a34a"): Promise<string> {
  const res = await page.request.post("/api/categories", {
    data: { name, icon: "tag", color, weeklyBudget: "50.00", monthlyBudget: "200.00" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createExpense(
  page: Page,
  data: { description: string; amount: string; categoryId: string; date: string },
) {
  const res = await page.request.post("/api/expenses", { data });
  expect(res.status(), await res.text()).toBe(201);
}

/** Every expense of the family as the API lists it (a page large enough for these tests). */
async function listedExpenses(page: Page) {
  const res = await page.request.get("/api/expenses/page?limit=200");
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: unknown[] }).items as {
    description: string;
    amount: string;
    categoryId: string | null;
    date: string;
  }[];
}

/**
 * The rows of "Todos os Gastos": a table on a desktop, a list of cards on a phone (a five-column
 * table does not fit 375 px).
 */
function expenseRows(page: Page, testInfo: TestInfo, listTitle: string): Locator {
  const main = page.getByRole("main");
  return testInfo.project.name === "phone"
    ? main.getByRole("list", { name: listTitle }).getByRole("listitem")
    : main
        .getByRole("table", { name: listTitle })
        .getByRole("row")
        .filter({ hasNot: page.locator("th") });
}

for (const language of ["pt", "en"] as const) {
  // Each journey once: in Portuguese at 375 px (the list as cards), in English on a desktop (the
  // list as a table), docs/architecture.md#what-a-test-costs.
  const oneWidth = language === "en" ? desktopOnly : phoneOnly;
  const t = texts[language];

  test(
    `[${language}] add an expense: today by default, validation, one expense per double click`,
    oneWidth,
    async ({ page }, testInfo) => {
      await setUp(page, language);
      await createCategory(page, "Mercado");
      await page.goto("/expenses");

      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(t.title);
      await expect(main.getByRole("heading", { name: t.addTitle })).toBeVisible();
      await expect(main.getByText(t.empty)).toBeVisible();
      await expect(main.getByText(t.emptyHint)).toBeVisible();
      const today = todayThere();
      await expect(main.getByLabel(t.date, { exact: true })).toHaveValue(today);
      const amount = main.getByLabel(t.amount, { exact: true });
      // Text with the numeric keyboard: a number field would refuse "12,50" (docs/product.md#typing-amounts).
      await expect(amount).toHaveAttribute("type", "text");
      await expect(amount).toHaveAttribute("inputmode", "decimal");

      await amount.fill("0");
      await main.getByRole("button", { name: t.submit }).click();
      await expect(main.getByText(t.descriptionRequired)).toBeVisible();
      await expect(main.getByText(t.amountPositive)).toBeVisible();
      await expect(main.getByText(t.categoryRequired)).toBeVisible();
      await expect(main.getByLabel(t.description, { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      await main.getByLabel(t.description, { exact: true }).fill("Pão de queijo");
      await amount.fill("12.5");
      await main.getByLabel(t.category, { exact: true }).selectOption({ label: "Mercado" });
      await main.getByRole("button", { name: t.submit }).dblclick();
      await expectToast(page, t.added);

      const rows = expenseRows(page, testInfo, t.listTitle);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Pão de queijo");
      await expect(rows.first()).toContainText("Mercado");
      await expect(rows.first()).toContainText(t.money["12.5"]);
      await expect(rows.first()).toContainText(t.formatDate(today));
      // Who paid: a line of the card at 375 px (the table's column is e2e/payer.spec.ts's).
      await expect(rows.first()).toContainText(
        language === "pt" ? "Pago por Ana Souza" : "Ana Souza",
      );
      // The form is ready for the next receipt.
      await expect(main.getByLabel(t.description, { exact: true })).toHaveValue("");
      expect(await listedExpenses(page)).toEqual([
        expect.objectContaining({ description: "Pão de queijo", amount: "12.50", date: today }),
      ]);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    },
  );

  test(
    `[${language}] search across the years, filter by category (incl. uncategorised) and dates, with totals`,
    oneWidth,
    async ({ page }, testInfo) => {
      // Four filters, each waiting for the server, and three axe checks: on two busy cores this
      // flow came close to the default 60 s.
      test.setTimeout(90_000);
      await setUp(page, language);
      const market = await createCategory(page, "Mercado");
      const car = await createCategory(page, "Carro", "#2563eb");
      const gifts = await createCategory(page, "Presentes", "#9333ea");
      await createExpense(page, {
        description: "Supermercado Extra",
        amount: "1234.50",
        categoryId: market,
        date: "2025-03-12",
      });
      await createExpense(page, {
        description: "Gasolina",
        amount: "20",
        categoryId: car,
        date: "2025-03-11",
      });
      await createExpense(page, {
        description: "Presente da Ana",
        amount: "12.50",
        categoryId: gifts,
        date: "2025-03-10",
      });
      // Years back: the search and the filters reach the whole history, not one month.
      await createExpense(page, {
        description: "Gasolina do sítio",
        amount: "20",
        categoryId: car,
        date: "2019-07-01",
      });
      // The expense stays, uncategorised, when its category goes.
      expect((await page.request.delete(`/api/categories/${gifts}`)).status()).toBe(200);
      await page.goto("/expenses");

      const main = page.getByRole("main");
      const rows = expenseRows(page, testInfo, t.listTitle);
      const totals = main.getByTestId("expense-totals");
      await expect(rows).toHaveCount(4);
      // Newest first.
      await expect(rows.nth(0)).toContainText("Supermercado Extra");
      await expect(rows.nth(0)).toContainText(t.money["1234.5"]);
      await expect(rows.nth(0)).toContainText(t.formatDate("2025-03-12"));
      await expect(rows.nth(2)).toContainText("Presente da Ana");
      await expect(rows.nth(2)).toContainText(t.uncategorized);
      await expect(rows.nth(3)).toContainText("Gasolina do sítio");
      await expect(rows.nth(3)).toContainText(t.formatDate("2019-07-01"));
      // The count and sum of everything that matches.
      await expect(totals).toHaveText(t.summary(4, t.money["1287"]));
      if (testInfo.project.name !== "phone") {
        await expect(main.getByRole("columnheader")).toHaveText([...t.columns]);
        // Screen readers are told the list's full size: 4 expenses and the header row.
        await expect(main.getByRole("table", { name: t.listTitle })).toHaveAttribute(
          "aria-rowcount",
          "5",
        );
        await expect(rows.nth(3)).toHaveAttribute("aria-rowindex", "5");
      } else {
        await expect(rows.nth(3)).toHaveAttribute("aria-setsize", "4");
        await expect(rows.nth(3)).toHaveAttribute("aria-posinset", "4");
      }
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      const search = main.getByLabel(t.search);
      await expect(search).toHaveAttribute("placeholder", t.searchPlaceholder);
      await search.fill("SUPERMERCADO");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Supermercado Extra");
      await expect(totals).toHaveText(t.summary(1, t.money["1234.5"]));
      await search.fill("gaso");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText("Gasolina");
      await expect(rows.nth(1)).toContainText("Gasolina do sítio");
      await expect(totals).toHaveText(t.summary(2, t.money["40"]));
      await search.fill("");
      await expect(rows).toHaveCount(4);

      const filter = main.getByLabel(t.filter);
      await expect(filter.getByRole("option")).toHaveText([
        t.allCategories,
        "Mercado",
        "Carro",
        t.uncategorized,
      ]);
      await filter.selectOption({ label: "Carro" });
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText("Gasolina");
      await filter.selectOption({ label: t.uncategorized });
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Presente da Ana");
      await expect(totals).toHaveText(t.summary(1, t.money["12.5"]));

      await search.fill("gasolina");
      await expect(rows).toHaveCount(0);
      await expect(main.getByText(t.empty)).toBeVisible();
      await expect(main.getByText(t.emptyFiltered)).toBeVisible();
      await expect(totals).toHaveText("");
      await expectNoAxeViolations(page);

      await filter.selectOption({ label: t.allCategories });
      await expect(rows).toHaveCount(2);
      await search.fill("");
      await expect(rows).toHaveCount(4);

      // The date range: each end on its own, then both, inclusive.
      const from = main.getByLabel(t.from, { exact: true });
      const to = main.getByLabel(t.to, { exact: true });
      await from.fill("2025-01-01");
      await expect(rows).toHaveCount(3);
      await to.fill("2025-03-11");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText("Gasolina");
      await expect(rows.nth(1)).toContainText("Presente da Ana");
      await expect(totals).toHaveText(t.summary(2, t.money["32.5"]));
      await from.fill("");
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(2)).toContainText("Gasolina do sítio");

      // A start after the end is explained instead of sent.
      await from.fill("2025-03-12");
      await expect(main.getByRole("alert").filter({ hasText: t.rangeOrder })).toBeVisible();
      await expect(to).toHaveAttribute("aria-invalid", "true");
      await expect(rows).toHaveCount(0);
      await expectNoAxeViolations(page);
      await to.fill("");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Supermercado Extra");
      await expect(main.getByText(t.rangeOrder)).toHaveCount(0);
    },
  );

  test(
    `[${language}] edit an expense, then delete it after confirming, by keyboard and pointer`,
    oneWidth,
    async ({ page }, testInfo) => {
      await setUp(page, language);
      const market = await createCategory(page, "Mercado");
      await createCategory(page, "Carro", "#2563eb");
      await createExpense(page, {
        description: "Feira",
        amount: "12.50",
        categoryId: market,
        date: "2025-03-10",
      });
      await page.goto("/expenses");
      const rows = expenseRows(page, testInfo, t.listTitle);
      await expect(rows).toHaveCount(1);

      // By keyboard: the row's buttons are reachable and open their dialogs with Enter.
      await rows
        .first()
        .getByRole("button", { name: t.edit("Feira") })
        .focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: t.editTitle });
      await expect(dialog.getByLabel(t.description, { exact: true })).toHaveValue("Feira");
      await expect(dialog.getByLabel(t.amount, { exact: true })).toHaveValue(
        language === "pt" ? "12,50" : "12.50",
      );
      await expect(dialog.getByLabel(t.date, { exact: true })).toHaveValue("2025-03-10");
      await expectNoAxeViolations(page);

      await dialog.getByLabel(t.description, { exact: true }).fill("Feira do sábado");
      await dialog.getByLabel(t.category, { exact: true }).selectOption({ label: "Carro" });
      const patch = page.waitForRequest(
        (request) => request.method() === "PATCH" && request.url().includes("/api/expenses/"),
      );
      await dialog.getByRole("button", { name: t.save }).click();
      // Only what changed is sent.
      expect(Object.keys((await patch).postDataJSON()).sort()).toEqual([
        "categoryId",
        "description",
      ]);
      await expect(dialog).toBeHidden();
      // Focus goes back to the button that opened the dialog.
      await expect(
        rows.first().getByRole("button", { name: t.edit("Feira do sábado") }),
      ).toBeFocused();
      await expectToast(page, t.updated);
      await expect(rows.first()).toContainText("Feira do sábado");
      await expect(rows.first()).toContainText("Carro");
      await expect(rows.first()).toContainText(t.money["12.5"]);

      // Tab moves from the row's edit button to its delete button; Escape cancels. (Closing the
      // toast above took focus, so start again from the edit button.)
      await rows
        .first()
        .getByRole("button", { name: t.edit("Feira do sábado") })
        .focus();
      await page.keyboard.press("Tab");
      await expect(
        rows.first().getByRole("button", { name: t.delete("Feira do sábado") }),
      ).toBeFocused();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("alertdialog", { name: t.confirmTitle });
      await expect(confirm).toContainText(t.confirmMessage("Feira do sábado"));
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(confirm).toBeHidden();
      await expect(rows).toHaveCount(1);
      await expect(
        rows.first().getByRole("button", { name: t.delete("Feira do sábado") }),
      ).toBeFocused();

      await rows
        .first()
        .getByRole("button", { name: t.delete("Feira do sábado") })
        .click();
      await confirm.getByRole("button", { name: t.confirm, exact: true }).click();
      await expect(confirm).toBeHidden();
      // The row and its button are gone: focus continues from the list's heading.
      await expect(page.getByRole("heading", { name: t.listTitle })).toBeFocused();
      await expectToast(page, t.deleted);
      await expect(rows).toHaveCount(0);
      await expect(page.getByRole("main").getByText(t.emptyHint)).toBeVisible();
      expect(await listedExpenses(page)).toEqual([]);
    },
  );
}

test(
  "a returning user's Expenses page asks for the user, the family, the first page and the categories at once",
  desktopOnly,
  async ({ page }, testInfo) => {
    await setUp(page, "pt");
    await createCategory(page, "Mercado");
    const res = await page.request.post("/api/expenses", {
      data: {
        description: "Pão de queijo",
        amount: "12.50",
        categoryId: (await (await page.request.get("/api/categories")).json())[0].id,
        date: todayThere(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    // The first visit stores the user; from then on the calls go out before any is answered.
    await page.goto("/expenses");
    const rows = expenseRows(page, testInfo, texts.pt.listTitle);
    await expect(rows).toHaveCount(1);
    const together = callsStartedTogether(page, [
      "/api/auth/user",
      "/api/family",
      "/api/expenses/page",
      "/api/categories",
    ]);
    await page.reload();
    expect(await together).toBe(true);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Mercado");
  },
);

// At 375 px, the list of cards; the table's rows come from the same window (virtual-window.ts).
test(
  "a long history scrolls to its oldest expense with only a window of rows in the page",
  phoneOnly,
  async ({ page }) => {
    // The scroll itself takes a few seconds.
    test.setTimeout(120_000);
    await setUp(page, "pt");
    const categoryId = await createCategory(page, "Mercado");
    const total = 360;
    // One expense a day from 2020-01-01: "Gasto 000" is the oldest, so it is the last row. Seeded
    // as one import (POST /api/imports) rather than 360 single writes: those were half the test.
    const day = (index: number) =>
      new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10);
    const imported = await page.request.post("/api/imports", {
      headers: { "idempotency-key": `long-history-${Date.now()}` },
      data: {
        lines: Array.from({ length: total }, (_, index) => ({
          description: `Gasto ${String(index).padStart(3, "0")}`,
          amount: "1.00",
          categoryId,
          date: day(index),
        })),
      },
    });
    expect(imported.status(), await imported.text()).toBe(201);
    await page.goto("/expenses");

    const main = page.getByRole("main");
    // On two busy cores the first page once took longer than the default 10 s to show, right after
    // the 360 writes: allow it 30 s.
    await expect(main.getByTestId("expense-totals")).toHaveText(
      `${total} gastos · total R$ 360,00`,
      {
        timeout: 30_000,
      },
    );
    const newest = `Gasto ${total - 1}`;
    await expect(main.getByText(newest, { exact: true })).toBeVisible();
    // Every rendered expense (a table row or a card) carries its index in the whole list.
    const rendered = main.locator("[data-index]");
    const oldest = main.getByText("Gasto 000", { exact: true });

    let mostRendered = 0;
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const count = await rendered.count();
      mostRendered = Math.max(mostRendered, count);
      // A list that kept every loaded row would hold all 360 by the time the oldest shows.
      expect(count).toBeLessThan(300);
      await expect(oldest).toBeInViewport({ timeout: 500 });
    }).toPass({ timeout: 60_000, intervals: [250] });

    expect(mostRendered).toBeLessThan(300);
    // The newest row left the page as it scrolled away.
    await expect(main.getByText(newest, { exact: true })).toHaveCount(0);
    const last = rendered.last();
    await expect(last).toContainText("Gasto 000");
    await expect(last).toHaveAttribute("aria-posinset", String(total));
    await expectNoAxeViolations(page);
  },
);

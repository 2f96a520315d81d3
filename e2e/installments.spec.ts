import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import {
  desktopOnly,
  expectNoHorizontalScroll,
  phoneOnly,
  readToast,
  storeLanguage,
} from "./support";

/**
 * Purchases in installments (docs/product.md#installments), as a household meets them: Ana buys a
 * fridge for R$ 3.600,00 in 12x on her Nubank (closes on the 3rd, due on the 10th) through the
 * form, sees 1/12 in this bill and 2/12 in the next, raises the installments from the 3rd on,
 * deletes them from the 5th on (4 left), pays the rest off early into the open bill, and reads it
 * all in the history. Portuguese on a phone; on a desktop in English, the quick add with a typed
 * first installment, its preview, the offline refusal and the labels. Dates are relative to today
 * (the server's and the browser's, one machine).
 */

const CLOSING_DAY = 3;
const DUE_DAY = 10;

type Day = { year: number; month: number; day: number };
const pad = (n: number) => String(n).padStart(2, "0");
const addMonths = ({ year, month }: Day, n: number, day: number): Day => {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day };
};
/** The same day `n` months later, or that month's last day (src/domain/installments.ts). */
const monthsAfter = (d: Day, n: number): Day => {
  const later = addMonths(d, n, 1);
  return { ...later, day: Math.min(d.day, new Date(later.year, later.month, 0).getDate()) };
};
const now = new Date();
const today: Day = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
/** The open bill closes on the 3rd of this month until the 3rd, then of the next. */
const openClosing = addMonths(today, today.day <= CLOSING_DAY ? 0 : 1, CLOSING_DAY);
/** Installment 2, a month after today, is in the bill after it, whatever the day. */
const nextClosing = addMonths(openClosing, 1, CLOSING_DAY);

const ptMonths =
  "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(
    " ",
  );
const ptMonthYear = (d: Day) => `${ptMonths[d.month - 1]} de ${d.year}`;
const ptBill = (d: Day) => `Fatura de ${ptMonthYear(d)}`;
const ptDate = (d: Day) => `${pad(d.day)}/${pad(d.month)}/${d.year}`;
const enDate = (d: Day) => `${pad(d.month)}/${pad(d.day)}/${d.year}`;

/** The toast's text, then closed, so the next one is the only one. */
async function post(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** "3/12" and not "13/12": the label of installment `n` of `count`. */
const labelOf = (n: number, count: number) => new RegExp(`(?<![0-9])${n}/${count}`);

test(
  "pt: a fridge in 12x on the card, 1/12 in this bill and 2/12 in the next, changed from the 3rd, deleted from the 5th, paid off early, in the history",
  phoneOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt", name: "Ana Souza" });
    await createFamilyViaApi(page);
    const cardId = await post(page, "/api/payment-methods", {
      kind: "credit_card",
      name: "Nubank",
      closingDay: CLOSING_DAY,
      dueDay: DUE_DAY,
    });
    await post(page, "/api/categories", {
      name: "Casa",
      icon: "home",
      color: "#2563eb",
      weeklyBudget: "1000.00",
      monthlyBudget: "4000.00",
    });
    const main = page.getByRole("main");

    // Through the form: "Parcelado", the total, 12x; the split previewed before saving.
    await page.goto("/expenses");
    await main.getByLabel("Descrição", { exact: true }).fill("Geladeira");
    await main.getByLabel("Parcelado").check();
    await expect(main.getByLabel("Valor", { exact: true })).toHaveCount(0);
    await main.getByLabel("Valor total").fill("3.600,00");
    await main.getByLabel("Número de parcelas").fill("12");
    await main.getByLabel("Categoria", { exact: true }).selectOption({ label: "Casa" });
    await main.getByLabel("Pago com", { exact: true }).selectOption({ label: "Nubank" });
    await expect(main.getByLabel("Data da 1ª parcela")).toHaveValue(
      `${today.year}-${pad(today.month)}-${pad(today.day)}`,
    );
    const preview = main.getByTestId("installments-preview");
    await expect(preview).toContainText("12x de R$ 300,00");
    await expect(preview).toContainText(`de ${ptDate(today)} a ${ptDate(monthsAfter(today, 11))}`);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await readToast(page, "Compra parcelada adicionada: 12 parcelas");
    // The form is ready for the next entry, "Parcelado" off.
    await expect(main.getByLabel("Parcelado")).not.toBeChecked();

    // Each installment in the list with its label.
    const list = main.getByRole("list", { name: "Todos os Gastos" });
    const row = (n: number) => list.getByRole("listitem").filter({ hasText: labelOf(n, 12) });
    // The list renders the rows near the screen: the first installments are the oldest, at the end.
    const toListEnd = () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const button = (action: "Editar" | "Excluir", n: number) =>
      row(n).getByRole("button", { name: `${action} Geladeira (parcela ${n} de 12)` });
    await expect(main.getByTestId("expense-totals")).toContainText("12 gastos · total R$ 3.600,00");
    await expect(row(12)).toContainText(ptDate(monthsAfter(today, 11)));
    await toListEnd();
    await expect(row(1)).toContainText("Geladeira");
    await expect(row(1)).toContainText("R$ 300,00");
    await expectNoAxeViolations(page);

    // The dashboard's latest: this month's installment, labelled.
    await page.goto("/");
    await expect(
      page.getByTestId("recent-transaction").filter({ hasText: "Geladeira" }),
    ).toContainText("1/12");

    // The card's bills: 1/12 in the open bill, 2/12 in the next.
    await page.goto(`/payment-methods/${cardId}/bills`);
    const title = main.getByRole("heading", { level: 2 });
    await expect(title).toHaveText(ptBill(openClosing));
    const open = main.getByRole("region", { name: ptBill(openClosing) });
    const openLines = open.getByRole("list", { name: "Compras" });
    await expect(openLines.getByRole("listitem")).toHaveCount(1);
    await expect(openLines).toContainText("Geladeira");
    await expect(openLines).toContainText("1/12");
    await expect(open.getByTestId("bill-total")).toHaveText("R$ 300,00");
    const bills = main.getByRole("list", { name: "Faturas do cartão" });
    await main.getByRole("button", { name: "Mostrar todas as faturas (12)" }).click();
    await bills.getByRole("button", { name: new RegExp(`^${ptBill(nextClosing)}`) }).click();
    await expect(title).toHaveText(ptBill(nextClosing));
    const next = main.getByRole("region", { name: ptBill(nextClosing) });
    await expect(next.getByRole("list", { name: "Compras" })).toContainText("2/12");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // "Esta e as próximas" from the 3rd: R$ 310,00 each; the date stays each one's.
    await page.goto("/expenses");
    await expect(row(12)).toBeVisible();
    await toListEnd();
    await button("Editar", 3).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Parcela 3 de 12");
    await expect(dialog.getByRole("radio", { name: "Só esta parcela" })).toBeChecked();
    await dialog.getByRole("radio", { name: "Esta e as próximas" }).check();
    await expect(dialog.getByLabel("Data", { exact: true })).toHaveAttribute("readonly", "");
    await dialog.getByLabel("Valor", { exact: true }).fill("310,00");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await readToast(page, "10 parcelas atualizadas");
    await expect(dialog).toHaveCount(0);
    await expect(row(2)).toContainText("R$ 300,00");
    await expect(row(3)).toContainText("R$ 310,00");
    await expect(row(5)).toContainText("R$ 310,00");

    // Deleted from the 5th on: four are left.
    await button("Excluir", 5).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("“Geladeira” é a parcela 5 de 12.");
    await confirm.getByRole("radio", { name: "Esta e as próximas" }).check();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await readToast(page, "8 parcelas excluídas");
    await expect(main.getByTestId("expense-totals")).toContainText("4 gastos · total R$ 1.220,00");
    await expect(row(4)).toContainText("R$ 310,00");
    await expect(row(5)).toHaveCount(0);

    // Paid off early: the later bills' installments move to the bill open today.
    await button("Editar", 1).click();
    await dialog.getByRole("button", { name: "Antecipar parcelas" }).click();
    await expect(dialog.getByRole("heading", { name: "Antecipar parcelas" })).toBeVisible();
    await expect(dialog).toContainText("fatura do cartão Nubank aberta hoje");
    await expect(dialog.getByTestId("pay-off-series")).toHaveText(
      "“Geladeira”: 4 parcelas, somando R$ 1.220,00.",
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Antecipar" }).click();
    await readToast(page, "Parcelas antecipadas");
    await expect(dialog).toHaveCount(0);

    await page.goto(`/payment-methods/${cardId}/bills`);
    await expect(title).toHaveText(ptBill(openClosing));
    await expect(bills.getByRole("listitem")).toHaveCount(1);
    await expect(openLines.getByRole("listitem")).toHaveCount(4);
    await expect(openLines).toContainText("4/12");
    await expect(open.getByTestId("bill-total")).toHaveText("R$ 1.220,00");
    await expectNoAxeViolations(page);

    // The history: one entry each, never one per installment.
    await page.goto("/family/history");
    await main.getByLabel("Tipo").selectOption({ label: "Compras parceladas" });
    const entries = main.getByRole("list", { name: "Histórico" }).getByRole("listitem");
    await expect(entries).toHaveCount(4);
    const created = entries.filter({
      hasText: "Ana Souza adicionou a compra parcelada “Geladeira”",
    });
    await expect(created).toContainText("TotalR$ 3.600,00");
    await expect(created).toContainText("Parcelas12");
    await expect(created).toContainText(`Data da 1ª parcela${ptDate(today)}`);
    await expect(created).toContainText("Pago comNubank");
    await expect(
      entries.filter({
        hasText: "Ana Souza alterou a compra parcelada “Geladeira” a partir da parcela 3",
      }),
    ).toContainText("Valorde R$ 300,00 para R$ 310,00");
    await expect(
      entries.filter({
        hasText:
          "Ana Souza excluiu 8 parcelas da compra “Geladeira” a partir da parcela 5, somando R$ 2.480,00",
      }),
    ).toHaveCount(1);
    // The bill open today closes today on the 3rd: its closing date reads as the day itself.
    const paidOffTo =
      today.day === CLOSING_DAY ? ptDate(today) : `a fatura de ${ptMonthYear(openClosing)}`;
    await expect(
      entries.filter({
        hasText: `Ana Souza antecipou as parcelas da compra “Geladeira” a partir da parcela 2 para ${paidOffTo}`,
      }),
    ).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

test(
  "en: the quick add in installments with a typed first one: the preview, offline refused, the labels",
  desktopOnly,
  async ({ page, context }) => {
    await storeLanguage(page, "en");
    await signUpViaApi(page, { language: "en", name: "Olga Owner" });
    await createFamilyViaApi(page);
    await post(page, "/api/categories", {
      name: "Home",
      icon: "home",
      color: "#2563eb",
      weeklyBudget: "1000.00",
      monthlyBudget: "4000.00",
    });

    await page.goto("/");
    await page.getByRole("button", { name: "Add expense" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Description").fill("Sofa");
    await dialog.getByLabel("In installments").check();
    await dialog.getByLabel("Total amount").fill("1,000.00");
    await dialog.getByLabel("Number of installments").fill("3");
    await dialog.getByLabel("Category").selectOption({ label: "Home" });
    const preview = dialog.getByTestId("installments-preview");
    await expect(preview).toContainText("1 installment of $333.34 + 2 installments of $333.33");
    await dialog.getByLabel("First installment", { exact: true }).fill("400");
    await expect(preview).toContainText("1 installment of $400.00 + 2 installments of $300.00");
    await expect(preview).toContainText(
      `from ${enDate(today)} to ${enDate(monthsAfter(today, 2))}`,
    );
    // More than the total leaves nothing for the others.
    await dialog.getByLabel("First installment", { exact: true }).fill("999.99");
    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await expect(dialog.getByLabel("First installment", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await dialog.getByLabel("First installment", { exact: true }).fill("400");
    await expectNoAxeViolations(page);

    // Offline it is never kept on the device: it says so, and what was typed stays.
    await context.setOffline(true);
    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await readToast(page, "A purchase in installments needs a connection");
    await expect(dialog.getByLabel("Total amount")).toHaveValue("1,000.00");
    await context.setOffline(false);

    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await readToast(page, "Purchase in installments added: 3 installments");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("recent-transaction").filter({ hasText: "Sofa" })).toContainText(
      "1/3",
    );

    await page.goto("/expenses");
    const table = page.getByRole("main").getByRole("table");
    for (const [n, amount] of [
      [1, "$400.00"],
      [2, "$300.00"],
      [3, "$300.00"],
    ] as const) {
      await expect(table.getByRole("row").filter({ hasText: labelOf(n, 3) })).toContainText(amount);
    }
    await expectNoAxeViolations(page);

    // Editing one offers the three choices, in English.
    await table
      .getByRole("row")
      .filter({ hasText: labelOf(2, 3) })
      .getByRole("button", { name: "Edit Sofa (installment 2 of 3)" })
      .click();
    const edit = page.getByRole("dialog");
    await expect(edit).toContainText("Installment 2 of 3");
    for (const name of ["Only this installment", "This and the following", "All installments"]) {
      await expect(edit.getByRole("radio", { name })).toBeVisible();
    }
    await expect(edit.getByRole("button", { name: "Pay off early" })).toBeVisible();
    await expectNoAxeViolations(page);
  },
);

import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * A credit card's statement in the CSV import (docs/product.md#csv-import, #into-a-card): Ana
 * exports her Nubank bill (`date,title,amount`, purchases positive, the bill's payment the one
 * negative, the fridge's second installment marked), the screen says it read a card statement,
 * she imports it into the card's bill that closed last, whatever the lines' dates, and the
 * purchases are in that bill, the fridge as 2/12.
 * Portuguese on a phone. On a desktop in English, a bank statement still reads as one and imports
 * as before, paid with an account. Dates are today's (the server's and the browser's, one machine).
 */

const CLOSING_DAY = 3;
const DUE_DAY = 10;

type Day = { year: number; month: number; day: number };
const pad = (n: number) => String(n).padStart(2, "0");
const iso = ({ year, month, day }: Day) => `${year}-${pad(month)}-${pad(day)}`;
const addMonths = ({ year, month }: Day, n: number, day: number): Day => {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day };
};
const now = new Date();
const today: Day = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
/** The bill a purchase made today is in: it closes on the 3rd of this month until the 3rd. */
const openClosing = addMonths(today, today.day <= CLOSING_DAY ? 0 : 1, CLOSING_DAY);
/** The bill that closed last: the statement Ana exports and imports into. */
const lastClosing = addMonths(openClosing, -1, CLOSING_DAY);
const ptMonths =
  "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(
    " ",
  );
const ptShort = "jan fev mar abr mai jun jul ago set out nov dez".split(" ");
const ptBill = (d: Day) => `Fatura de ${ptMonths[d.month - 1]} de ${d.year}`;
/** Due the 10th of the month the bill closes in (10 > 3). */
const ptDays = (d: Day) =>
  `fecha ${CLOSING_DAY} ${ptShort[d.month - 1]} · vence ${DUE_DAY} ${ptShort[d.month - 1]}`;

async function post(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const line = (page: Page, number: number) =>
  page.locator(`[data-testid="import-line"][data-line="${number}"]`);

type Expense = {
  description: string;
  amount: string;
  paymentMethodId: string | null;
  billId: string | null;
  installment: number | null;
  installmentCount: number | null;
};
async function expenses(page: Page): Promise<Expense[]> {
  const response = await page.request.get("/api/expenses");
  expect(response.status()).toBe(200);
  return ((await response.json()) as Expense[]).sort((a, b) =>
    a.description.localeCompare(b.description),
  );
}

test(
  "pt: a Nubank statement read as a card's, imported into the card's bill, the fridge as 2/12",
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
    const categoryId = await post(page, "/api/categories", {
      name: "Compras",
      icon: "tag",
      color: "#2563eb",
      weeklyBudget: "1000.00",
      monthlyBudget: "4000.00",
    });
    // A purchase already on the card, on the last closing day: its bill exists, so 'Fatura'
    // offers it.
    await post(page, "/api/expenses", {
      description: "Farmácia",
      amount: "40.00",
      date: iso(lastClosing),
      categoryId,
      paymentMethodId: cardId,
    });

    const statement = [
      "date,title,amount",
      `${iso(today)},Padaria Pão Quente,12.50`,
      `${iso(today)},Uber *Trip,23.90`,
      `${iso(today)},Geladeira - Parcela 2/12,300.00`,
      `${iso(today)},Pagamento recebido,-1500.00`,
    ].join("\n");

    await page.goto("/expenses/import");
    await expect(page.getByRole("heading", { level: 1, name: "Importar CSV" })).toBeVisible();
    await page.getByLabel("Arquivo CSV").setInputFiles({
      name: "Nubank_2026.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(statement, "utf-8"),
    });

    // Read as a card statement by its signs, and said so beside the sign's choice.
    await expect(page.getByTestId("sign-guess")).toHaveText(
      "Lido como fatura de cartão: as compras são positivas e o pagamento da fatura é a exceção",
    );
    await expect(page.getByLabel("Gastos são os valores")).toHaveValue("positive");
    // Only the bill's payment is left out: a transfer from an account, neither spending nor
    // income, so it cannot be ticked nor recorded as a credit (docs/product.md#ofx-import).
    await expect(line(page, 5)).toContainText("Pagamento de fatura");
    await expect(line(page, 5).getByRole("checkbox")).toBeDisabled();
    await expect(line(page, 5).getByTestId("credit-choice")).toHaveCount(0);
    for (const number of [2, 3, 4]) {
      await expect(line(page, number).getByRole("checkbox")).toBeChecked();
    }
    // The fridge's marker is read off its description and shown beside it.
    await expect(line(page, 4)).toContainText("Geladeira");
    await expect(line(page, 4)).not.toContainText("Parcela 2/12");
    await expect(line(page, 4).getByTestId("installment-label")).toContainText("2/12");
    await expect(line(page, 4)).toContainText("Entra na compra parcelada");

    // Into the card: read again as its statement, and its bills offered.
    await page.getByLabel("Pago com").selectOption({ label: "Nubank" });
    await expect(page.getByTestId("sign-guess")).toHaveText(
      "Lido como fatura de cartão, pois as linhas vão para um cartão: as compras são positivas",
    );
    const bill = page.getByLabel("Fatura", { exact: true });
    await expect(bill.locator("option:checked")).toHaveText("Pela data de cada compra");
    await expect(page.getByText("Cada compra entra na fatura da sua data.")).toBeVisible();
    // Today's lines go into the bill chosen, not the open one their date is in.
    await bill.selectOption({ label: `${ptBill(lastClosing)} · ${ptDays(lastClosing)}` });
    // A phone's select cuts the label: the days are said under it too.
    await expect(
      page.getByText(
        `Todas as linhas entram nesta fatura (${ptDays(lastClosing)}), seja qual for a data.`,
      ),
    ).toBeVisible();
    await expect(line(page, 5)).toContainText("Pagamento de fatura");

    await page.getByLabel("Categoria para as linhas sem categoria").selectOption({
      label: "Compras",
    });
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page.getByTestId("import-summary")).toContainText(
      "3 linhas serão importadas · R$ 336,40",
    );
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Importar 3 gastos" }).click();
    await expect(page.getByText("3 gastos importados.")).toBeVisible();

    // Paid with the card, all in the bill chosen; the fridge joined a purchase in 12 installments.
    const all = await expenses(page);
    const imported = all.filter((e) => e.description !== "Farmácia");
    expect(
      imported.map((e) => [e.description, e.amount, e.installment, e.installmentCount]),
    ).toEqual([
      ["Geladeira", "300.00", 2, 12],
      ["Padaria Pão Quente", "12.50", null, null],
      ["Uber *Trip", "23.90", null, null],
    ]);
    expect(new Set(imported.map((e) => e.paymentMethodId))).toEqual(new Set([cardId]));
    const chosenBill = all.find((e) => e.description === "Farmácia")?.billId;
    expect(chosenBill).toBeTruthy();
    expect(new Set(imported.map((e) => e.billId))).toEqual(new Set([chosenBill]));

    await page.goto(`/payment-methods/${cardId}/bills`);
    const main = page.getByRole("main");
    // The card's only bill: the one chosen.
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(ptBill(lastClosing));
    const chosen = main.getByRole("region", { name: ptBill(lastClosing) });
    await expect(chosen.getByTestId("bill-total")).toHaveText("R$ 376,40");
    const purchases = chosen.getByRole("list", { name: "Compras" });
    await expect(purchases.getByRole("listitem")).toHaveCount(4);
    for (const text of ["Padaria Pão Quente", "Uber *Trip", "Farmácia"]) {
      await expect(purchases).toContainText(text);
    }
    const fridge = purchases.getByRole("listitem").filter({ hasText: "Geladeira" });
    await expect(fridge.getByTestId("installment-label")).toContainText("2/12");
    await expect(purchases).not.toContainText("Pagamento recebido");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

test(
  "en: a bank statement still reads as one (negatives are spending) and imports as before, paid with an account",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "en");
    await signUpViaApi(page, { language: "en", name: "Ann Smith" });
    await createFamilyViaApi(page);
    const accountId = await post(page, "/api/payment-methods", {
      kind: "checking",
      name: "Checking",
    });
    const visaId = await post(page, "/api/payment-methods", {
      kind: "credit_card",
      name: "Visa",
      closingDay: CLOSING_DAY,
      dueDay: DUE_DAY,
    });
    await post(page, "/api/categories", {
      name: "Groceries",
      icon: "tag",
      color: "#3b82f6",
      weeklyBudget: "0",
      monthlyBudget: "0",
    });
    const statement = [
      "Date,Description,Amount,Balance",
      `${iso(today)},Whole Foods,-45.00,955.00`,
      `${iso(today)},Shell gas station,-60.00,895.00`,
      `${iso(today)},Salary,2500.00,3395.00`,
      `${iso(today)},Pharmacy,-12.30,3382.70`,
    ].join("\n");

    await page.goto("/expenses/import");
    await page.getByLabel("CSV or OFX file").setInputFiles({
      name: "bank.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(statement, "utf-8"),
    });
    await expect(page.getByTestId("sign-guess")).toHaveText(
      "Read as a bank statement: negatives are spending",
    );
    await expect(line(page, 4)).toContainText("Not spending (credit)");
    await expect(line(page, 4).getByTestId("credit-choice")).toHaveValue("");
    await expect(page.getByTestId("import-summary")).toContainText("3 lines will be imported");

    // The person can still switch the sign; the screen then says it is as chosen.
    await page.getByLabel("Spending is the").selectOption("positive");
    await expect(page.getByTestId("sign-guess")).toHaveText("As you chose");
    await expect(line(page, 4).getByRole("checkbox")).toBeChecked();
    await expect(line(page, 2)).toContainText("Not spending (credit)");
    await page.getByLabel("Spending is the").selectOption("negative");
    await expect(line(page, 4)).toContainText("Not spending (credit)");
    await expect(page.getByTestId("sign-guess")).toHaveText("As you chose");

    await page
      .getByLabel("Category for the lines without one")
      .selectOption({ label: "Groceries" });
    await page.getByRole("button", { name: "Apply" }).click();

    // Into a card the file reads as its statement; archived meanwhile, the card stays chosen and
    // the import is refused saying why, rather than made as paid with nothing.
    await page.getByLabel("Paid with").selectOption({ label: "Visa" });
    await expect(page.getByTestId("sign-guess")).toHaveText(
      "Read as a card statement, since the lines go into a card: purchases are positive",
    );
    await expect(page.getByLabel("Bill", { exact: true })).toHaveValue("");
    const archived = await page.request.patch(`/api/payment-methods/${visaId}`, {
      data: { isActive: false },
    });
    expect(archived.status(), await archived.text()).toBe(200);
    await page
      .getByLabel("Category for the lines without one")
      .selectOption({ label: "Groceries" });
    await page.getByRole("button", { name: "Apply" }).click();
    // Read as a card's, only the salary is spending.
    await page.getByRole("button", { name: "Import 1 expense" }).click();
    await expect(page.getByText("Choose one of the family's payment methods")).toBeVisible();

    // An account adds nothing to the reading and offers no bill: out of the card, the file is
    // read by its signs again, as a bank statement.
    await page.getByLabel("Paid with").selectOption({ label: "Checking" });
    await expect(page.getByLabel("Bill", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("sign-guess")).toHaveText(
      "Read as a bank statement: negatives are spending",
    );
    await expect(line(page, 4).getByTestId("credit-choice")).toHaveValue("");
    await page
      .getByLabel("Category for the lines without one")
      .selectOption({ label: "Groceries" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Import 3 expenses" }).click();
    await expect(page.getByText("3 expenses imported.")).toBeVisible();

    const imported = await expenses(page);
    expect(imported.map((e) => [e.description, e.amount, e.paymentMethodId, e.billId])).toEqual([
      ["Pharmacy", "12.30", accountId, null],
      ["Shell gas station", "60.00", accountId, null],
      ["Whole Foods", "45.00", accountId, null],
    ]);
  },
);

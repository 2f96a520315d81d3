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
 * A credit card's bills (docs/decisions/011-cards-bills-installments.md), as a household meets
 * them: Ana's Nubank closes on the 3rd and is due on the 10th. A fridge bought today is in the
 * open bill; she moves it to the next bill and back; she pays the bill that closed last from her
 * Itaú account, sees it paid, and undoes the payment; the dashboard's spending never changes with
 * a payment. Portuguese on a phone; on a desktop in English, the page and the payment's history
 * entry. Dates are relative to today (the server's and the browser's, one machine).
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
/** The open bill closes on the 3rd of this month until the 3rd, then of the next. */
const openClosing = addMonths(today, today.day <= CLOSING_DAY ? 0 : 1, CLOSING_DAY);
const nextClosing = addMonths(openClosing, 1, CLOSING_DAY);
/** The last closing day already past: its bill is closed. */
const lastClosing = addMonths(openClosing, -1, CLOSING_DAY);

const ptMonths =
  "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(
    " ",
  );
const ptShort = "jan fev mar abr mai jun jul ago set out nov dez".split(" ");
const enMonths =
  "January February March April May June July August September October November December".split(
    " ",
  );
const enShort = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
const ptBill = (d: Day) => `Fatura de ${ptMonths[d.month - 1]} de ${d.year}`;
const enBill = (d: Day) => `${enMonths[d.month - 1]} ${d.year} bill`;
/** Due the 10th of the month the bill closes in (10 > 3). */
const ptDays = (d: Day) =>
  `fecha ${CLOSING_DAY} ${ptShort[d.month - 1]} · vence ${DUE_DAY} ${ptShort[d.month - 1]}`;
const enDays = (d: Day) =>
  `closes ${enShort[d.month - 1]} ${CLOSING_DAY} · due ${enShort[d.month - 1]} ${DUE_DAY}`;
const ptDate = (d: Day) => `${pad(d.day)}/${pad(d.month)}/${d.year}`;

/** The toast's text, then closed, so the next one is the only one. */
async function post(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A family with a card closing on the 3rd and due on the 10th, an account and a category. */
async function familyWithCard(page: Page, language: "pt" | "en", names: string[]) {
  const [person = "", card = "", account = "", category = ""] = names;
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: person });
  await createFamilyViaApi(page);
  return {
    cardId: await post(page, "/api/payment-methods", {
      kind: "credit_card",
      name: card,
      closingDay: CLOSING_DAY,
      dueDay: DUE_DAY,
    }),
    accountId: await post(page, "/api/payment-methods", { kind: "checking", name: account }),
    categoryId: await post(page, "/api/categories", {
      name: category,
      icon: "home",
      color: "#2563eb",
      weeklyBudget: "1000.00",
      monthlyBudget: "4000.00",
    }),
  };
}

test(
  "pt: a purchase in the open bill, moved to the next bill and back; the closed bill paid from an account and the payment undone; spending unchanged",
  phoneOnly,
  async ({ page }) => {
    const { cardId, categoryId } = await familyWithCard(page, "pt", [
      "Ana Souza",
      "Nubank",
      "Conta Itaú",
      "Casa",
    ]);
    const main = page.getByRole("main");

    // Reached from the card on Contas e cartões; no purchase yet, no bill.
    await page.goto("/payment-methods");
    await main
      .getByRole("listitem")
      .filter({ hasText: "Nubank" })
      .getByRole("link", { name: "Faturas Nubank" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/payment-methods/${cardId}/bills$`));
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Faturas · Nubank");
    await expect(main.getByText("Nenhuma fatura ainda")).toBeVisible();
    await expectNoAxeViolations(page);

    // The fridge, bought today with the card, through the form; and a purchase from before the
    // last closing day, whose bill is closed.
    await page.goto("/expenses");
    await main.getByLabel("Descrição", { exact: true }).fill("Geladeira");
    await main.getByLabel("Valor", { exact: true }).fill("3.600,00");
    await main.getByLabel("Categoria", { exact: true }).selectOption({ label: "Casa" });
    await main.getByLabel("Pago com", { exact: true }).selectOption({ label: "Nubank" });
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await readToast(page, "Gasto adicionado com sucesso!");
    await post(page, "/api/expenses", {
      description: "Farmácia",
      amount: "120.00",
      date: iso(lastClosing),
      categoryId,
      paymentMethodId: cardId,
    });

    // This month's spending: the fridge, and the pharmacy when the last closing day was this month.
    const spentThisMonth =
      lastClosing.month === today.month && lastClosing.year === today.year
        ? "R$ 3.720,00"
        : "R$ 3.600,00";
    await page.goto("/");
    const spent = page.getByTestId("total-spent");
    await expect(spent).toContainText(spentThisMonth);

    await page.goto(`/payment-methods/${cardId}/bills`);
    // The Categories tab stays lit, as on Contas e cartões.
    await expect(page.getByRole("link", { name: "Categorias" }).first()).toHaveAttribute(
      "aria-current",
      "page",
    );
    const list = main.getByRole("list", { name: "Faturas do cartão" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    // The open bill is shown first, with its days beside its name.
    const title = main.getByRole("heading", { level: 2 });
    await expect(title).toHaveText(ptBill(openClosing));
    const bill = main.getByRole("region", { name: ptBill(openClosing) });
    await expect(bill).toContainText(ptDays(openClosing));
    await expect(bill).toContainText("Aberta");
    await expect(bill.getByTestId("bill-total")).toHaveText("R$ 3.600,00");
    const lines = bill.getByRole("list", { name: "Compras" });
    await expect(lines.getByRole("listitem")).toHaveCount(1);
    await expect(lines).toContainText("Geladeira");
    await expect(lines).toContainText("R$ 3.600,00");
    await expect(lines).toContainText("Casa");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // To the next bill: the open one is left empty and goes; the next one shows it.
    await bill.getByRole("button", { name: "Mover “Geladeira” para a próxima fatura" }).click();
    await readToast(page, "Compra movida para a próxima fatura");
    await expect(title).toHaveText(ptBill(nextClosing));
    const next = main.getByRole("region", { name: ptBill(nextClosing) });
    await expect(next.getByRole("list", { name: "Compras" })).toContainText("Geladeira");
    await expect(
      list.getByRole("button", { name: new RegExp(`^${ptBill(openClosing)}`) }),
    ).toHaveCount(0);
    // And back.
    await next.getByRole("button", { name: "Mover “Geladeira” para a fatura anterior" }).click();
    await readToast(page, "Compra movida para a fatura anterior");
    await expect(title).toHaveText(ptBill(openClosing));
    await expect(lines).toContainText("Geladeira");

    // The bill that closed: paid in full from the account.
    await list.getByRole("button", { name: new RegExp(`^${ptBill(lastClosing)}`) }).click();
    await expect(title).toHaveText(ptBill(lastClosing));
    const closed = main.getByRole("region", { name: ptBill(lastClosing) });
    await expect(closed).toContainText("Fechada");
    await expect(closed).toContainText(ptDays(lastClosing));
    await expect(closed.getByRole("list", { name: "Compras" })).toContainText("Farmácia");
    await closed.getByRole("button", { name: "Pagar fatura" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Pagar com a conta").locator("option:checked")).toHaveText(
      "Conta Itaú",
    );
    await expect(dialog.getByLabel("Valor")).toHaveValue("120,00");
    await expect(dialog.getByLabel("Data do pagamento")).toHaveValue(iso(today));
    await dialog.getByLabel("Valor").fill("120,01");
    await dialog.getByRole("button", { name: "Pagar" }).click();
    await expect(dialog.getByText("O valor passa do que falta pagar nesta fatura")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Valor").fill("120,00");
    await dialog.getByRole("button", { name: "Pagar" }).click();
    await readToast(page, "Pagamento registrado");
    await expect(dialog).toHaveCount(0);
    await expect(closed).toContainText("Paga");
    await expect(closed.getByTestId("bill-left")).toHaveText("R$ 0,00");
    const payments = closed.getByRole("list", { name: "Pagamentos" });
    await expect(payments).toContainText(`${ptDate(today)} · Conta Itaú`);
    await expect(closed.getByRole("button", { name: "Pagar fatura" })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // A payment is a transfer: the month's spending is as it was.
    const summary = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/summary");
    await page.goto("/");
    await summary;
    await expect(spent).toContainText(spentThisMonth);

    // Undone: the bill is to pay again.
    await page.goto(`/payment-methods/${cardId}/bills`);
    await list.getByRole("button", { name: new RegExp(`^${ptBill(lastClosing)}`) }).click();
    await closed
      .getByRole("button", { name: `Desfazer o pagamento de R$ 120,00 em ${ptDate(today)}` })
      .click();
    await readToast(page, "Pagamento desfeito");
    await expect(closed).toContainText("Fechada");
    await expect(closed).toContainText("Nenhum pagamento ainda.");
    await expect(closed.getByTestId("bill-left")).toHaveText("R$ 120,00");
    await expectNoAxeViolations(page);
  },
);

test("en: a card's bills, and the history entry of a payment", desktopOnly, async ({ page }) => {
  const { cardId, categoryId } = await familyWithCard(page, "en", [
    "Olga Owner",
    "Visa Gold",
    "Checking",
    "Home",
  ]);
  await post(page, "/api/expenses", {
    description: "Pharmacy",
    amount: "45.90",
    date: iso(lastClosing),
    categoryId,
    paymentMethodId: cardId,
  });
  const main = page.getByRole("main");

  await page.goto(`/payment-methods/${cardId}/bills`);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Bills · Visa Gold");
  await expect(page.getByRole("link", { name: "Categories" }).first()).toHaveAttribute(
    "aria-current",
    "page",
  );
  // No open bill: the newest is shown.
  const bill = main.getByRole("region", { name: enBill(lastClosing) });
  await expect(bill).toContainText(enDays(lastClosing));
  await expect(bill).toContainText("Closed");
  await expect(main.getByRole("list", { name: "The card's bills" })).toContainText(
    "Left to pay $45.90",
  );
  await expectNoAxeViolations(page);

  await bill.getByRole("button", { name: "Pay bill" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Amount")).toHaveValue("45.90");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Pay" }).click();
  await readToast(page, "Payment recorded");
  await expect(bill).toContainText("Paid");
  await expect(bill.getByRole("list", { name: "Payments" })).toContainText("Checking");
  await expectNoAxeViolations(page);

  await page.goto("/family/history");
  await main.getByLabel("Kind").selectOption({ label: "Card bills" });
  const entry = main
    .getByRole("listitem")
    .filter({ hasText: "Olga Owner paid the “Visa Gold” card's bill" });
  await expect(entry).toContainText(`Bill${enMonths[lastClosing.month - 1]} ${lastClosing.year}`);
  await expect(entry).toContainText("Amount$45.90");
  await expect(entry).toContainText("Paid withChecking");
  await expectNoAxeViolations(page);
});

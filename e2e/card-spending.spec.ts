import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, joinFamilyViaApi, otherPerson, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * Counting card spending by bill (docs/product.md#counting-card-spending-by-bill): Ana's Nubank
 * closes on the 3rd and is due on the 10th. A purchase on it dated after this month's 3rd is in
 * the bill that closes on the 3rd of next month and is due on the 10th of next month: counted by
 * its date it is this month's spending, counted by bill next month's. An account purchase counts
 * by its date either way. The family keeps the calendar month (day 1), so a budget month is the
 * calendar's. Dates are relative to today (the server's and the browser's, one machine): the card
 * purchase is today's when today is after the 3rd, else the 4th's (a few days ahead).
 */

const CLOSING_DAY = 3;
const DUE_DAY = 10;

type Day = { year: number; month: number; day: number };
const pad = (n: number) => String(n).padStart(2, "0");
const iso = ({ year, month, day }: Day) => `${year}-${pad(month)}-${pad(day)}`;
const now = new Date();
const today: Day = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
const cardPurchaseDay: Day = { ...today, day: Math.max(today.day, CLOSING_DAY + 1) };
const nextMonth =
  today.month === 12
    ? { year: today.year + 1, month: 1 }
    : { year: today.year, month: today.month + 1 };

const ptMonths =
  "Janeiro Fevereiro Março Abril Maio Junho Julho Agosto Setembro Outubro Novembro Dezembro".split(
    " ",
  );
const ptMonth = ({ year, month }: { year: number; month: number }) =>
  `${ptMonths[month - 1]} de ${year}`;

async function post(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A family with a card closing on the 3rd and due on the 10th, an account, a category, a card
 * purchase in next month's bill and an account purchase today.
 */
async function familyWithCardPurchase(
  page: Page,
  language: "pt" | "en",
  [person, card, account, category, onCard, onAccount]: string[],
) {
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: person });
  await createFamilyViaApi(page);
  const cardId = await post(page, "/api/payment-methods", {
    kind: "credit_card",
    name: card,
    closingDay: CLOSING_DAY,
    dueDay: DUE_DAY,
  });
  const accountId = await post(page, "/api/payment-methods", { kind: "checking", name: account });
  const categoryId = await post(page, "/api/categories", {
    name: category,
    icon: "home",
    color: "#2563eb",
    weeklyBudget: "1000.00",
    monthlyBudget: "4000.00",
  });
  await post(page, "/api/expenses", {
    description: onCard,
    amount: "3600.00",
    date: iso(cardPurchaseDay),
    categoryId,
    paymentMethodId: cardId,
  });
  await post(page, "/api/expenses", {
    description: onAccount,
    amount: "120.00",
    date: iso(today),
    categoryId,
    paymentMethodId: accountId,
  });
}

test(
  "pt: the owner counts card purchases by bill; the dashboard moves the card purchase to the month its bill is due",
  phoneOnly,
  async ({ page }) => {
    await familyWithCardPurchase(page, "pt", [
      "Ana Souza",
      "Nubank",
      "Conta Itaú",
      "Casa",
      "Geladeira",
      "Farmácia",
    ]);
    const month = page.getByTestId("selected-month");
    const spent = page.getByTestId("total-spent");
    const recent = page.getByRole("region", { name: "Últimas Transações" });

    // Counted by date: both purchases are this month's.
    await page.goto("/");
    await expect(month).toHaveText(ptMonth(today));
    await expect(spent).toContainText("R$ 3.720,00");
    await expect(recent.getByText("Geladeira")).toBeVisible();
    await expect(recent.getByText("Farmácia")).toBeVisible();

    await page.goto("/family");
    const section = page.getByRole("region", { name: "Compras no cartão" });
    await expect(section.getByTestId("card-spending-current")).toHaveText("Na data da compra");
    const byDate = section.getByRole("radio", { name: "Na data da compra" });
    const byBill = section.getByRole("radio", { name: "No mês em que a fatura vence" });
    await expect(byDate).toBeChecked();
    // Each choice says what it means in one line, read out with it.
    await expect(byDate).toHaveAccessibleDescription(
      "Cada compra conta no mês do orçamento da sua data.",
    );
    await expect(byBill).toHaveAccessibleDescription(
      "Cada compra no cartão conta no mês em que a fatura dela vence: o mês em que a família paga.",
    );
    await byBill.check();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await section.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Compras no cartão: escolha salva", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Cada compra conta: No mês em que a fatura vence.", { exact: true }),
    ).toBeVisible();
    await expect(section.getByTestId("card-spending-current")).toHaveText(
      "No mês em que a fatura vence",
    );
    await expectNoAxeViolations(page);

    // Counted by bill: this month holds the account purchase alone ...
    await page.goto("/");
    await expect(month).toHaveText(ptMonth(today));
    await expect(spent).toContainText("R$ 120,00");
    await expect(recent.getByText("Farmácia")).toBeVisible();
    await expect(recent.getByText("Geladeira")).toHaveCount(0);

    // ... and the card purchase counts in the month its bill is due.
    await page.getByRole("button", { name: "Próximo mês" }).click();
    await expect(month).toHaveText(ptMonth(nextMonth));
    await expect(spent).toContainText("R$ 3.600,00");
    await expect(recent.getByText("Geladeira")).toBeVisible();
    await expect(recent.getByText("Farmácia")).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  },
);

test(
  "en: a member reads the family's choice without changing it, and its history entry",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    await familyWithCardPurchase(page, "en", [
      "Olga Owner",
      "Visa Gold",
      "Checking",
      "Home",
      "Fridge",
      "Pharmacy",
    ]);
    const changed = await page.request.put("/api/family/card-spending", { data: { by: "bill" } });
    expect(changed.status(), await changed.text()).toBe(200);

    const leo = await otherPerson(browser, testInfo);
    await storeLanguage(leo.page, "en");
    await signUpViaApi(leo.page, { language: "en", name: "Leo Member" });
    await joinFamilyViaApi(page, leo.page);
    // A member cannot change it through the API either.
    const refused = await leo.page.request.put("/api/family/card-spending", {
      data: { by: "date" },
    });
    expect(refused.status()).toBe(403);

    await leo.page.goto("/family");
    const section = leo.page.getByRole("region", { name: "Card purchases" });
    await expect(section.getByTestId("card-spending-current")).toHaveText(
      "In the month the bill is due",
    );
    await expect(section).toContainText(
      "Each card purchase counts in the month its bill is due: the month the family pays it.",
    );
    await expect(section).toContainText(
      "Only the family's owner can change how card purchases count.",
    );
    await expect(section.getByRole("radio")).toHaveCount(0);
    await expect(section.getByRole("button")).toHaveCount(0);
    await expectNoAxeViolations(leo.page);

    await leo.page.goto("/family/history");
    const entry = leo.page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: "Olga Owner changed how card purchases count" });
    await expect(entry).toContainText("Family settings");
    await expect(entry).toContainText(
      "Card purchasesfrom On the purchase date to In the month the bill is due",
    );
    await expectNoAxeViolations(leo.page);
    await leo.context.close();
  },
);

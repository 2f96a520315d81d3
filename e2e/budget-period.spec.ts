import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, joinFamilyViaApi, otherPerson, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * The family's budget month (docs/product.md#budget-periods): the owner sets "5º dia útil" and
 * the dashboard shows the period with its dates and four weeks; an expense on the 3rd counts in
 * the period before; a member's open dashboard follows. November 2026 by the 5th business day
 * (Monday to Friday; the 2nd is Finados) is 9 Nov - 6 Dec, October's 7 Oct - 8 Nov. The months are
 * asked for by address, so the test reads the same whatever today is.
 */

/** Resolves once the page's event stream said it is subscribed. */
const streamReady = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");

async function familyWithExpenses(page: Page, language: "pt" | "en") {
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: "Ana Souza" });
  await createFamilyViaApi(page);
  const category = await page.request.post("/api/categories", {
    data: {
      name: language === "pt" ? "Mercado" : "Groceries",
      icon: "shopping-cart",
      color: "#16a34a",
      weeklyBudget: "250.00",
      monthlyBudget: "1000.00",
    },
  });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = ((await category.json()) as { id: string }).id;
  for (const [description, amount, date] of [
    ["Padaria", "30.00", "2026-11-03"],
    ["Feira", "50.00", "2026-11-20"],
  ]) {
    const created = await page.request.post("/api/expenses", {
      data: { description, amount, date, categoryId },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

test(
  "pt: the owner sets the 5th business day; the dashboard shows the period, its weeks, and the 3rd in October's; the member's dashboard follows",
  phoneOnly,
  async ({ page, browser }, testInfo) => {
    await familyWithExpenses(page, "pt");
    const leo = await otherPerson(browser, testInfo);
    await storeLanguage(leo.page, "pt");
    await signUpViaApi(leo.page, { language: "pt", name: "Léo Souza" });
    await joinFamilyViaApi(page, leo.page);

    // Léo has November open: the calendar month until the owner changes it.
    const leoStream = streamReady(leo.page);
    await leo.page.goto("/?month=11&year=2026");
    const leoMonth = leo.page.getByTestId("selected-month");
    await expect(leoMonth).toHaveText("Novembro de 2026");
    await expect(leo.page.getByTestId("total-spent")).toContainText("R$ 80,00");
    await leoStream;

    await page.goto("/family");
    const section = page.getByRole("region", { name: "Mês do orçamento" });
    await expect(section.getByTestId("budget-period-rule")).toContainText(
      "Dia 1 (mês do calendário)",
    );
    await section.getByRole("radio", { name: "Nº dia útil" }).check();
    await section.getByRole("combobox", { name: "Qual dia útil" }).selectOption({
      label: "5º dia útil",
    });
    await expect(section.getByRole("radio", { name: "Segunda a sexta" })).toBeChecked();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await section.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Mês do orçamento salvo", { exact: true })).toBeVisible();
    await expect(section.getByTestId("budget-period-rule")).toContainText(
      "5º dia útil (segunda a sexta)",
    );

    await page.goto("/?month=11&year=2026");
    const month = page.getByTestId("selected-month");
    await expect(month).toHaveText("Novembro de 2026 · 9 nov – 6 dez");
    for (const [week, days] of [
      [1, "9–15 nov"],
      [2, "16–22 nov"],
      [3, "23–29 nov"],
      [4, "30 nov – 6 dez"],
    ] as const) {
      await expect(page.getByTestId(`week-${week}`)).toContainText(days);
    }
    // The 20th only: the 3rd is before the 5th business day.
    await expect(page.getByTestId("total-spent")).toContainText("R$ 50,00");
    await expect(page.getByTestId("week-2")).toContainText("R$ 50,00");
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole("button", { name: "Mês anterior" }).click();
    await expect(month).toHaveText("Outubro de 2026 · 7 out – 8 nov");
    await expect(page.getByTestId("total-spent")).toContainText("R$ 30,00");
    // Day 28 of the period: its fourth week, 28 Oct - 8 Nov.
    await expect(page.getByTestId("week-4")).toContainText("28 out – 8 nov");
    await expect(page.getByTestId("week-4")).toContainText("R$ 30,00");
    const recent = page.getByRole("region", { name: "Últimas Transações" });
    await expect(recent.getByText("Padaria")).toBeVisible();

    // Léo's open dashboard follows without a reload.
    await expect(leoMonth).toHaveText("Novembro de 2026 · 9 nov – 6 dez", { timeout: 5_000 });
    await expect(leo.page.getByTestId("total-spent")).toContainText("R$ 50,00");
    await expectNoAxeViolations(leo.page);
    await leo.context.close();
  },
);

test(
  "en: the owner sets the 5th business day and the dashboard and reports name the period",
  desktopOnly,
  async ({ page }) => {
    await familyWithExpenses(page, "en");
    await page.goto("/family");
    const section = page.getByRole("region", { name: "Budget month" });
    await section.getByRole("radio", { name: "Nth business day" }).check();
    await section.getByRole("combobox", { name: "Which business day" }).selectOption({
      label: "5th business day",
    });
    await expect(section.getByTestId("budget-period-preview")).toBeVisible();
    await section.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Budget month saved", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/?month=11&year=2026");
    await expect(page.getByTestId("selected-month")).toHaveText("November 2026 · Nov 9 – Dec 6");
    await expect(page.getByTestId("week-1")).toContainText("Nov 9–15");
    await expect(page.getByTestId("week-4")).toContainText("Nov 30 – Dec 6");
    await expect(page.getByTestId("total-spent")).toContainText("$50.00");
    await expectNoAxeViolations(page);

    await page.goto("/reports?month=10&year=2026");
    await expect(page.getByTestId("selected-month")).toHaveText("October 2026 · Oct 7 – Nov 8");
    await expectNoAxeViolations(page);

    // The change is in the family's history, worded in the reader's language.
    await page.goto("/family/history");
    await expect(page.getByRole("main")).toContainText("5th business day");
    await expectNoAxeViolations(page);
  },
);

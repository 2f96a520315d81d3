import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { couple, localToday, toastSays } from "./couple";
import { desktopOnly, expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * Recurring income and the nth business day (docs/product.md#recurring-income): on a phone in
 * Portuguese, Léo records Ana's salary of R$ 5.000,00 on the 5th business day; the list shows it
 * as income with its next 5th business day, and the back-fill has written its past months as
 * incomes, none as an expense. On a desktop in English, an expense on the 1st business day.
 * The app runs on this machine's calendar, so the dates are counted here from today, with a
 * calendar of Brazil's national holidays of the spec's own (not the app's).
 */

const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Easter Sunday (the anonymous Gregorian algorithm) as [month, day]. */
function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h =
    (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return [month, ((h + l - 7 * m + 114) % 31) + 1];
}

/** Brazil's national holidays of a year: the fixed ones and Carnaval, Good Friday, Corpus Christi. */
function holidays(year: number): Set<string> {
  const [month, day] = easter(year);
  const fromEaster = (days: number) => {
    const date = new Date(Date.UTC(year, month - 1, day + days));
    return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  };
  const fixed = ["01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "11-20", "12-25"];
  return new Set([
    ...fixed.map((d) => `${year}-${d}`),
    fromEaster(-48),
    fromEaster(-47),
    fromEaster(-2),
    fromEaster(60),
  ]);
}

/** The nth business day (Monday to Friday, no holiday) of a month. */
function nthBusinessDay(year: number, month: number, n: number): string {
  const closed = holidays(year);
  let count = 0;
  for (let day = 1; ; day++) {
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    const date = isoOf(year, month, day);
    if (weekday !== 0 && weekday !== 6 && !closed.has(date)) count += 1;
    if (count === n) return date;
  }
}

/** The first nth business day after today (this month's, or next month's once it has passed). */
function nextNthBusinessDay(n: number): string {
  const today = localToday();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const thisMonth = nthBusinessDay(year, month, n);
  if (thisMonth > today) return thisMonth;
  return month === 12 ? nthBusinessDay(year + 1, 1, n) : nthBusinessDay(year, month + 1, n);
}

/** The calendar month `back` months before today's, as { year, month }. */
function monthsAgo(back: number) {
  const today = localToday();
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const shown = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8))));

test(
  "pt: Ana's salary on the 5th business day is income, with its next 5th business day",
  phoneOnly,
  async ({ page, browser }, testInfo) => {
    const { memberId } = await couple(page, browser, testInfo, {
      language: "pt",
      owner: "Léo Souza",
      member: "Ana Souza",
      category: { name: "Moradia", weeklyBudget: "0", monthlyBudget: "2000.00" },
    });
    const start = monthsAgo(2);

    await page.goto("/expenses/recurring");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Gastos e receitas recorrentes",
    );
    await main.getByRole("button", { name: "Novo lançamento recorrente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo lançamento recorrente" });
    await expect(dialog.getByLabel("Tipo", { exact: true })).toHaveValue("expense");
    await dialog.getByLabel("Tipo", { exact: true }).selectOption({ label: "Receita" });
    // An income has a kind and who receives it, never a category.
    await expect(dialog.getByLabel("Categoria", { exact: true })).toHaveCount(0);
    await dialog.getByLabel("Descrição", { exact: true }).fill("Salário");
    await dialog.getByLabel("Valor", { exact: true }).fill("5.000,00");
    // Saved without its kind: the contract's own message, before anything is sent.
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Escolha o tipo de receita")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Tipo de receita", { exact: true }).selectOption({ label: "Salário" });
    await dialog.getByLabel("Recebido por", { exact: true }).selectOption({ label: "Ana Souza" });
    await expect(dialog.getByLabel("Frequência", { exact: true })).toHaveValue("monthly");
    await dialog.getByLabel("Dia", { exact: true }).selectOption({ label: "Dia útil" });
    await expect(dialog.getByLabel("Dia do mês", { exact: true })).toHaveCount(0);
    await dialog
      .getByLabel("Dia útil do mês", { exact: true })
      .selectOption({ label: "5º dia útil" });
    await dialog
      .getByLabel("Data de início", { exact: true })
      .fill(isoOf(start.year, start.month, 1));
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();
    await toastSays(page, "Receita recorrente criada");

    const card = main.getByTestId("recurring-rule");
    await expect(card).toContainText("Salário");
    await expect(card).toContainText("Receita · Salário");
    await expect(card).toContainText("+R$ 5.000,00");
    await expect(card).toContainText("Todo mês, no 5º dia útil");
    await expect(card).toContainText("Recebido por Ana Souza");
    await expect(card).toContainText(`Próximo: ${shown(nextNthBusinessDay(5), "pt-BR")}`);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // The back-fill wrote the past 5th business days as Ana's income, none as an expense.
    for (const back of [2, 1]) {
      const { year, month } = monthsAgo(back);
      const incomes = await page.request.get(`/api/incomes?month=${month}&year=${year}`);
      expect(incomes.status()).toBe(200);
      expect((await incomes.json()).items).toEqual([
        expect.objectContaining({
          description: "Salário",
          amount: "5000.00",
          kind: "salary",
          receivedByUserId: memberId,
          date: nthBusinessDay(year, month, 5),
        }),
      ]);
      const expenses = await page.request.get(`/api/expenses?month=${month}&year=${year}`);
      expect(JSON.stringify(await expenses.json())).not.toContain("Salário");
    }

    // The latest past 5th business day's salary is in 'Receitas', Ana's, beside no expense.
    const today = localToday();
    const { year, month } = monthsAgo(0);
    const thisMonths = nthBusinessDay(year, month, 5);
    await page.goto("/incomes");
    if (thisMonths > today) await main.getByRole("button", { name: "Mês anterior" }).click();
    const latest = thisMonths > today ? monthsAgo(1) : { year, month };
    const paid = main.getByTestId("income").filter({ hasText: "Salário" });
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText(
      `Salário · Ana Souza · ${shown(nthBusinessDay(latest.year, latest.month, 5), "pt-BR")}`,
    );
    await expect(paid).toContainText("R$ 5.000,00");
    await expectNoAxeViolations(page);
    await page.goto("/expenses/recurring");

    // Edited, it stays an income: the type is chosen once.
    await card.getByRole("button", { name: "Editar Salário" }).click();
    const edit = page.getByRole("dialog", { name: "Editar receita recorrente" });
    await expect(edit.getByLabel("Tipo", { exact: true })).toHaveCount(0);
    await expect(edit.getByLabel("Dia útil do mês", { exact: true })).toHaveValue("5");
    await expectNoAxeViolations(page);
    await edit.getByLabel("Valor", { exact: true }).fill("5.200,00");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(edit).toBeHidden();
    await toastSays(page, "Receita recorrente atualizada");
    await expect(card).toContainText("+R$ 5.200,00");
  },
);

test("en: rent on the 1st business day of each month", desktopOnly, async ({ page }) => {
  await storeLanguage(page, "en");
  await signUpViaApi(page, { language: "en" });
  await createFamilyViaApi(page);
  const category = await page.request.post("/api/categories", {
    data: { name: "Home", icon: "home", color: "#3b82f6", weeklyBudget: "0", monthlyBudget: "0" },
  });
  expect(category.status(), await category.text()).toBe(201);

  await page.goto("/expenses/recurring");
  const main = page.getByRole("main");
  await expect(main.getByText("No recurring entries yet")).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByRole("button", { name: "New recurring entry" }).click();
  const dialog = page.getByRole("dialog", { name: "New recurring entry" });
  await dialog.getByLabel("Description", { exact: true }).fill("Rent");
  await dialog.getByLabel("Amount", { exact: true }).fill("1500");
  await dialog.getByLabel("Category", { exact: true }).selectOption({ label: "Home" });
  await dialog.getByLabel("Day", { exact: true }).selectOption({ label: "Business day" });
  await dialog
    .getByLabel("Business day of the month", { exact: true })
    .selectOption({ label: "1st business day" });
  await expect(dialog.getByText("In a month with fewer, its last business day.")).toBeVisible();
  await dialog.getByLabel("Start date", { exact: true }).fill(localToday());
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await toastSays(page, "Recurring expense created");

  const card = main.getByTestId("recurring-rule");
  await expect(card).toContainText("Home");
  await expect(card).toContainText("$1,500.00");
  await expect(card).toContainText("Every month, on the 1st business day");
  await expect(card).toContainText(`Next: ${shown(nextNthBusinessDay(1), "en-US")}`);
  await expectNoAxeViolations(page);
});

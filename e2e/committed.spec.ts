import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import {
  desktopOnly,
  expectNoHorizontalScroll,
  expectTouchTargets,
  phoneOnly,
  storeLanguage,
} from "./support";

/**
 * What the coming budget months already hold (docs/product.md#already-committed), as a household
 * meets it: Ana buys a fridge on her Nubank in 12 installments today and pays rent on the 5th
 * every month. The dashboard says what next month already holds and what the two after it hold;
 * Contas e cartões says how much of the card's limit the fridge uses; the reports list the three
 * months ahead. Dates are relative to today (the server's and the browser's, one machine); every
 * family keeps the calendar month (the default budget month).
 */

type Day = { year: number; month: number; day: number };
const pad = (n: number) => String(n).padStart(2, "0");
const iso = ({ year, month, day }: Day) => `${year}-${pad(month)}-${pad(day)}`;
const addMonths = ({ year, month }: Day, n: number, day: number): Day => {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day };
};
const now = new Date();
const today: Day = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
const nextMonths = [1, 2, 3].map((n) => addMonths(today, n, 1));

const ptMonths =
  "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(
    " ",
  );
const enMonths =
  "January February March April May June July August September October November December".split(
    " ",
  );
const ptMonthYear = (d: Day) => {
  const name = ptMonths[d.month - 1] ?? "";
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${d.year}`;
};

async function post(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A family with a card (closing on the 3rd, due on the 10th, its limit given), a category, a
 * purchase in installments on the card from today, and the rent: a monthly rule on the 5th from
 * today, so each coming month holds one rent still to come.
 */
async function familyWithCommitments(
  page: Page,
  language: "pt" | "en",
  purchase: { description: string; total: string; count: number },
) {
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: "Ana Souza" });
  await createFamilyViaApi(page);
  const cardId = await post(page, "/api/payment-methods", {
    kind: "credit_card",
    name: "Nubank",
    closingDay: 3,
    dueDay: 10,
    creditLimit: "5000.00",
  });
  const categoryId = await post(page, "/api/categories", {
    name: language === "pt" ? "Casa" : "Home",
    icon: "home",
    color: "#2563eb",
    weeklyBudget: "1000.00",
    monthlyBudget: "4000.00",
  });
  await post(page, "/api/installments", {
    ...purchase,
    firstDate: iso(today),
    categoryId,
    paymentMethodId: cardId,
  });
  await post(page, "/api/recurring", {
    description: language === "pt" ? "Aluguel" : "Rent",
    amount: "1500.00",
    categoryId,
    frequency: "monthly",
    dayOfMonth: 5,
    startDate: iso(today),
  });
  return { cardId, categoryId };
}

test(
  "pt: the dashboard says what next month already holds, and the card how much of its limit is used",
  phoneOnly,
  async ({ page }) => {
    await familyWithCommitments(page, "pt", {
      description: "Geladeira",
      total: "3600.00",
      count: 12,
    });
    const main = page.getByRole("main");

    // The committed months are asked for once the month's figures are in, never before them.
    let summaryAnsweredAt = Number.POSITIVE_INFINITY;
    let committedAskedAt = 0;
    page.on("response", (response) => {
      if (/\/api\/summary\?/.test(response.url())) {
        summaryAnsweredAt = Math.min(summaryAnsweredAt, Date.now());
      }
    });
    page.on("request", (request) => {
      if (request.url().includes("/api/summary/committed")) committedAskedAt = Date.now();
    });

    await page.goto("/");
    const [december, january, february] = nextMonths as [Day, Day, Day];
    // Next month: its installment of the fridge (3.600,00 / 12) and the rent still to come.
    const committed = main.getByTestId("committed");
    await expect(
      committed.getByRole("heading", {
        name: `Já comprometido em ${ptMonths[december.month - 1]}: R$ 1.800,00`,
      }),
    ).toBeVisible();
    await expect(committed.getByTestId("committed-parts").first()).toHaveText(
      "Parcelas R$ 300,00 · Contas fixas R$ 1.500,00",
    );
    expect(committedAskedAt).toBeGreaterThanOrEqual(summaryAnsweredAt);

    // The two months after, behind 'Próximos meses'.
    const later = committed.getByTestId("committed-later");
    await expect(later.first()).toBeHidden();
    await committed.getByText("Próximos meses").click();
    await expect(later).toHaveText([
      `${ptMonthYear(january)}R$ 1.800,00Parcelas R$ 300,00 · Contas fixas R$ 1.500,00`,
      `${ptMonthYear(february)}R$ 1.800,00Parcelas R$ 300,00 · Contas fixas R$ 1.500,00`,
    ]);
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(page);
    await expectNoAxeViolations(page);

    // The card's limit: the whole fridge is still owed, future installments included.
    await page.goto("/payment-methods");
    const nubank = main.getByRole("listitem").filter({ hasText: "Nubank" });
    await expect(nubank.getByTestId("limit-used")).toHaveText(
      "Limite usado R$ 3.600,00 de R$ 5.000,00",
    );
    const bar = nubank.getByRole("progressbar", { name: "Nubank: 72% do limite usado" });
    await expect(bar).toHaveAttribute("aria-valuenow", "72");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

test(
  "en: the reports list the three months ahead, each with its parts and total",
  desktopOnly,
  async ({ page }) => {
    const { categoryId } = await familyWithCommitments(page, "en", {
      description: "Laptop",
      total: "1200.00",
      count: 4,
    });
    const [first, second, third] = nextMonths as [Day, Day, Day];
    // Something else already recorded next month: concert tickets.
    await post(page, "/api/expenses", {
      description: "Concert tickets",
      amount: "80.00",
      date: iso({ ...first, day: 15 }),
      categoryId,
    });

    await page.goto("/");
    await expect(
      page.getByRole("heading", {
        name: `Already committed in ${enMonths[first.month - 1]}: $1,880.00`,
      }),
    ).toBeVisible();
    await expect(page.getByTestId("committed-parts").first()).toHaveText(
      "Installments $300.00 · Recurring bills $1,500.00 · Other $80.00",
    );

    await page.goto("/reports");
    const committed = page.getByRole("region", { name: "Committed", exact: true });
    await expect(committed.getByRole("columnheader")).toHaveText([
      "Month",
      "Total",
      "Installments",
      "Recurring bills",
      "Other",
    ]);
    const rows = committed.getByTestId("committed-row");
    const cells = (d: Day, other: string, total: string) =>
      `${enMonths[d.month - 1]} ${d.year}${total}$300.00$1,500.00${other}`;
    await expect(rows).toHaveText([
      cells(first, "$80.00", "$1,880.00"),
      cells(second, "$0.00", "$1,800.00"),
      cells(third, "$0.00", "$1,800.00"),
    ]);
    // Beside the 12-month trend, which is unchanged.
    await expect(page.getByRole("region", { name: "Last 12 months", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  },
);

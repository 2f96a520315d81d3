import { expect, type Locator, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import {
  callsStartedTogether,
  desktopOnly,
  expectNoHorizontalScroll,
  storeLanguage,
} from "./support";

// Seeding a dozen expenses and checking every figure takes a while on a busy machine.
test.describe.configure({ timeout: 60_000 });

const green = "rgb(4, 120, 87)";
const red = "rgb(185, 28, 28)";

type CategoryInput = { name: string; color: string; weeklyBudget: string; monthlyBudget: string };

async function createCategory(page: Page, input: CategoryInput): Promise<string> {
  const res = await page.request.post("/api/categories", { data: { icon: "tag", ...input } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createExpense(
  page: Page,
  input: { description: string; amount: string; categoryId: string; date: string },
) {
  const res = await page.request.post("/api/expenses", { data: input });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * December 2025 against a total budget of 1000.00 (weekly 250.00), with spending on both sides of
 * every week boundary (7/8, 21/22) and on the 31st, and January 2026 over budget.
 * 'Combustível' (Transporte, 21/12, 170.00) is left out when a test adds it through the UI.
 */
async function seedDecemberAndJanuary(page: Page, options: { withFuel: boolean }) {
  const mercado = await createCategory(page, {
    name: "Mercado",
    color: "#16a34a",
    weeklyBudget: "100.00",
    monthlyBudget: "400.00",
  });
  await createCategory(page, {
    name: "Lazer",
    color: "#ea580c",
    weeklyBudget: "25.00",
    monthlyBudget: "100.00",
  });
  const transporte = await createCategory(page, {
    name: "Transporte",
    color: "#2563eb",
    weeklyBudget: "50.00",
    monthlyBudget: "200.00",
  });
  const saude = await createCategory(page, {
    name: "Saúde",
    color: "#dc2626",
    weeklyBudget: "75.00",
    monthlyBudget: "300.00",
  });
  const temporary = await createCategory(page, {
    name: "Temporária",
    color: "#9333ea",
    weeklyBudget: "0.00",
    monthlyBudget: "0.00",
  });
  await createExpense(page, {
    description: "Compras da semana",
    amount: "300.00",
    categoryId: mercado,
    date: "2025-12-07",
  });
  await createExpense(page, {
    description: "Hortifruti",
    amount: "150.00",
    categoryId: mercado,
    date: "2025-12-08",
  });
  await createExpense(page, {
    description: "Farmácia",
    amount: "60.00",
    categoryId: saude,
    date: "2025-12-15",
  });
  await createExpense(page, {
    description: "Presente",
    amount: "40.00",
    categoryId: temporary,
    date: "2025-12-22",
  });
  await createExpense(page, {
    description: "Ceia de Ano Novo",
    amount: "100.00",
    categoryId: mercado,
    date: "2025-12-31",
  });
  await createExpense(page, {
    description: "Compras do mês",
    amount: "1234.56",
    categoryId: mercado,
    date: "2026-01-03",
  });
  if (options.withFuel) {
    await createExpense(page, {
      description: "Combustível",
      amount: "170.00",
      categoryId: transporte,
      date: "2025-12-21",
    });
  }
  // Deleting a category leaves its expense uncategorised: it still counts everywhere.
  expect((await page.request.delete(`/api/categories/${temporary}`)).status()).toBe(200);
}

function weekCard(page: Page, week: number) {
  return page.getByTestId(`week-${week}`);
}

async function expectWeek(
  page: Page,
  week: number,
  expected: { days: string; spent: string; status: string; tone: string },
) {
  const card = weekCard(page, week);
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(`Semana ${week}`);
  await expect(card).toContainText(expected.days);
  await expect(card.getByTestId("week-spent")).toHaveText(expected.spent);
  await expect(card.getByTestId("week-status")).toHaveText(expected.status);
  await expect(card.getByTestId("week-status")).toHaveCSS("color", expected.tone);
}

function categoryCard(page: Page, name: string): Locator {
  return page.getByTestId("category-card").filter({ has: page.getByRole("heading", { name }) });
}

async function expectCategory(
  page: Page,
  name: string,
  expected: { spent: string; weekly: string; monthly: string; status: string; progress: number },
) {
  const card = categoryCard(page, name);
  await expect(card.getByTestId("category-spent")).toHaveText(expected.spent);
  await expect(card.getByTestId("category-weekly-budget")).toHaveText(expected.weekly);
  await expect(card.getByTestId("category-monthly-budget")).toHaveText(expected.monthly);
  await expect(card.getByText("Meta Semanal")).toBeVisible();
  await expect(card.getByText("Meta Mensal")).toBeVisible();
  await expect(card.getByTestId("category-status")).toHaveText(expected.status);
  await expect(card.getByRole("progressbar")).toHaveAttribute(
    "aria-valuenow",
    String(expected.progress),
  );
}

test.describe("dashboard", () => {
  // On a desktop; the quick add on a phone is e2e/touch.spec.ts's, the dashboard at 375 px
  // e2e/phone-pages.spec.ts's.
  test(
    "adds an expense with the quick-add dialog and shows every figure of the month",
    desktopOnly,
    async ({ page }) => {
      // The browser's today is 15 December 2025, so the dashboard opens on that month.
      await page.clock.setFixedTime(new Date("2025-12-15T12:00:00"));
      await storeLanguage(page, "pt");
      await signUpViaApi(page, { language: "pt" });
      await createFamilyViaApi(page);
      await seedDecemberAndJanuary(page, { withFuel: false });

      await page.goto("/");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Controle Mensal");
      await expect(page.getByTestId("selected-month")).toHaveText("Dezembro de 2025");
      await expect(page.getByTestId("total-spent")).toContainText("R$ 650,00");

      // Quick add through the floating '+' button.
      await page.getByRole("button", { name: "Adicionar gasto" }).click();
      const dialog = page.getByRole("dialog", { name: "Adicionar Gasto Rápido" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Data")).toHaveValue("2025-12-15");
      await expectNoAxeViolations(page);
      await dialog.getByLabel("Descrição").fill("Combustível");
      await dialog.getByLabel("Valor").fill("170.00");
      await dialog.getByLabel("Categoria").selectOption({ label: "Transporte" });
      await dialog.getByLabel("Data").fill("2025-12-21");
      await dialog.getByRole("button", { name: "Adicionar Gasto" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("Gasto adicionado com sucesso!", { exact: true })).toBeVisible();

      // Totals: 300 + 150 + 60 + 40 + 100 + 170 = 820.00 of 1000.00.
      await expect(page.getByTestId("total-spent")).toContainText("Gasto Total");
      await expect(page.getByTestId("total-spent")).toContainText("R$ 820,00");
      await expect(page.getByTestId("total-budget")).toContainText("Meta Mensal");
      await expect(page.getByTestId("total-budget")).toContainText("R$ 1.000,00");
      await expect(page.getByTestId("remaining-balance")).toContainText("Saldo Restante");
      await expect(page.getByTestId("remaining-amount")).toHaveText("R$ 180,00");
      await expect(page.getByTestId("remaining-amount")).toHaveCSS("color", green);

      // Weeks against 1000.00 / 4 = 250.00: the 7th is week 1, the 8th week 2, the 21st week 3,
      // the 22nd and the 31st week 4.
      await expectWeek(page, 1, {
        days: "Dias 1–7",
        spent: "R$ 300,00",
        status: "+R$ 50,00 da meta",
        tone: red,
      });
      await expectWeek(page, 2, {
        days: "Dias 8–14",
        spent: "R$ 150,00",
        status: "R$ 100,00 disponível",
        tone: green,
      });
      await expectWeek(page, 3, {
        days: "Dias 15–21",
        spent: "R$ 230,00",
        status: "R$ 20,00 disponível",
        tone: green,
      });
      await expectWeek(page, 4, {
        days: "Dias 22–31",
        spent: "R$ 140,00",
        status: "R$ 110,00 disponível",
        tone: green,
      });

      // Categories: over budget, above 80%, nothing spent, well within.
      await expect(page.getByTestId("category-card")).toHaveCount(4);
      await expectCategory(page, "Mercado", {
        spent: "R$ 550,00",
        weekly: "R$ 100,00",
        monthly: "R$ 400,00",
        status: "R$ 150,00 acima da meta",
        progress: 100,
      });
      await expect(categoryCard(page, "Mercado").getByTestId("category-status")).toHaveCSS(
        "color",
        red,
      );
      await expectCategory(page, "Transporte", {
        spent: "R$ 170,00",
        weekly: "R$ 50,00",
        monthly: "R$ 200,00",
        status: "15% disponível",
        progress: 85,
      });
      await expect(categoryCard(page, "Transporte").getByTestId("category-status")).toHaveCSS(
        "color",
        "rgb(180, 83, 9)",
      );
      await expectCategory(page, "Lazer", {
        spent: "R$ 0,00",
        weekly: "R$ 25,00",
        monthly: "R$ 100,00",
        status: "100% disponível",
        progress: 0,
      });
      await expectCategory(page, "Saúde", {
        spent: "R$ 60,00",
        weekly: "R$ 75,00",
        monthly: "R$ 300,00",
        status: "80% disponível",
        progress: 20,
      });
      await expect(categoryCard(page, "Saúde").getByTestId("category-status")).toHaveCSS(
        "color",
        green,
      );

      // The 3 newest of the month, the uncategorised one included.
      const recent = page.getByRole("region", { name: "Últimas Transações" });
      const rows = recent.getByTestId("recent-transaction");
      await expect(rows).toHaveCount(3);
      await expect(rows.getByTestId("recent-description")).toHaveText([
        "Ceia de Ano Novo",
        "Presente",
        "Combustível",
      ]);
      await expect(rows.getByTestId("recent-date")).toHaveText([
        "31/12/2025",
        "22/12/2025",
        "21/12/2025",
      ]);
      await expect(rows.getByTestId("recent-category")).toHaveText([
        "Mercado",
        "Sem categoria",
        "Transporte",
      ]);
      await expect(rows.getByTestId("recent-amount")).toHaveText([
        "R$ 100,00",
        "R$ 40,00",
        "R$ 170,00",
      ]);
      await expect(recent.getByRole("link", { name: "Ver todas" })).toHaveAttribute(
        "href",
        "/expenses",
      );
      // No example data in this family.
      await expect(page.getByRole("button", { name: "Limpar dados de exemplo" })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      // Edit from the list.
      await recent.getByRole("button", { name: "Editar gasto: Combustível" }).click();
      const editDialog = page.getByRole("dialog", { name: "Editar Gasto" });
      await expect(editDialog.getByLabel("Descrição")).toHaveValue("Combustível");
      await editDialog.getByLabel("Descrição").fill("Combustível do carro");
      await editDialog.getByRole("button", { name: "Salvar" }).click();
      await expect(editDialog).toBeHidden();
      await expect(rows.getByTestId("recent-description").nth(2)).toHaveText(
        "Combustível do carro",
      );
    },
  );

  test(
    "moves from December to January of the next year and back",
    desktopOnly,
    async ({ page }) => {
      await page.clock.setFixedTime(new Date("2025-12-15T12:00:00"));
      await storeLanguage(page, "pt");
      await signUpViaApi(page, { language: "pt" });
      await createFamilyViaApi(page);
      await seedDecemberAndJanuary(page, { withFuel: true });
      await page.goto("/");
      await expect(page.getByTestId("selected-month")).toHaveText("Dezembro de 2025");
      await expect(page.getByTestId("total-spent")).toContainText("R$ 820,00");
      const rows = page.getByTestId("recent-transaction");

      // December -> January of the next year.
      await page.getByRole("button", { name: "Próximo mês" }).click();
      await expect(page.getByTestId("selected-month")).toHaveText("Janeiro de 2026");
      await expect(page).toHaveURL(/month=1&year=2026/);
      await expect(page.getByTestId("total-spent")).toContainText("R$ 1.234,56");
      await expect(page.getByTestId("total-budget")).toContainText("R$ 1.000,00");
      await expect(page.getByTestId("remaining-amount")).toHaveText("R$ 234,56");
      await expect(page.getByTestId("remaining-amount")).toHaveCSS("color", red);
      await expect(page.getByTestId("remaining-balance")).toContainText("Acima da meta do mês");
      await expectWeek(page, 1, {
        days: "Dias 1–7",
        spent: "R$ 1.234,56",
        status: "+R$ 984,56 da meta",
        tone: red,
      });
      for (const week of [2, 3, 4]) {
        await expect(weekCard(page, week).getByTestId("week-spent")).toHaveText("R$ 0,00");
        await expect(weekCard(page, week).getByTestId("week-status")).toHaveText("Aguardando");
      }
      await expect(weekCard(page, 4)).toContainText("Dias 22–31");
      await expect(categoryCard(page, "Mercado").getByTestId("category-status")).toHaveText(
        "R$ 834,56 acima da meta",
      );
      await expect(categoryCard(page, "Transporte").getByTestId("category-status")).toHaveText(
        "100% disponível",
      );
      await expect(rows.getByTestId("recent-description")).toHaveText(["Compras do mês"]);

      // And back to December of the previous year.
      await page.getByRole("button", { name: "Mês anterior" }).click();
      await expect(page.getByTestId("selected-month")).toHaveText("Dezembro de 2025");
      await expect(page.getByTestId("total-spent")).toContainText("R$ 820,00");
      await expect(page.getByTestId("remaining-amount")).toHaveCSS("color", green);
      await page.getByRole("button", { name: "Mês anterior" }).click();
      await expect(page.getByTestId("selected-month")).toHaveText("Novembro de 2025");
      await expect(page.getByText("Nenhuma transação encontrada")).toBeVisible();
      await expect(page.getByText("Adicione seu primeiro gasto usando o botão +")).toBeVisible();
      await expect(page.getByTestId("total-spent")).toContainText("R$ 0,00");
    },
  );

  test(
    "clears a new family's example expenses, in English with dollars",
    desktopOnly,
    async ({ page }) => {
      await storeLanguage(page, "en");
      await signUpViaApi(page, { language: "en" });
      await createFamilyViaApi(page, { keepStarterData: true });
      const examples = (
        (await (await page.request.get("/api/expenses/page?limit=200")).json()) as {
          items: { amount: string; isExample: boolean }[];
        }
      ).items;
      expect(examples.length).toBeGreaterThan(1);
      expect(examples.every((e) => e.isExample)).toBe(true);
      const spentCents = examples.reduce((sum, e) => sum + Math.round(Number(e.amount) * 100), 0);
      const dollars = (cents: number) =>
        `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

      // Hold the month's summary until the skeleton has been seen.
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/summary?*", async (route) => {
        await released;
        await route.continue();
      });
      await page.goto("/");
      await expect(page.getByTestId("dashboard-skeleton")).toBeVisible();
      release();
      await expect(page.getByTestId("dashboard-skeleton")).toHaveCount(0);
      await page.unroute("**/api/summary?*");

      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
        "Monthly overview",
      );
      await expect(page.getByTestId("total-spent")).toContainText(dollars(spentCents));
      // The starter budgets: 800 + 400 + 1200 + 300 + 200.
      await expect(page.getByTestId("total-budget")).toContainText("$2,900.00");
      await expect(page.getByTestId("remaining-amount")).toHaveText(dollars(290_000 - spentCents));
      await expect(page.getByTestId("recent-transaction")).toHaveCount(
        Math.min(3, examples.length),
      );
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Clear sample data" }).click();
      await expect(page.getByText("Sample expenses removed!", { exact: true })).toBeVisible();
      await expect(
        page.getByText(`${examples.length} expenses removed`, { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Clear sample data" })).toHaveCount(0);
      await expect(page.getByText("No transactions found")).toBeVisible();
      await expect(page.getByText("Add your first expense with the + button")).toBeVisible();
      await expect(page.getByTestId("total-spent")).toContainText("$0.00");
      await expect(page.getByTestId("remaining-amount")).toHaveText("$2,900.00");
      for (const week of [1, 2, 3, 4]) {
        await expect(weekCard(page, week).getByTestId("week-status")).toHaveText("Waiting");
      }
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    },
  );

  test("without a family it asks to set one up", desktopOnly, async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await page.goto("/");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Controle Mensal",
    );
    await expect(page.getByText("Configure sua Família Primeiro")).toBeVisible();
    await expect(page.getByRole("link", { name: "Configurar Família" })).toHaveAttribute(
      "href",
      "/family",
    );
    await expect(page.getByRole("button", { name: "Adicionar gasto" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Próximo mês" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a family without categories sees the empty states", desktopOnly, async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    await page.goto("/");
    await expect(page.getByText("Nenhuma transação encontrada")).toBeVisible();
    await expect(page.getByText("Adicione seu primeiro gasto usando o botão +")).toBeVisible();
    await expect(page.getByRole("link", { name: "Criar categorias" })).toHaveAttribute(
      "href",
      "/categories",
    );
    await expect(page.getByTestId("total-budget")).toContainText("R$ 0,00");
    for (const week of [1, 2, 3, 4]) {
      await expect(weekCard(page, week).getByTestId("week-status")).toHaveText("Aguardando");
    }
    await expectNoAxeViolations(page);
  });

  test(
    "a returning user's dashboard asks for the user, the family and the month at once",
    desktopOnly,
    async ({ page }) => {
      await storeLanguage(page, "pt");
      await signUpViaApi(page, { language: "pt" });
      await createFamilyViaApi(page);
      // The first visit stores the user; from then on the calls go out before any is answered.
      await page.goto("/?month=11&year=2026");
      await expect(page.getByTestId("total-budget")).toContainText("R$ 0,00");
      const together = callsStartedTogether(page, [
        "/api/auth/user",
        "/api/family",
        "/api/summary",
      ]);
      await page.reload();
      expect(await together).toBe(true);
      await expect(page.getByTestId("total-budget")).toContainText("R$ 0,00");
      await expect(page.getByRole("button", { name: "Adicionar gasto" })).toBeVisible();
    },
  );
});

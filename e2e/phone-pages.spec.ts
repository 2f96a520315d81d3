import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * Every page of the app at 375 px, with axe: the phone project runs the flows whose phone
 * version differs (layout, touch, dark mode, the offline queue, a second language) and leaves the
 * others to the desktop (playwright.config.ts). This spec visits every page those flows visit,
 * in the states whose markup differs (set-up tabs, dialogs, the two-step set-up and its recovery
 * codes, an import preview, an alert), so each is checked at phone width for fitting the screen
 * and for axe violations.
 */
test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole("main");

async function fitsAndPassesAxe(page: Page) {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
}

/** Opens a screen, waits for its own heading and data, then checks it. */
async function checkScreen(page: Page, path: string) {
  await page.goto(path);
  // The screen's own heading: the loading screen's (sr-only, the app's name) counts as visible.
  await expect(main(page).locator("h1:not(.sr-only)").first()).toBeVisible();
  await expect(page.getByText("Carregando...")).toHaveCount(0);
  await fitsAndPassesAxe(page);
}

/** Checks an open dialog, then closes it. */
async function checkDialog(page: Page) {
  await expect(page.getByRole("dialog")).toBeVisible();
  await fitsAndPassesAxe(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("signed out: every public page at 375 px", phoneOnly, async ({ page }) => {
  await storeLanguage(page, "pt");
  // The landing page at 375 px in each language: e2e/landing.spec.ts.
  for (const path of [
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=abc123",
    // Without a token: the link's error.
    "/reset-password",
    "/login?verified=true",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await fitsAndPassesAxe(page);
  }
  // A verification link the server refuses lands on the login with why.
  await page.goto("/verify-email?token=not-a-real-token");
  await expect(page).toHaveURL(/\/login\?verified=false$/);
  await expect(main(page).getByRole("alert")).toBeVisible();
  await fitsAndPassesAxe(page);
});

test(
  "signed in: every screen, its dialogs and the two-step set-up at 375 px",
  phoneOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    // An invite of another family, for the confirmation screen.
    await signUpViaApi(page, { name: "Ana Souza", language: "pt" });
    await createFamilyViaApi(page, { name: "Família Souza" });
    const invite = await page.request.post("/api/family/invite");
    expect(invite.status()).toBe(201);
    const { inviteCode } = (await invite.json()) as { inviteCode: string };
    await page.request.get("/api/logout");

    // Without a family: the dashboard asks for one, the family screen offers to create or join,
    // and an invite asks first.
    const account = await signUpViaApi(page, { name: "Bruno Lima", language: "pt" });
    await checkScreen(page, "/");
    await checkScreen(page, "/family");
    await main(page).getByRole("tab", { name: "Entrar em Família" }).click();
    await expect(main(page).getByRole("tabpanel")).toBeVisible();
    await fitsAndPassesAxe(page);
    await checkScreen(page, `/join/${inviteCode}`);
    await expect(main(page).getByRole("heading", { level: 2 })).toHaveText("Família Souza");

    // A family of one's own with the starter data, and a budget alert.
    await createFamilyViaApi(page, { name: "Família Lima", keepStarterData: true });
    const categories = (await (await page.request.get("/api/categories")).json()) as {
      id: string;
      name: string;
    }[];
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-01`;
    const expense = await page.request.post("/api/expenses", {
      data: {
        description: "Compras do mês",
        amount: "900.00",
        date,
        categoryId: categories.find((category) => category.name === "Alimentação")?.id,
      },
    });
    expect(expense.status(), await expense.text()).toBe(201);

    for (const path of [
      "/",
      "/expenses",
      "/reports",
      "/notifications",
      "/family",
      "/family/history",
      // Its debts, dialog and lines at 375 px: e2e/balances.spec.ts.
      "/balances",
      // Its list, form and confirmation at 375 px: e2e/incomes.spec.ts.
      "/incomes",
      "/no-such-page",
    ]) {
      await checkScreen(page, path);
    }

    await checkScreen(page, "/categories");
    await main(page).getByRole("button", { name: "Nova Categoria" }).click();
    await checkDialog(page);

    // The family's category rules (docs/product.md#category-rules): one, and its dialog.
    const rule = await page.request.post("/api/category-rules", {
      data: { matchKind: "contains", pattern: "CARREFOUR", categoryId: categories[0]?.id },
    });
    expect(rule.status(), await rule.text()).toBe(201);
    await checkScreen(page, "/categories/rules");
    await main(page).getByRole("button", { name: "Nova regra" }).click();
    await checkDialog(page);

    await checkScreen(page, "/expenses/recurring");
    await main(page).getByRole("button", { name: "Novo lançamento recorrente" }).click();
    await checkDialog(page);

    // Accounts and cards, a card's bills with a purchase in them (docs/product.md#card-bills).
    const card = await page.request.post("/api/payment-methods", {
      data: { kind: "credit_card", name: "Nubank", closingDay: 3, dueDay: 10 },
    });
    expect(card.status(), await card.text()).toBe(201);
    const purchase = await page.request.post("/api/expenses", {
      data: {
        description: "Farmácia",
        amount: "30.00",
        date,
        categoryId: categories[0]?.id,
        paymentMethodId: (await card.json()).id,
      },
    });
    expect(purchase.status(), await purchase.text()).toBe(201);
    await checkScreen(page, "/payment-methods");
    await checkScreen(page, `/payment-methods/${(await card.json()).id}/bills`);

    // The savings goals (docs/product.md#caixinhas-savings-goals): one, dated, and its dialog; a
    // goal with an account and money in it, and 'Guardar', at 375 px: e2e/goals.spec.ts.
    const goal = await page.request.post("/api/goals", {
      data: {
        name: "Viagem",
        targetAmount: "3000.00",
        targetMonth: `${today.getFullYear() + 1}-07`,
      },
    });
    expect(goal.status(), await goal.text()).toBe(201);
    await checkScreen(page, "/goals");
    await main(page).getByRole("button", { name: "Nova caixinha" }).click();
    await checkDialog(page);

    await checkScreen(page, "/expenses/import");
    await page.getByLabel("Arquivo CSV").setInputFiles({
      name: "extrato.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Data;Histórico;Valor\n02/01/2026;Padaria;-12,50\n31/02/2026;Farmácia;-30,00",
      ),
    });
    await expect(page.getByTestId("import-line").first()).toBeVisible();
    await fitsAndPassesAxe(page);

    await checkScreen(page, "/profile");
    await main(page).getByRole("tab", { name: "Família" }).click();
    await expect(main(page).getByRole("tabpanel")).toBeVisible();
    await fitsAndPassesAxe(page);

    // The two-step set-up: its key and QR code, then the recovery codes, then the login's step.
    await page.goto("/profile");
    const turnOn = page.getByRole("button", { name: "Ativar verificação em duas etapas" });
    await page.locator("form", { has: turnOn }).getByLabel("Senha").fill(account.password);
    await turnOn.click();
    await expect(page.getByRole("img", { name: /QR code para adicionar/ })).toBeVisible();
    await fitsAndPassesAxe(page);
    const key = (await page.getByTestId("two-factor-key").textContent()) ?? "";
    const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")) });
    await page.getByLabel("Código", { exact: true }).fill(totp.generate());
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(
      page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem"),
    ).toHaveCount(10);
    await fitsAndPassesAxe(page);

    await page.context().clearCookies();
    await page.goto("/login");
    await main(page).getByLabel("E-mail").fill(account.email);
    await main(page).getByLabel("Senha").fill(account.password);
    await main(page).getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
    await fitsAndPassesAxe(page);
    await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
    await expect(page.getByLabel("Código de recuperação")).toBeVisible();
    await fitsAndPassesAxe(page);
  },
);

import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * Dark mode (docs/product.md#theme): with the system set to dark, every screen, dialog
 * and chart is dark and passes axe (colour contrast included); the user menu's choice wins over
 * the system, is remembered, and is on the page before its first paint.
 */
test.use({ colorScheme: "dark" });
test.describe.configure({ timeout: 90_000 });

const darkBackground = "rgb(11, 19, 16)";
const lightBackground = "rgb(247, 250, 248)";

async function expectTheme(page: Page, theme: "light" | "dark") {
  const html = page.locator("html");
  if (theme === "dark") await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.locator("body")).toHaveCSS(
    "background-color",
    theme === "dark" ? darkBackground : lightBackground,
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
    "content",
    theme === "dark" ? "#121c18" : "#047857",
  );
}

/** A dark screen with nothing axe objects to and nothing wider than the phone. */
async function checkDark(page: Page) {
  await expectTheme(page, "dark");
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
}

function userMenu(page: Page) {
  return page
    .getByRole("banner")
    .getByRole("button")
    .filter({ has: page.getByTestId("user-menu-name") });
}

/** The class <html> had when <body> was parsed: before anything could be painted. */
async function recordClassAtFirstPaint(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      document.documentElement.dataset.classAtBody = document.documentElement.className;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

async function signUpWithData(page: Page) {
  await storeLanguage(page, "pt");
  await signUpViaApi(page, { language: "pt" });
  await createFamilyViaApi(page, { keepStarterData: true });
  // Food over its 800.00 goal: the red figures and badges in the dark too.
  const categories = (await (await page.request.get("/api/categories")).json()) as {
    id: string;
    name: string;
  }[];
  const food = categories.find((category) => category.name === "Alimentação");
  const today = new Date();
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-01`;
  const res = await page.request.post("/api/expenses", {
    data: { description: "Compras do mês", amount: "900.00", date, categoryId: food?.id },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("the public screens follow the system's dark scheme", phoneOnly, async ({ page }) => {
  await storeLanguage(page, "pt");
  const paths = [
    "/",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/no-such-page",
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await checkDark(page);
  }
});

test("the budget screens, their charts and dialogs in the dark", phoneOnly, async ({ page }) => {
  await signUpWithData(page);
  const main = page.getByRole("main");

  await page.goto("/");
  await expect(page.getByTestId("total-spent")).toContainText("R$");
  await checkDark(page);

  await page.goto("/expenses");
  await main
    .getByRole("button", { name: "Editar Compras do mês" })
    .filter({ visible: true })
    .click();
  const editDialog = page.getByRole("dialog", { name: "Editar Gasto" });
  await expect(editDialog).toBeVisible();
  await checkDark(page);
  await editDialog.getByLabel("Valor").fill("950");
  await editDialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Gasto atualizado com sucesso!", { exact: true })).toBeVisible();
  await checkDark(page);

  await page.goto("/categories");
  await main.getByRole("button", { name: "Nova Categoria" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await checkDark(page);
  await page.keyboard.press("Escape");

  await page.goto("/reports");
  await expect(page.getByTestId("spending-chart").locator("path").first()).toBeVisible();
  await expect(page.getByTestId("trend-chart").locator("path").first()).toBeVisible();
  await checkDark(page);
});

test(
  "the other screens in the dark, and the user menu's choice over the system",
  phoneOnly,
  async ({ page }) => {
    await signUpWithData(page);
    const main = page.getByRole("main");
    for (const path of [
      "/notifications",
      "/expenses/recurring",
      "/family",
      "/family/history",
      "/profile",
    ]) {
      await page.goto(path);
      // The screen's own heading: the loading screen's (sr-only, the app's name) counts as visible.
      await expect(main.locator("h1:not(.sr-only)")).toBeVisible();
      await checkDark(page);
    }
    await main.getByRole("tab", { name: "Família" }).click();
    await expect(main.getByRole("tabpanel")).toBeVisible();
    await checkDark(page);

    await page.goto("/expenses/import");
    await page.getByLabel("Arquivo CSV").setInputFiles({
      name: "extrato.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "Data;Histórico;Valor\n02/01/2026;Padaria;-12,50\n31/02/2026;Farmácia;-30,00",
      ),
    });
    await expect(page.getByTestId("import-line").first()).toBeVisible();
    await checkDark(page);

    // The menu: 'Claro' while the system is dark, then remembered across a reload, with no dark
    // frame first.
    await recordClassAtFirstPaint(page);
    await page.goto("/");
    await userMenu(page).click();
    await expect(page.getByRole("menuitemradio", { name: "Sistema" })).toBeChecked();
    await checkDark(page);
    await page.getByRole("menuitemradio", { name: "Claro" }).click();
    await expectTheme(page, "light");
    await page.reload();
    await expect(page.getByTestId("total-spent")).toBeVisible();
    expect(await page.locator("html").getAttribute("data-class-at-body")).not.toMatch(/\bdark\b/);
    await expectTheme(page, "light");
    await expectNoAxeViolations(page);

    // 'Escuro' on a light system; back to 'Sistema', which follows the system live.
    await page.emulateMedia({ colorScheme: "light" });
    await userMenu(page).click();
    await expect(page.getByRole("menuitemradio", { name: "Claro" })).toBeChecked();
    await page.getByRole("menuitemradio", { name: "Escuro" }).click();
    await expectTheme(page, "dark");
    await page.reload();
    expect(await page.locator("html").getAttribute("data-class-at-body")).toMatch(/\bdark\b/);
    await userMenu(page).click();
    await page.getByRole("menuitemradio", { name: "Sistema" }).click();
    await expectTheme(page, "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme(page, "dark");

    // Not hashed, so never cached for a year like the assets: a new version applies at once.
    const script = await page.request.get("/theme.js");
    expect(script.status()).toBe(200);
    expect(script.headers()["cache-control"]).toBe("no-cache");
  },
);

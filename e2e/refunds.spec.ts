import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { localToday, postForId, toastSays } from "./couple";
import { desktopOnly, expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * Refunds (docs/product.md#refunds): Ana's R$ 120,00 at the 'Mercado' comes back in part. On a
 * phone in Portuguese, 'Estornar' R$ 150,00 is refused on the field ('O estorno passa do valor da
 * compra'), R$ 40,00 is recorded; the list shows it as a credit with its badge and the dashboard's
 * Mercado drops to R$ 80,00. On a desktop in English, a refund is deleted and the month is whole
 * again.
 */

const nbsp = /\u00a0/g;

async function household(page: Page, language: "pt" | "en") {
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: "Ana Souza" });
  await createFamilyViaApi(page);
  const categoryId = await postForId(page, "/api/categories", {
    name: "Mercado",
    icon: "tag",
    color: "#16a34a",
    weeklyBudget: "100.00",
    monthlyBudget: "400.00",
  });
  const purchaseId = await postForId(page, "/api/expenses", {
    description: "Mercado",
    amount: "120.00",
    categoryId,
    date: localToday(),
  });
  return { categoryId, purchaseId };
}

test(
  "pt: 'Estornar' R$ 150,00 of a R$ 120,00 purchase is refused on the field, R$ 40,00 is a credit in the list and lowers the dashboard's Mercado",
  phoneOnly,
  async ({ page }) => {
    await household(page, "pt");
    const main = page.getByRole("main");
    await page.goto("/expenses");
    const cards = main.getByRole("list", { name: "Todos os Gastos" }).getByRole("listitem");
    await expect(cards).toHaveCount(1);
    await cards.getByRole("button", { name: "Editar Mercado" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Estornar" }).click();
    await expect(dialog.getByRole("heading", { name: "Estornar compra" })).toBeVisible();
    const amount = dialog.getByLabel("Valor");
    // What is left to refund of a purchase with none: all of it.
    await expect(amount).toHaveValue("120,00");
    await expectNoAxeViolations(page);
    await amount.fill("150,00");
    await dialog.getByRole("button", { name: "Estornar" }).click();
    await expect(dialog.getByText("O estorno passa do valor da compra")).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    await amount.fill("40,00");
    await dialog.getByRole("button", { name: "Estornar" }).click();
    await toastSays(page, "Estorno registrado!");
    await expect(dialog).toHaveCount(0);

    // The list: the refund as a credit, with its badge and what it returns.
    await expect(cards).toHaveCount(2);
    const refund = cards.filter({ hasText: "Estorno: Mercado" });
    await expect(refund.getByTestId("refund-mark")).toHaveText("Estorno");
    const credit = refund.locator("[data-credit]");
    expect((await credit.textContent())?.replace(nbsp, " ")).toBe("\u2212R$ 40,00");
    await expect(main.getByText(/total R\$\s80,00/)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // The dashboard: Mercado's month is R$ 120,00 less R$ 40,00.
    await page.goto("/");
    await expect(main.getByTestId("category-spent").first()).toHaveText(/R\$\s80,00/);
    const latest = main.getByTestId("recent-transaction").filter({ hasText: "Estorno: Mercado" });
    await expect(latest.getByTestId("refund-mark")).toBeVisible();
    await expect(latest.getByTestId("recent-amount")).toHaveText(/\u2212R\$\s40,00/);
    await expectNoAxeViolations(page);
  },
);

test(
  "en: a refund is changed and deleted from its dialog; the month is whole again",
  desktopOnly,
  async ({ page }) => {
    const { purchaseId } = await household(page, "en");
    await postForId(page, `/api/expenses/${purchaseId}/refunds`, {
      amount: "40.00",
      date: localToday(),
    });
    const main = page.getByRole("main");
    await page.goto("/expenses");
    const rows = main.getByRole("row");
    const refund = rows.filter({ hasText: "Refund: Mercado" });
    await expect(refund.locator("[data-credit]")).toHaveText("\u2212$40.00");
    await expect(refund.getByTestId("refund-mark")).toHaveText("Refund");
    await expectNoAxeViolations(page);

    // Its dialog changes what a refund has of its own: its amount, date and description.
    await refund.getByRole("button", { name: "Edit Refund: Mercado" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Edit refund" })).toBeVisible();
    await expect(dialog.getByLabel("Amount")).toHaveValue("40.00");
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Amount").fill("130.00");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("The refund is more than the purchase amount")).toBeVisible();
    await dialog.getByLabel("Amount").fill("30.00");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastSays(page, "Refund updated!");
    await expect(refund.locator("[data-credit]")).toHaveText("\u2212$30.00");

    await refund.getByRole("button", { name: "Delete Refund: Mercado" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(rows.filter({ hasText: "Refund: Mercado" })).toHaveCount(0);
    await expect(main.getByText(/total \$120\.00/)).toBeVisible();
    await expectNoAxeViolations(page);
  },
);

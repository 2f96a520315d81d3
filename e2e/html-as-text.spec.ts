import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./accounts";
import { desktopOnly, storeLanguage } from "./support";

/**
 * Whatever a household types is shown as text, never run as markup: HTML stored in a family name,
 * a category name and an expense description appears literally on the screens that show them.
 */
test(
  "HTML in a family name, a category and a description is shown as text",
  desktopOnly,
  async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    const familyName = `<b>Família</b><img src=x onerror="alert('família')">`;
    const categoryName = `<i>Mercado</i><svg onload="alert('categoria')">`;
    const description = `<script>alert('gasto')</script>Pão & "leite"`;
    expect((await page.request.post("/api/family", { data: { name: familyName } })).status()).toBe(
      201,
    );
    const category = await page.request.post("/api/categories", {
      data: {
        name: categoryName,
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "10.00",
        monthlyBudget: "40.00",
      },
    });
    expect(category.status()).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const expense = await page.request.post("/api/expenses", {
      data: { description, amount: "12.50", date: today, categoryId: (await category.json()).id },
    });
    expect(expense.status()).toBe(201);

    await page.goto("/expenses");
    await expect(
      page.getByText(description, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
    await expect(
      page.getByText(categoryName, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();

    await page.goto("/categories");
    await expect(
      page.getByText(categoryName, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();

    await page.goto("/profile?tab=family");
    await expect(
      page.getByText(familyName, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();

    // Nothing typed by a user became an element.
    expect(await page.locator("img[src='x'], svg[onload], b:text('Família')").count()).toBe(0);
    expect(dialogs).toEqual([]);
  },
);

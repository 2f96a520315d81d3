import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, storeLanguage } from "./support";

/**
 * The family's category rules (docs/product.md#category-rules), on a desktop in English: Ana
 * writes a rule, tests it against the past ("Would change 2 expenses"), saves and applies it,
 * then puts an older rule first and deletes one. What a rule matches and who sees it is proven in
 * the API tests (category-rules.api.test.ts); this is the screen.
 */
test(
  "en: a rule written, tested, applied to past expenses, ordered and deleted",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "en");
    await signUpViaApi(page, { language: "en", name: "Ana Souza" });
    await createFamilyViaApi(page);
    const post = async (url: string, data: object) => {
      const res = await page.request.post(url, { data });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    };
    const category = (name: string) =>
      post("/api/categories", {
        name,
        icon: "tag",
        color: "#16a34a",
        weeklyBudget: "0",
        monthlyBudget: "0",
      });
    const groceries = await category("Groceries");
    const home = await category("Home");
    for (const description of ["CARREFOUR LJ 12", "PAG*CARREFOUR", "Bakery"]) {
      await post("/api/expenses", {
        description,
        amount: "20.00",
        categoryId: home.id,
        date: "2026-03-10",
      });
    }
    await post("/api/category-rules", {
      matchKind: "startsWith",
      pattern: "Uber",
      categoryId: home.id,
    });

    await page.goto("/categories");
    await page.getByRole("link", { name: "Rules" }).click();
    await expect(page.getByRole("heading", { name: "Category rules" })).toBeVisible();
    await page.getByRole("button", { name: "New rule" }).click();
    const dialog = page.getByRole("dialog", { name: "New rule" });
    await dialog.getByLabel("Text").fill("carrefour");
    await dialog.getByLabel("Category").selectOption({ label: "Groceries" });
    await dialog.getByRole("button", { name: "Test" }).click();
    await expect(dialog.getByText("Would change 2 expenses")).toBeVisible();
    await expect(dialog).toContainText("PAG*CARREFOUR");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Apply to the 2 earlier expenses" }).click();
    await expect(page.getByText("Rule applied to 2 expenses", { exact: true })).toBeVisible();
    const expenses = (await (await page.request.get("/api/expenses?month=3&year=2026")).json()) as {
      description: string;
      categoryId: string;
    }[];
    expect(
      expenses
        .map((e) => [e.description, e.categoryId === groceries.id ? "Groceries" : "Home"])
        .sort(),
    ).toEqual([
      ["Bakery", "Home"],
      ["CARREFOUR LJ 12", "Groceries"],
      ["PAG*CARREFOUR", "Groceries"],
    ]);

    // The new rule went first; the older one is put back in front of it.
    const rows = page.getByRole("list", { name: "Category rules" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("contains carrefour → Groceries");
    await page.getByRole("button", { name: "Move rule Uber up" }).click();
    await expect(rows.first()).toContainText("starts with Uber → Home");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Delete Uber" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("contains carrefour → Groceries");
  },
);

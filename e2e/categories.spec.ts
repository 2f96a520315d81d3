import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

test.use({ timezoneId: "America/Sao_Paulo" });

const texts = {
  pt: {
    title: "Gerenciar Categorias",
    newCategory: "Nova Categoria",
    editTitle: "Editar Categoria",
    empty: "Nenhuma categoria encontrada",
    emptyHint: "Crie sua primeira categoria usando o botão acima",
    name: "Nome",
    icon: "Ícone",
    color: "Cor",
    colorPicker: "Escolher a cor",
    weekly: "Meta Semanal",
    monthly: "Meta Mensal",
    create: "Criar Categoria",
    save: "Salvar",
    edit: "EDITAR",
    delete: "EXCLUIR",
    deleteTitle: "Excluir Categoria",
    confirmDelete: "Excluir",
    cancel: "Cancelar",
    nameRequired: "Informe o nome da categoria",
    deleteMessage: (name: string) =>
      `Tem certeza que deseja excluir a categoria "${name}"? Esta ação não pode ser desfeita e todos os gastos associados a esta categoria ficarão sem categoria.`,
    created: "Categoria criada com sucesso!",
    updated: "Categoria atualizada com sucesso!",
    deleted: "Categoria excluída com sucesso!",
    money: { weekly: "R$ 150,50", monthly: "R$ 600,00", edited: "R$ 1.250,00" },
  },
  en: {
    title: "Manage categories",
    newCategory: "New Category",
    editTitle: "Edit Category",
    empty: "No categories found",
    emptyHint: "Create your first category with the button above",
    name: "Name",
    icon: "Icon",
    color: "Color",
    colorPicker: "Pick the color",
    weekly: "Weekly Budget",
    monthly: "Monthly Budget",
    create: "Create Category",
    save: "Save",
    edit: "EDIT",
    delete: "DELETE",
    deleteTitle: "Delete Category",
    confirmDelete: "Delete",
    cancel: "Cancel",
    nameRequired: "Enter the category's name",
    deleteMessage: (name: string) =>
      `Are you sure you want to delete the category "${name}"? This action cannot be undone and every expense in this category will be left uncategorized.`,
    created: "Category created successfully!",
    updated: "Category updated successfully!",
    deleted: "Category deleted successfully!",
    money: { weekly: "$150.50", monthly: "$600.00", edited: "$1,250.00" },
  },
} as const;

/** Checks the toast's title, then closes it: on a phone it covers the top of the page. */
async function expectToast(page: Page, title: string) {
  const toast = page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(title);
  await toast.getByRole("button").click();
  await expect(toast).toHaveCount(0);
}

const cardOf = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** A signed-in user with a family of their own and no categories, on /categories. */
async function openCategories(page: Page, language: "pt" | "en") {
  await signUpViaApi(page, { language });
  await createFamilyViaApi(page);
  await storeLanguage(page, language);
}

for (const language of ["pt", "en"] as const) {
  // Both on desktop: the screen and its dialog at 375 px are e2e/phone-pages.spec.ts's.
  const t = texts[language];

  test(
    `[${language}] empty state, then a new category from the defaults`,
    desktopOnly,
    async ({ page }) => {
      await openCategories(page, language);
      await page.goto("/categories");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(t.title);
      await expect(main.getByText(t.empty)).toBeVisible();
      await expect(main.getByText(t.emptyHint)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);

      await main.getByRole("button", { name: t.newCategory }).click();
      const dialog = page.getByRole("dialog", { name: t.newCategory });
      await expect(dialog.getByLabel(t.name, { exact: true })).toHaveValue("");
      await expect(dialog.getByLabel(t.icon, { exact: true })).toHaveValue("tag");
      await expect(dialog.getByLabel(t.color, { exact: true })).toHaveValue("#3b82f6");
      await expect(dialog.getByLabel(t.colorPicker)).toHaveValue("#3b82f6");
      for (const label of [t.weekly, t.monthly]) {
        const budget = dialog.getByLabel(label, { exact: true });
        // With the language's decimal sign, and the numeric keyboard (docs/product.md#typing-amounts).
        await expect(budget).toHaveValue(language === "pt" ? "0,00" : "0.00");
        await expect(budget).toHaveAttribute("inputmode", "decimal");
      }

      await dialog.getByRole("button", { name: t.create }).click();
      await expect(dialog.getByText(t.nameRequired)).toBeVisible();
      await expect(dialog.getByLabel(t.name, { exact: true })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expectNoAxeViolations(page);

      await dialog.getByLabel(t.name, { exact: true }).fill("Mercado");
      await dialog.getByLabel(t.icon, { exact: true }).selectOption("shopping-cart");
      await dialog.getByLabel(t.color, { exact: true }).fill("#16A34A");
      await expect(dialog.getByLabel(t.colorPicker)).toHaveValue("#16a34a");
      await dialog.getByLabel(t.weekly, { exact: true }).fill("150.5");
      await dialog.getByLabel(t.monthly, { exact: true }).fill("600");
      await dialog.getByRole("button", { name: t.create }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, t.created);

      const card = cardOf(page, "Mercado");
      await expect(card).toContainText(`${t.weekly}${t.money.weekly}`);
      await expect(card).toContainText(`${t.monthly}${t.money.monthly}`);
      await expect(main.getByText(t.empty)).toHaveCount(0);
      const saved = (await (await page.request.get("/api/categories")).json()) as unknown[];
      expect(saved).toEqual([
        expect.objectContaining({
          name: "Mercado",
          icon: "shopping-cart",
          color: "#16a34a",
          weeklyBudget: "150.50",
          monthlyBudget: "600.00",
        }),
      ]);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    },
  );

  test(
    `[${language}] edit a category, then delete it after confirming`,
    desktopOnly,
    async ({ page }) => {
      await openCategories(page, language);
      const created = await page.request.post("/api/categories", {
        data: {
          name: "Mercado",
          icon: "tag",
          color: "#16a34a",
          weeklyBudget: "150.50",
          monthlyBudget: "600.00",
        },
      });
      expect(created.status()).toBe(201);
      await page.goto("/categories");

      await cardOf(page, "Mercado")
        .getByRole("button", { name: `${t.edit} Mercado` })
        .click();
      const dialog = page.getByRole("dialog", { name: t.editTitle });
      await expect(dialog.getByLabel(t.name, { exact: true })).toHaveValue("Mercado");
      await expect(dialog.getByLabel(t.color, { exact: true })).toHaveValue("#16a34a");
      await expect(dialog.getByLabel(t.weekly, { exact: true })).toHaveValue(
        language === "pt" ? "150,50" : "150.50",
      );
      await expectNoAxeViolations(page);
      await dialog.getByLabel(t.name, { exact: true }).fill("Feira");
      await dialog.getByLabel(t.monthly, { exact: true }).fill("1250");
      await dialog.getByRole("button", { name: t.save }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, t.updated);
      const card = cardOf(page, "Feira");
      await expect(card).toContainText(`${t.monthly}${t.money.edited}`);
      await expect(card).toContainText(`${t.weekly}${t.money.weekly}`);
      await expect(cardOf(page, "Mercado")).toHaveCount(0);

      await card.getByRole("button", { name: `${t.delete} Feira` }).click();
      const confirm = page.getByRole("alertdialog", { name: t.deleteTitle });
      await expect(confirm).toContainText(t.deleteMessage("Feira"));
      await expectNoAxeViolations(page);
      await confirm.getByRole("button", { name: t.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(card.getByRole("button", { name: `${t.delete} Feira` })).toBeFocused();

      await card.getByRole("button", { name: `${t.delete} Feira` }).click();
      await confirm.getByRole("button", { name: t.confirmDelete, exact: true }).click();
      await expect(confirm).toBeHidden();
      await expectToast(page, t.deleted);
      await expect(page.getByRole("main").getByText(t.empty)).toBeVisible();
      expect(await (await page.request.get("/api/categories")).json()).toEqual([]);
    },
  );
}

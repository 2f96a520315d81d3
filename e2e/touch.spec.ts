import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, expectTouchTargets, phoneOnly, storeLanguage } from "./support";

// docs/product.md#touch-targets and #typing-amounts: every control is at least
// 44x44 px at 375 px, the quick add sits under the thumb without covering the page's end, and
// amounts take the person's decimal sign with the numeric keyboard.
test.describe.configure({ timeout: 90_000 });

const phone = (width: number) => width < 640;

// The 44 px rule is the phone's; desktop keeps its density, so the desktop project leaves it out.
test(
  "every control is at least 44 px on a phone, signed out and in",
  phoneOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");

    for (const path of ["/", "/login", "/register", "/forgot-password"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectTouchTargets(page);
    }

    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page, { keepStarterData: true });
    for (const path of [
      "/",
      "/expenses",
      "/expenses/recurring",
      "/expenses/import",
      "/categories",
      "/reports",
      "/profile",
      "/notifications",
      "/family/history",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByText("Carregando...")).toHaveCount(0);
      await expectTouchTargets(page);
    }

    // The user menu, open.
    await page.goto("/");
    await page.getByRole("button", { name: /Ana/ }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectTouchTargets(page);
  },
);

test(
  "the quick add is under the thumb, covers nothing, and takes '12,50'",
  phoneOnly,
  async ({ page }) => {
    const width = page.viewportSize()?.width ?? 0;
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page, { keepStarterData: true });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Controle Mensal");

    const fab = page.getByRole("button", { name: "Adicionar gasto" });
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    const box = await fab.boundingBox();
    expect(box).not.toBeNull();
    if (box && phone(width)) {
      // Bottom right, within a thumb's reach of the corner.
      expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(24);
      expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24);
    }
    // Scrolled to the end, the page's last content clears the button. Measured until it holds (or
    // the wait ends): on a busy machine the month's data can still be growing the page when the
    // heading shows, and a scroll made before that is not the end.
    const lastContentBottom = () =>
      page.evaluate(() => {
        const drawn = [...document.body.querySelectorAll("*")].filter((element) => {
          const box = element.getBoundingClientRect();
          return (
            box.width > 1 &&
            box.height > 1 &&
            !element.closest("[data-quick-add]") &&
            getComputedStyle(element).position !== "fixed" &&
            (element.textContent ?? "").trim() !== "" &&
            element.children.length === 0
          );
        });
        return Math.max(...drawn.map((element) => element.getBoundingClientRect().bottom));
      });
    const overlap = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const fabTop = (await fab.boundingBox())?.y ?? 0;
      return (await lastContentBottom()) - fabTop;
    };
    await expect.poll(overlap).toBeLessThanOrEqual(0);

    await fab.click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Gasto Rápido" });
    const amount = dialog.getByLabel("Valor");
    await expect(amount).toHaveAttribute("inputmode", "decimal");
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Descrição").fill("Pão de queijo");
    await amount.fill("12,5x");
    await dialog.getByRole("button", { name: "Adicionar Gasto" }).click();
    await expect(dialog.getByText("Informe um valor como 12,50")).toBeVisible();
    await amount.fill("12,50");
    await dialog.getByLabel("Categoria").selectOption({ index: 1 });
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/expenses") && response.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: "Adicionar Gasto" }).click();
    const request = (await created).request();
    expect(request.postDataJSON()).toMatchObject({ description: "Pão de queijo", amount: "12.50" });
    await expect(dialog).toBeHidden();

    // Edited, the amount shows with the comma, and '1.234,56' is read as the pt reader means it.
    await page.getByRole("button", { name: "Editar gasto: Pão de queijo" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Gasto" });
    await expect(edit.getByLabel("Valor")).toHaveValue("12,50");
    await expect(edit.getByLabel("Valor")).toHaveAttribute("inputmode", "decimal");
    await edit.getByLabel("Valor").fill("1.234,56");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText("R$ 1.234,56").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

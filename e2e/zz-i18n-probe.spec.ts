import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { storeLanguage } from "./support";

const sections = [
  "src/web/i18n/locales/en.json",
  ...readdirSync("src/web/features")
    .map((f) => `src/web/features/${f}/locales/en.json`)
    .filter((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    }),
].flatMap((f) => Object.keys(JSON.parse(readFileSync(f, "utf8"))));

test("probe: no raw key while lazy screens load (pt, 375 px)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(
    (names: string[]) => {
      const seen: string[] = [];
      (window as unknown as { rawKeys: string[] }).rawKeys = seen;
      const pattern = new RegExp(`\\b(?:${names.join("|")})(?:\\.[\\w-]+)+`, "g");
      const check = () => {
        for (const m of (document.body?.innerText ?? "").matchAll(pattern)) seen.push(m[0]);
        for (const el of document.querySelectorAll("[aria-label],[placeholder],[title]"))
          for (const a of ["aria-label", "placeholder", "title"]) {
            const v = el.getAttribute(a) ?? "";
            if (new RegExp(`^(?:${names.join("|")})\\.`).test(v)) seen.push(v);
          }
      };
      new MutationObserver(check).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    },
    [...new Set(sections)],
  );
  await storeLanguage(page, "pt");
  await signUpViaApi(page, { name: "Ana Souza", language: "pt" });
  await createFamilyViaApi(page, { name: "Família Souza", keepStarterData: true });
  await page.goto("/");
  await expect(page.getByRole("main").locator("h1:not(.sr-only)").first()).toBeVisible();
  for (const name of ["Gastos", "Categorias", "Relatórios"]) {
    await page.getByRole("navigation").getByRole("link", { name }).first().click();
    await expect(page.getByRole("main").locator("h1:not(.sr-only)").first()).toBeVisible();
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: "/tmp/i18n-reports-pt-375.png", fullPage: false });
  for (const path of [
    "/family/history",
    "/balances",
    "/payment-methods",
    "/profile",
    "/notifications",
    "/incomes",
    "/expenses/import",
    "/expenses/recurring",
    "/family",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("main").locator("h1:not(.sr-only)").first()).toBeVisible();
  }
  await page.screenshot({ path: "/tmp/i18n-family-pt-375.png", fullPage: false });
  // A language switch on a lazily loaded screen: its feature's texts come in the new language.
  await page.goto("/reports");
  await expect(page.getByText("Metas por categoria")).toBeVisible();
  await page.getByRole("button", { name: /Ana/ }).click();
  await page.getByRole("menuitemradio", { name: "Español" }).click();
  await expect(page.getByText("Metas por categoría")).toBeVisible();
  await page.getByRole("button", { name: /Ana/ }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.getByText("Budgets by category")).toBeVisible();
  // Another screen first opened after the switch: in English.
  await page.getByRole("navigation").getByRole("link", { name: "Categories" }).first().click();
  await expect(page.getByText("New Category")).toBeVisible();
  await page.screenshot({ path: "/tmp/i18n-categories-en-375.png", fullPage: false });
  const raw = await page.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys);
  expect([...new Set(raw)]).toEqual([]);
});

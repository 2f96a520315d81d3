import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { createFamilyViaApi, joinFamilyViaApi, otherPerson, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { localToday, postForId, userIdOf } from "./couple";
import {
  desktopOnly,
  expectNoHorizontalScroll,
  expectTouchTargets,
  phoneOnly,
  storeLanguage,
} from "./support";

/**
 * The dashboard and the reports viewed as the family, as me, or as another member
 * (docs/product.md#viewing-as-a-member), as a couple meets it. On a phone in Portuguese, Léo looks
 * at the month Ana's 60/40 groceries and his own purchase made: the family's R$ 290,00, his share
 * R$ 170,00 and who paid it, Ana's R$ 120,00, and the reports in his view. On a desktop in English
 * the view stays through a reload and the month's navigation.
 */

/**
 * Ana's family (she owns it, `owner`) which Léo (`page`) joined; Ana pays R$ 200,00 of groceries
 * split 60/40 and Léo R$ 90,00 only for himself, today.
 */
async function couple(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  language: "pt" | "en",
  [ownerName, memberName]: [string, string],
) {
  const owner = await otherPerson(browser, testInfo);
  await signUpViaApi(owner.page, { language, name: ownerName });
  await createFamilyViaApi(owner.page);
  const categoryId = await postForId(owner.page, "/api/categories", {
    name: language === "pt" ? "Mercado" : "Groceries",
    icon: "tag",
    color: "#16a34a",
    weeklyBudget: "250.00",
    monthlyBudget: "1000.00",
  });
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: memberName });
  await joinFamilyViaApi(owner.page, page);
  const [ownerId, memberId] = [await userIdOf(owner.page), await userIdOf(page)];
  await postForId(owner.page, "/api/expenses", {
    description: language === "pt" ? "Mercado do mês" : "Weekly shop",
    amount: "200.00",
    date: localToday(),
    categoryId,
    split: {
      mode: "percent",
      shares: [
        { userId: ownerId, percent: "60" },
        { userId: memberId, percent: "40" },
      ],
    },
  });
  await postForId(page, "/api/expenses", {
    description: language === "pt" ? "Tênis" : "Trainers",
    amount: "90.00",
    date: localToday(),
    categoryId,
    split: { mode: "one", userId: memberId },
  });
  await owner.context.close();
  return { ownerId, memberId };
}

/** At 375 px: nothing wider than the screen, every control 44 px (docs/product.md#touch-targets), axe. */
async function fitsAndPassesAxe(page: Page) {
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoAxeViolations(page);
}

test(
  "pt: the month as the family's, Léo's own share and who paid it, Ana's, and the reports in Léo's view",
  phoneOnly,
  async ({ page, browser }, testInfo) => {
    const { ownerId, memberId } = await couple(page, browser, testInfo, "pt", ["Ana", "Léo"]);
    const main = page.getByRole("main");
    const viewAs = main.getByLabel("Ver como");
    const total = main.getByTestId("total-spent");

    await page.goto("/");
    await expect(viewAs.locator("option:checked")).toHaveText("Família");
    await expect(viewAs.getByRole("option")).toHaveText(["Família", "Eu", "Ana"]);
    await expect(total).toContainText("Gasto Total");
    await expect(total).toContainText("R$ 290,00");
    await expect(main.getByTestId("remaining-balance")).toBeVisible();
    await fitsAndPassesAxe(page);

    // His own view: his shares (R$ 80,00 of the groceries and his R$ 90,00) and who paid them.
    await viewAs.selectOption({ label: "Eu" });
    await expect(page).toHaveURL(new RegExp(`[?&]view=${memberId}`));
    await expect(main.getByTestId("view-heading")).toHaveText(/^Minha parte em /);
    await expect(total).toContainText("Minha parte");
    await expect(total).toContainText("R$ 170,00");
    await expect(main.getByTestId("share-payers")).toContainText("Quem pagou a minha parte");
    await expect(main.getByTestId("share-payers-line")).toHaveText("Ana R$ 80,00 · Léo R$ 90,00");
    // The family's budget, no remaining balance nor status that one share cannot tell.
    await expect(main.getByTestId("total-budget")).toContainText("Meta da famíliaR$ 1.000,00");
    await expect(main.getByTestId("remaining-balance")).toHaveCount(0);
    await expect(main.getByTestId("category-status")).toHaveText("17% da meta da família");
    await expect(main.getByTestId("recent-transaction")).toHaveCount(2);
    await fitsAndPassesAxe(page);

    // Ana's view: her share of the groceries only, which she paid.
    await viewAs.selectOption({ label: "Ana" });
    await expect(page).toHaveURL(new RegExp(`[?&]view=${ownerId}`));
    await expect(main.getByTestId("view-heading")).toHaveText(/^Parte de Ana em /);
    await expect(total).toContainText("R$ 120,00");
    await expect(main.getByTestId("share-payers")).toContainText("Quem pagou a parte de Ana");
    await expect(main.getByTestId("share-payers-line")).toHaveText("Ana R$ 120,00");
    await expect(main.getByTestId("recent-transaction")).toHaveCount(1);
    await expect(main.getByTestId("recent-description")).toHaveText("Mercado do mês");
    await fitsAndPassesAxe(page);

    // The reports in Léo's view, reached by its address.
    await page.goto(`/reports?view=${memberId}`);
    await expect(viewAs.locator("option:checked")).toHaveText("Eu");
    await expect(main.getByTestId("view-heading")).toHaveText(/^Minha parte em /);
    await expect(main.getByTestId("total-spent")).toContainText("R$ 170,00");
    await expect(main.getByTestId("share-of-budget")).toContainText("17,0%");
    const row = main.getByTestId("report-row");
    await expect(row).toHaveText("MercadoR$ 1.000,00R$ 170,0017,0%");
    const payers = main.getByRole("region", { name: "Quem pagou a minha parte" });
    await expect(payers.getByTestId("payer-row")).toHaveText([
      "LéoR$ 90,0052,9%",
      "AnaR$ 80,0047,1%",
    ]);
    await expect(
      main.getByRole("heading", { name: "Minha parte nos últimos 12 meses" }),
    ).toBeVisible();
    await expect(main.getByTestId("performance-within")).toHaveCount(0);
    await fitsAndPassesAxe(page);
  },
);

test(
  "en: the member's view stays through a reload and the month's navigation",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const { memberId } = await couple(page, browser, testInfo, "en", ["Olga", "Mario"]);
    const main = page.getByRole("main");
    const viewAs = main.getByLabel("View as");
    const total = main.getByTestId("total-spent");

    await page.goto("/");
    await expect(viewAs.getByRole("option")).toHaveText(["Family", "Me", "Olga"]);
    await viewAs.selectOption({ label: "Olga" });
    await expect(main.getByTestId("view-heading")).toHaveText(/^Olga's share in /);
    await expect(total).toContainText("$120.00");
    await expect(main.getByTestId("share-payers-line")).toHaveText("Olga $120.00");
    await expectNoAxeViolations(page);

    await viewAs.selectOption({ label: "Me" });
    await expect(total).toContainText("My share");
    await expect(total).toContainText("$170.00");
    await page.reload();
    await expect(viewAs.locator("option:checked")).toHaveText("Me");
    await expect(total).toContainText("$170.00");

    // A month before: still Mario's view, with nothing of his in it; back, his share again.
    await main.getByRole("button", { name: "Previous month" }).click();
    await expect(page).toHaveURL(new RegExp(`view=${memberId}`));
    await expect(page).toHaveURL(/month=/);
    await expect(viewAs.locator("option:checked")).toHaveText("Me");
    await expect(total).toContainText("$0.00");
    await expect(main.getByTestId("share-payers-line")).toHaveText("No expenses");
    await expectNoAxeViolations(page);
    await main.getByRole("button", { name: "Next month" }).click();
    await expect(total).toContainText("$170.00");

    // Back to the family's: the address says no view.
    await viewAs.selectOption({ label: "Family" });
    await expect(page).not.toHaveURL(/view=/);
    await expect(total).toContainText("Total spent");
    await expect(total).toContainText("$290.00");
  },
);

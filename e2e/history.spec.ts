import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * The family history (docs/product.md#family-history), as a household meets it: Mario
 * deletes the electricity bill Olga recorded; Olga finds out who from the Family tab of her
 * profile, narrows the history to Mario, and restores the bill, which is back in the list.
 * In English on a desktop (docs/architecture.md#what-a-test-costs).
 */

const texts = {
  en: {
    familyTab: "Family",
    link: "Family history",
    title: "History",
    person: "Person",
    kind: "Kind",
    expenses: "Expenses",
    deleted: "Mario Member deleted the expense “Conta de luz”",
    added: "Olga Owner added the expense “Conta de luz”",
    restored: "Olga Owner restored the expense “Conta de luz”",
    amount: "Amount",
    bill: "$80.00",
    restore: "Restore the expense “Conta de luz”",
    toast: "Expense restored",
    badge: "Restored",
    emptyFiltered: "Nothing matches these filters.",
    invites: "Invites",
  },
} as const;

/** Olga's family, with Mario, who deleted the bill Olga added. */
async function household(page: Page, browser: Browser, testInfo: TestInfo) {
  const language = "en";
  await signUpViaApi(page, { language, name: "Olga Owner" });
  await createFamilyViaApi(page);
  const category = await page.request.post("/api/categories", {
    data: { name: "Casa", icon: "tag", color: "#16a34a", weeklyBudget: "0", monthlyBudget: "0" },
  });
  expect(category.status(), await category.text()).toBe(201);
  const expense = await page.request.post("/api/expenses", {
    data: {
      description: "Conta de luz",
      amount: "80.00",
      date: "2026-03-10",
      categoryId: (await category.json()).id,
    },
  });
  expect(expense.status(), await expense.text()).toBe(201);
  const { inviteCode } = (await (await page.request.post("/api/family/invite")).json()) as {
    inviteCode: string;
  };
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const mario = await context.newPage();
  await signUpViaApi(mario, { language, name: "Mario Member" });
  expect((await mario.request.post("/api/family/join", { data: { inviteCode } })).status()).toBe(
    200,
  );
  const deleted = await mario.request.delete(`/api/expenses/${(await expense.json()).id}`);
  expect(deleted.status(), await deleted.text()).toBe(200);
  await context.close();
  await storeLanguage(page, language);
}

test(
  "find who deleted an expense, narrow the history to them, and restore it",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const t = texts.en;
    await household(page, browser, testInfo);

    await page.goto("/profile?tab=family");
    await page.getByRole("link", { name: new RegExp(t.link) }).click();
    await expect(page).toHaveURL(/\/family\/history$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    const list = main.getByRole("list", { name: t.title });
    const deleted = list.getByRole("listitem").filter({ hasText: t.deleted });
    await expect(deleted).toBeVisible();
    // What was deleted, formatted in the reader's language.
    await expect(deleted.getByRole("definition").first()).toHaveText("Conta de luz");
    await expect(deleted).toContainText(t.bill);
    await expect(list.getByRole("listitem").filter({ hasText: t.added })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // Only what Mario did: he joined and deleted the bill.
    await main.getByLabel(t.person).selectOption({ label: "Mario Member" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: t.added })).toHaveCount(0);
    await main.getByLabel(t.kind).selectOption({ label: t.invites });
    await expect(main.getByText(t.emptyFiltered)).toBeVisible();
    await main.getByLabel(t.kind).selectOption({ label: t.expenses });
    await expect(list.getByRole("listitem")).toHaveCount(1);

    await deleted.getByRole("button", { name: t.restore }).click();
    await expect(page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem")).toContainText(
      t.toast,
    );
    await expect(deleted.getByText(t.badge, { exact: true })).toBeVisible();
    await expect(deleted.getByRole("button", { name: t.restore })).toHaveCount(0);

    await main.getByLabel(t.person).selectOption({ index: 0 });
    await expect(list.getByRole("listitem").filter({ hasText: t.restored })).toBeVisible();
    await expectNoAxeViolations(page);

    // The bill is back in the list.
    await page.goto("/expenses");
    await expect(page.getByRole("main").getByText("Conta de luz").first()).toBeVisible();
  },
);

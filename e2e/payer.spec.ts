import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * Who paid (docs/product.md#who-paid), as a household meets it: Olga records the electricity bill
 * Mario paid and a loaf of bread she paid herself, sees who paid in the list, narrows the list to
 * Mario's and reads its count and sum, and finds each member's month on Reports. In English on a
 * desktop (docs/architecture.md#what-a-test-costs).
 */

const texts = {
  en: {
    payer: "Paid by",
    description: "Description",
    amount: "Amount",
    category: "Category",
    submit: "Add Expense",
    added: "Expense added successfully!",
    listTitle: "All Expenses",
    payerFilter: "Filter by who paid",
    everyone: "Paid by: anyone",
    you: (name: string) => `${name} (you)`,
    paidBy: (name: string) => `Paid by ${name}`,
    summary: (count: number, total: string) =>
      `${count} ${count === 1 ? "expense" : "expenses"} · total ${total}`,
    bill: "$80.00",
    bread: "$12.50",
    both: "$92.50",
    payersTitle: "Spending by member",
    payersColumns: ["Member", "Spent", "Share"],
    shares: ["86.5%", "13.5%"],
  },
} as const;

/** Olga's family with a "Mercado" category and Mario, who joined with an invite of hers. */
async function household(page: Page, browser: Browser, testInfo: TestInfo) {
  const language = "en";
  await signUpViaApi(page, { language, name: "Olga Owner" });
  await createFamilyViaApi(page);
  const category = await page.request.post("/api/categories", {
    data: {
      name: "Mercado",
      icon: "tag",
      color: "#16a34a",
      weeklyBudget: "50.00",
      monthlyBudget: "200.00",
    },
  });
  expect(category.status(), await category.text()).toBe(201);
  const invite = await page.request.post("/api/family/invite");
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  // Mario has a cookie jar of his own.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const mario = await context.newPage();
  await signUpViaApi(mario, { language, name: "Mario Member" });
  const joined = await mario.request.post("/api/family/join", { data: { inviteCode } });
  expect(joined.status(), await joined.text()).toBe(200);
  await context.close();
  await storeLanguage(page, language);
}

test(
  "set who paid, see it in the list, filter by it, and find each member's month on Reports",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const t = texts.en;
    await household(page, browser, testInfo);
    await page.goto("/expenses");
    const main = page.getByRole("main");

    // The payer defaults to whoever adds the expense, and lists every current member.
    const payer = main.getByLabel(t.payer, { exact: true });
    await expect(payer.locator("option:checked")).toHaveText(t.you("Olga Owner"));
    await expect(payer.getByRole("option")).toHaveText([t.you("Olga Owner"), "Mario Member"]);
    await expectNoAxeViolations(page);

    const add = async (description: string, amount: string) => {
      await main.getByLabel(t.description, { exact: true }).fill(description);
      await main.getByLabel(t.amount, { exact: true }).fill(amount);
      await main.getByLabel(t.category, { exact: true }).selectOption({ label: "Mercado" });
      await main.getByRole("button", { name: t.submit }).click();
      const toast = page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");
      await expect(toast).toContainText(t.added);
      await toast.getByRole("button").click();
      await expect(toast).toHaveCount(0);
    };
    await payer.selectOption({ label: "Mario Member" });
    await add("Conta de luz", "80");
    await payer.selectOption({ label: t.you("Olga Owner") });
    await add("Pão", "12.50");

    // Each row names who paid, in a column of its own.
    const rows = main
      .getByRole("table", { name: t.listTitle })
      .getByRole("row")
      .filter({ hasNot: page.locator("th") });
    await expect(rows).toHaveCount(2);
    const bill = rows.filter({ hasText: "Conta de luz" });
    const bread = rows.filter({ hasText: "Pão" });
    await expect(bill.getByRole("cell").nth(3)).toHaveText("Mario Member");
    await expect(bread.getByRole("cell").nth(3)).toHaveText("Olga Owner");
    const totals = main.getByTestId("expense-totals");
    await expect(totals).toHaveText(t.summary(2, t.both));

    // Only what Mario paid, counted and added up by the server.
    const filter = main.getByLabel(t.payerFilter);
    await expect(filter.getByRole("option")).toHaveText([t.everyone, "Olga Owner", "Mario Member"]);
    await filter.selectOption({ label: "Mario Member" });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Conta de luz");
    await expect(totals).toHaveText(t.summary(1, t.bill));
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // The month's spending per member: the table says what the bars show.
    await page.goto("/reports");
    const payers = main.getByRole("table", { name: t.payersTitle });
    await expect(payers.getByRole("columnheader")).toHaveText([...t.payersColumns]);
    const payerRows = payers.getByTestId("payer-row");
    await expect(payerRows.getByRole("rowheader")).toHaveText(["Mario Member", "Olga Owner"]);
    await expect(payerRows.nth(0).getByRole("cell")).toHaveText([t.bill, t.shares[0]]);
    await expect(payerRows.nth(1).getByRole("cell")).toHaveText([t.bread, t.shares[1]]);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // The dashboard's recent transactions say who paid too.
    await page.goto("/");
    await expect(
      main
        .getByTestId("recent-transaction")
        .filter({ hasText: "Conta de luz" })
        .getByTestId("recent-payer"),
    ).toHaveText(t.paidBy("Mario Member"));
    await expectNoAxeViolations(page);
  },
);

import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * A bank statement's credits (docs/product.md#credits) as a Brazilian household meets them: the
 * salary recorded as income, the market's refund as 'Refund of…' the purchase the preview
 * proposes, the spending as before. In English on a desktop (docs/architecture.md#what-a-test-costs);
 * the preview at 375 px is e2e/phone-pages.spec.ts's.
 */

const pad = (value: number) => String(value).padStart(2, "0");

test(
  "record a statement's salary as income and a refund against its purchase",
  desktopOnly,
  async ({ page }) => {
    const language = "en";
    await signUpViaApi(page, { language });
    await createFamilyViaApi(page);
    const now = new Date();
    const [year, month] = [now.getFullYear(), now.getMonth() + 1];
    const br = (day: number) => `${pad(day)}/${pad(month)}/${year}`;
    const iso = (day: number) => `${year}-${pad(month)}-${pad(day)}`;
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Mercado",
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "0",
        monthlyBudget: "0",
      },
    });
    expect(category.status()).toBe(201);
    const categoryId = (await category.json()).id;
    const purchase = await page.request.post("/api/expenses", {
      data: { description: "Mercado", amount: "120.00", date: iso(1), categoryId },
    });
    expect(purchase.status()).toBe(201);
    const purchaseId = (await purchase.json()).id;

    const statement = [
      "Data;Histórico;Valor",
      `${br(1)};Pagamento de salário ACME;5.000,00`,
      `${br(2)};Padaria;-12,50`,
      `${br(2)};Estorno Mercado;120,00`,
      `${br(3)};Farmácia;-30,00`,
    ].join("\n");

    await storeLanguage(page, language);
    await page.goto("/expenses/import");
    await page.getByLabel("CSV or OFX file").setInputFiles({
      name: "extrato.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(statement, "utf8"),
    });
    const line = (number: number) =>
      page.locator(`[data-testid="import-line"][data-line="${number}"]`);
    const choice = (number: number) => line(number).getByTestId("credit-choice");
    // Credits start skipped; the salary is offered as a salary, the refund its purchase.
    await expect(choice(2)).toHaveValue("");
    await expect(choice(4)).toHaveValue("");
    await expect(choice(2).locator("option")).toHaveText(["Skip", "Income · Salary"]);
    const day = `${pad(month)}/01`;
    const proposal = `Refund of Mercado (${day}, $120.00)`;
    await expect(choice(4).locator("optgroup")).toHaveAttribute("label", "Refund of a purchase");
    await expect(choice(4).locator("option").last()).toHaveText(proposal);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await choice(2).selectOption({ label: "Income · Salary" });
    await choice(4).selectOption({ label: proposal });
    await expect(choice(4)).toHaveValue(purchaseId);
    await page.getByLabel("Category for the lines without one").selectOption({ label: "Mercado" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("import-credits-summary")).toHaveText("+ 1 income · + 1 refund");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Import 4 entries" }).click();
    await expect(
      page.getByText("2 expenses imported. 1 income recorded. 1 refund recorded."),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const incomes = await (
      await page.request.get(`/api/incomes?month=${month}&year=${year}`)
    ).json();
    expect(incomes.items).toMatchObject([
      { description: "Pagamento de salário ACME", amount: "5000.00", kind: "salary" },
    ]);
    const expenses = (await (await page.request.get("/api/expenses")).json()) as {
      description: string;
      amount: string;
      refundOfId: string | null;
    }[];
    expect(expenses.find((expense) => expense.refundOfId === purchaseId)).toMatchObject({
      description: "Estorno Mercado",
      amount: "-120.00",
    });
  },
);

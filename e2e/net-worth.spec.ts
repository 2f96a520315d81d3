import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, storeLanguage } from "./support";

/**
 * The family's net worth on Reports (docs/product.md#net-worth): a checking account opened this
 * month at $1,000.00 with $500.00 of income, a card owing a $200.00 purchase and the first of
 * three $100.00 installments: $1,200.00 today, nothing at last month's end, and the two
 * installments still to come apart. English on a desktop.
 */
test(
  "en: the net worth today and at each month's end, the future installments apart",
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
    const now = new Date();
    const firstOfMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
    const category = await post("/api/categories", {
      name: "Home",
      icon: "tag",
      color: "#16a34a",
      weeklyBudget: "0",
      monthlyBudget: "0",
    });
    const checking = await post("/api/payment-methods", {
      kind: "checking",
      name: "Checking",
      openingBalance: "1000.00",
      openingDate: firstOfMonth,
    });
    const card = await post("/api/payment-methods", {
      kind: "credit_card",
      name: "Visa",
      closingDay: 3,
      dueDay: 10,
    });
    await post("/api/incomes", {
      description: "Salary",
      amount: "500.00",
      kind: "salary",
      date: firstOfMonth,
      paymentMethodId: checking.id,
    });
    await post("/api/expenses", {
      description: "Groceries",
      amount: "200.00",
      date: firstOfMonth,
      categoryId: category.id,
      paymentMethodId: card.id,
    });
    await post("/api/installments", {
      description: "Fridge",
      total: "300.00",
      count: 3,
      firstDate: firstOfMonth,
      categoryId: category.id,
      paymentMethodId: card.id,
    });

    await page.goto("/reports");
    const section = page.getByTestId("net-worth");
    await expect(section.getByRole("heading", { name: "Net worth" })).toBeVisible();
    await expect(section.getByTestId("net-worth-chart")).toBeVisible();
    const rows = section.getByTestId("net-worth-row");
    await expect(rows).toHaveCount(13);
    await expect(rows.first().getByRole("rowheader")).toHaveText(/^Today \(\d{2}\/\d{2}\/\d{4}\)$/);
    await expect(rows.first().getByRole("cell")).toHaveText(["$1,200.00", "$1,500.00", "−$300.00"]);
    await expect(rows.nth(1).getByRole("cell")).toHaveText(["$0.00", "$0.00", "$0.00"]);
    await expect(section.getByTestId("net-worth-future")).toHaveText(
      "Future card installments, not in the net worth: $200.00",
    );
    await expectNoAxeViolations(page);
  },
);

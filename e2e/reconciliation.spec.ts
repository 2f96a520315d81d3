import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, readToast, storeLanguage } from "./support";

/**
 * Reconciling an account with its bank (docs/product.md#reconciliation), as a household does it
 * at the month's end: Ana's "Itaú conta" opened at R$ 2.000,00, her salary came in, a PIX went
 * out and the card's bill was paid from it; the bank says R$ 3.412,35. The screen shows the
 * difference with what she has cleared, she ticks the three entries off the statement, and
 * 'Conciliar' records it. Portuguese on a phone.
 */

test(
  "pt: an account reconciled with its bank: the difference, the entries cleared, 'Conciliar'",
  phoneOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt", name: "Ana Souza" });
    await createFamilyViaApi(page);
    const post = async (url: string, data: object) => {
      const res = await page.request.post(url, { data });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    };
    // The first of this month in the browser's calendar: every entry is up to today.
    const now = new Date();
    const firstOfMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
    const category = await post("/api/categories", {
      name: "Mercado",
      icon: "shopping-cart",
      color: "#16a34a",
      weeklyBudget: "0",
      monthlyBudget: "0",
    });
    const itau = await post("/api/payment-methods", {
      kind: "checking",
      name: "Itaú conta",
      openingBalance: "2000.00",
      openingDate: firstOfMonth,
    });
    const card = await post("/api/payment-methods", {
      kind: "credit_card",
      name: "Nubank",
      closingDay: 3,
      dueDay: 10,
    });
    await post("/api/incomes", {
      description: "Salário",
      amount: "3000.00",
      kind: "salary",
      date: firstOfMonth,
      paymentMethodId: itau.id,
    });
    await post("/api/expenses", {
      description: "PIX feira",
      amount: "387.65",
      date: firstOfMonth,
      categoryId: category.id,
      paymentMethodId: itau.id,
    });
    const purchase = await post("/api/expenses", {
      description: "Geladeira",
      amount: "1200.00",
      date: firstOfMonth,
      categoryId: category.id,
      paymentMethodId: card.id,
    });
    await post(`/api/card-bills/${purchase.billId}/payments`, {
      fromMethodId: itau.id,
      amount: "1200.00",
      paidOn: firstOfMonth,
    });

    const main = page.getByRole("main");
    await page.goto("/payment-methods");
    await main.getByRole("link", { name: /Conciliar.*Itaú conta/ }).click();
    await expect(main.getByRole("heading", { name: "Conciliar · Itaú conta" })).toBeVisible();
    const figures = main.getByRole("definition");
    await expect(main.getByText("Nunca conciliada")).toBeVisible();
    await expect(figures).toHaveText(["R$ 3.412,35", "R$ 2.000,00", "—"]);

    // The bank says R$ 3.412,35: nothing cleared yet, so R$ 1.412,35 apart.
    await main.getByLabel("Saldo no banco").fill("3.412,35");
    await expect(figures).toHaveText(["R$ 3.412,35", "R$ 2.000,00", "R$ 1.412,35"]);
    await expect(main.getByLabel("Motivo do ajuste")).toBeVisible();
    await expect(
      main.getByRole("button", { name: "Conciliar com ajuste de R$ 1.412,35" }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // Ticked off the statement one by one: the cleared balance meets the bank's.
    const entries = main.getByRole("listitem");
    await expect(entries).toHaveCount(3);
    await main.getByRole("checkbox", { name: /Conferido: Salário/ }).click();
    await expect(figures.nth(1)).toHaveText("R$ 5.000,00");
    await main.getByRole("checkbox", { name: /Conferido: PIX feira/ }).click();
    await expect(figures.nth(1)).toHaveText("R$ 4.612,35");
    await main.getByRole("checkbox", { name: /Conferido: Nubank/ }).click();
    await expect(figures).toHaveText(["R$ 3.412,35", "R$ 3.412,35", "R$ 0,00"]);
    await expect(main.getByLabel("Motivo do ajuste")).toHaveCount(0);

    await main.getByRole("button", { name: "Conciliar", exact: true }).click();
    await readToast(page, "Conta conciliada!");
    await expect(main.getByText("Nada a conferir até este dia.")).toBeVisible();
    await expect(
      main.getByText(/^Última conciliação em \d{2}\/\d{2}\/\d{4}: R\$\s3\.412,35$/),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

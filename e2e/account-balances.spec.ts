import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, readToast, storeLanguage } from "./support";

/**
 * An account's balance (docs/product.md#account-balances), as a household meets it: Ana adds her
 * "Itaú conta" with the bank's R$ 2.000,00 on the first of the month (forgetting the date once),
 * her salary comes in and a PIX goes out, and 'Contas e cartões' and the dashboard's 'Saldo em
 * contas' both say R$ 6.879,65; R$ 500,00 moved to the savings leaves the total as it was.
 * Portuguese on a phone.
 */

test(
  "pt: an account opened at R$ 2.000,00, a salary in and a PIX out, its balance on both screens",
  phoneOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt", name: "Ana Souza" });
    await createFamilyViaApi(page);
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Mercado",
        icon: "shopping-cart",
        color: "#16a34a",
        weeklyBudget: "0",
        monthlyBudget: "0",
      },
    });
    expect(category.status(), await category.text()).toBe(201);
    // The first of this month in the browser's calendar, as the date field takes it.
    const now = new Date();
    const firstOfMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
    const main = page.getByRole("main");

    await page.goto("/payment-methods");
    await main.getByRole("button", { name: "Nova conta ou cartão" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Tipo").selectOption({ label: "Conta corrente" });
    await dialog.getByLabel("Nome").fill("Itaú conta");
    await dialog.getByLabel("Saldo inicial").fill("2.000,00");
    await expectNoAxeViolations(page);
    // The balance needs its day: said under the field, nothing saved.
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Informe em que dia este era o saldo")).toBeVisible();
    await dialog.getByLabel("Em", { exact: true }).fill(firstOfMonth);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await readToast(page, "Adicionada!");
    const itau = main.getByRole("listitem").filter({ hasText: "Itaú conta" });
    await expect(itau.getByTestId("account-balance")).toHaveText("Saldo R$ 2.000,00");

    // The salary into it and a PIX from it, recorded elsewhere (the incomes' and expenses' own
    // screens are their specs').
    const methods = (await (await page.request.get("/api/payment-methods")).json()) as {
      id: string;
      name: string;
    }[];
    const accountId = methods.find((m) => m.name === "Itaú conta")?.id;
    const income = await page.request.post("/api/incomes", {
      data: {
        description: "Salário",
        amount: "5000.00",
        kind: "salary",
        date: firstOfMonth,
        paymentMethodId: accountId,
      },
    });
    expect(income.status(), await income.text()).toBe(201);
    const pix = await page.request.post("/api/expenses", {
      data: {
        description: "Feira",
        amount: "120.35",
        date: firstOfMonth,
        categoryId: (await category.json()).id,
        paymentMethodId: accountId,
      },
    });
    expect(pix.status(), await pix.text()).toBe(201);

    const savings = await page.request.post("/api/payment-methods", {
      data: { kind: "savings", name: "Poupança" },
    });
    expect(savings.status(), await savings.text()).toBe(201);

    await page.reload();
    await expect(itau.getByTestId("account-balance")).toHaveText("Saldo R$ 6.879,65");
    await expectNoHorizontalScroll(page);

    // R$ 500,00 put aside: out of one account, into the other, and nothing spent.
    await main.getByRole("button", { name: "Transferir" }).click();
    await dialog.getByLabel("De").selectOption({ label: "Itaú conta" });
    await dialog.getByLabel("Para").selectOption({ label: "Poupança" });
    await dialog.getByLabel("Valor").fill("500,00");
    await dialog.getByLabel("Observação (opcional)").fill("Reserva");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Transferir" }).click();
    await readToast(page, "Transferido!");
    const poupanca = main.getByRole("listitem").filter({ hasText: "Poupança · Titular" });
    await expect(itau.getByTestId("account-balance")).toHaveText("Saldo R$ 6.379,65");
    await expect(poupanca.getByTestId("account-balance")).toHaveText("Saldo R$ 500,00");
    const transfer = main.getByTestId("transfer");
    await expect(transfer).toContainText("Itaú conta → Poupança");
    await expect(transfer).toContainText("Reserva");
    await expect(transfer).toContainText("R$ 500,00");
    await expectNoHorizontalScroll(page);

    await page.goto("/");
    const card = main.getByTestId("account-balances");
    await expect(card.getByRole("heading", { name: "Saldo em contas" })).toBeVisible();
    await expect(card.getByTestId("account-balances-total")).toHaveText("R$ 6.879,65");
    await expect(card.getByRole("listitem")).toHaveText([
      "Itaú contaR$ 6.379,65",
      "PoupançaR$ 500,00",
    ]);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

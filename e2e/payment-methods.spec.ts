import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import {
  desktopOnly,
  expectNoHorizontalScroll,
  phoneOnly,
  readToast,
  storeLanguage,
} from "./support";

/**
 * The family's accounts and cards (docs/product.md#payment-methods), as a household meets them:
 * Ana opens "Contas e cartões" from Categories, adds her Nubank card and her Itaú account, says an
 * expense was paid with the card, sees it on the line, filters by it, moves it to the account,
 * cannot delete the account its expense uses, and archives it. Portuguese on a phone; on a
 * desktop in English, the page and the history entry of a change.
 */

/** The toast's text, then closed, so the next one is the only one. */
test(
  "pt: a card and an account, an expense paid with the card, filtered, moved, the account archived",
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
        weeklyBudget: "250.00",
        monthlyBudget: "1000.00",
      },
    });
    expect(category.status(), await category.text()).toBe(201);
    const main = page.getByRole("main");

    // Without methods the expense form is as before: no "Pago com".
    await page.goto("/expenses");
    await expect(main.getByLabel("Descrição", { exact: true })).toBeVisible();
    await expect(main.getByLabel("Pago com", { exact: true })).toHaveCount(0);

    // Reached from Categories; the empty page says what methods are for.
    await page.goto("/categories");
    await main.getByRole("link", { name: "Contas e cartões" }).click();
    await expect(page).toHaveURL(/\/payment-methods$/);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Contas e cartões");
    await expect(main.getByText("Nenhuma conta ou cartão")).toBeVisible();
    await expectNoAxeViolations(page);

    // The card: its closing and due days and its limit.
    await main.getByRole("button", { name: "Nova conta ou cartão" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Tipo")).toHaveValue("credit_card");
    await dialog.getByLabel("Nome").fill("Nubank");
    await dialog.getByLabel("Dia de fechamento").fill("3");
    await dialog.getByLabel("Dia de vencimento").fill("10");
    await dialog.getByLabel("Limite").fill("5.000,00");
    await expect(dialog.getByLabel("Titular")).toHaveValue(/.+/);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await readToast(page, "Adicionada!");
    const nubank = main.getByRole("listitem").filter({ hasText: "Nubank" });
    await expect(nubank).toContainText("Cartão de crédito · Titular: Ana Souza");
    await expect(nubank).toContainText("Fecha dia 3 · vence dia 10");
    // Nothing bought on it yet (e2e/committed.spec.ts buys on it).
    await expect(nubank).toContainText("Limite usado R$ 0,00 de R$ 5.000,00");

    // The account: an account has no days nor limit.
    await main.getByRole("button", { name: "Nova conta ou cartão" }).click();
    await dialog.getByLabel("Tipo").selectOption({ label: "Conta corrente" });
    await expect(dialog.getByLabel("Dia de fechamento")).toHaveCount(0);
    await dialog.getByLabel("Nome").fill("Conta Itaú");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await readToast(page, "Adicionada!");
    const itau = main.getByRole("listitem").filter({ hasText: "Conta Itaú" });
    await expect(itau).toContainText("Conta corrente · Titular: Ana Souza");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // An expense paid with the card.
    await page.goto("/expenses");
    await main.getByLabel("Descrição", { exact: true }).fill("Compra do mês");
    await main.getByLabel("Valor", { exact: true }).fill("150");
    await main.getByLabel("Categoria", { exact: true }).selectOption({ label: "Mercado" });
    // The server's order: the active ones by name.
    const paidWith = main.getByLabel("Pago com", { exact: true });
    await expect(paidWith.getByRole("option")).toHaveText([
      "Não informado",
      "Conta Itaú",
      "Nubank",
    ]);
    await paidWith.selectOption({ label: "Nubank" });
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await readToast(page, "Gasto adicionado com sucesso!");
    // And one that does not say.
    await main.getByLabel("Descrição", { exact: true }).fill("Pão");
    await main.getByLabel("Valor", { exact: true }).fill("12,50");
    await paidWith.selectOption({ label: "Não informado" });
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await readToast(page, "Gasto adicionado com sucesso!");

    const rows = main.getByRole("list", { name: "Todos os Gastos" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    const purchase = rows.filter({ hasText: "Compra do mês" });
    await expect(purchase).toContainText("Pago com Nubank");
    await expect(rows.filter({ hasText: "Pão" })).not.toContainText("Pago com");

    // Only what the card paid, and the CSV link asks for the same.
    const filter = main.getByLabel("Filtrar pela forma de pagamento");
    await filter.selectOption({ label: "Nubank" });
    await expect(rows).toHaveCount(1);
    await expect(main.getByTestId("expense-totals")).toHaveText("1 gasto · total R$ 150,00");
    await expect(main.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
      "href",
      /paymentMethodId=[0-9a-f-]{36}/,
    );
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await filter.selectOption({ label: "Pago com: todas" });
    await expect(rows).toHaveCount(2);

    // Moved to the account.
    await purchase.getByRole("button", { name: "Editar Compra do mês" }).click();
    const edit = page.getByRole("dialog");
    await expect(edit.getByLabel("Pago com")).toHaveValue(/[0-9a-f-]{36}/);
    await edit.getByLabel("Pago com").selectOption({ label: "Conta Itaú" });
    await expectNoAxeViolations(page);
    await edit.getByRole("button", { name: "Salvar" }).click();
    await readToast(page, "Gasto atualizado com sucesso!");
    await expect(purchase).toContainText("Pago com Conta Itaú");

    // The account pays an expense: it cannot be deleted, only archived.
    await page.goto("/payment-methods");
    await itau.getByRole("button", { name: "Excluir Conta Itaú" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await readToast(page, /Há despesas pagas com esta forma de pagamento\. Arquive-a/);
    await expect(itau).toBeVisible();
    await itau.getByRole("button", { name: "Arquivar Conta Itaú" }).click();
    await readToast(page, "Arquivada");
    const archived = main.getByRole("region", { name: "Arquivadas" });
    await expect(archived.getByRole("listitem")).toContainText("Conta Itaú");
    await expect(archived.getByRole("button", { name: "Reativar Conta Itaú" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // Archived: no longer offered for a new expense, still shown on the one it paid.
    await page.goto("/expenses");
    await expect(main.getByLabel("Pago com", { exact: true }).getByRole("option")).toHaveText([
      "Não informado",
      "Nubank",
    ]);
    await expect(purchase).toContainText("Pago com Conta Itaú");
  },
);

test(
  "en: the accounts page, and the history entry of a card's change",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "en");
    await signUpViaApi(page, { language: "en", name: "Olga Owner" });
    await createFamilyViaApi(page);
    const created = await page.request.post("/api/payment-methods", {
      data: {
        kind: "credit_card",
        name: "Visa Gold",
        closingDay: 3,
        dueDay: 10,
        creditLimit: "5000.00",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const main = page.getByRole("main");

    await page.goto("/payment-methods");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Accounts and cards");
    // Opened from Categories, whose tab stays lit.
    await expect(page.getByRole("link", { name: "Categories" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const visa = main.getByRole("listitem").filter({ hasText: "Visa Gold" });
    await expect(visa).toContainText("Credit card · Holder: Olga Owner");
    await expect(visa).toContainText("Closes on the 3 · due on the 10");
    await expect(visa).toContainText("Limit used $0.00 of $5,000.00");
    await expectNoAxeViolations(page);

    await visa.getByRole("button", { name: "Edit Visa Gold" }).click();
    const dialog = page.getByRole("dialog");
    // The kind never changes.
    await expect(dialog.getByLabel("Type")).toBeDisabled();
    await dialog.getByLabel("Due day").fill("32");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Enter the day the bill is due, from 1 to 31")).toBeVisible();
    await dialog.getByLabel("Due day").fill("12");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await readToast(page, "Saved!");
    await expect(visa).toContainText("Closes on the 3 · due on the 12");

    await page.goto("/family/history");
    await main.getByLabel("Kind").selectOption({ label: "Payment methods" });
    const entry = main
      .getByRole("listitem")
      .filter({ hasText: "changed the payment method “Visa Gold”" });
    await expect(entry).toContainText("Due day");
    await expect(entry).toContainText("from 10 to 12");
    await expect(
      main.getByRole("listitem").filter({ hasText: "added the payment method “Visa Gold”" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  },
);

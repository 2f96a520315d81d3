import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, mailsFor, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

// Budget alerts as a person meets them (docs/product.md#budget-alerts): expenses added on the
// Expenses screen pass 80% and then 100% of a budget, the bell counts them, the list says so, the
// e-mail arrives through the e2e server's SMTP server, and Profile turns the e-mails off.
test.describe.configure({ timeout: 90_000 });

async function createCategory(page: Page, name: string, monthlyBudget: string) {
  const res = await page.request.post("/api/categories", {
    data: { name, icon: "tag", color: "#16a34a", weeklyBudget: "0", monthlyBudget },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function addExpense(page: Page, description: string, amount: string, category: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Descrição", { exact: true }).fill(description);
  await main.getByLabel("Valor", { exact: true }).fill(amount);
  await main.getByLabel("Categoria", { exact: true }).selectOption({ label: category });
  await main.getByRole("button", { name: "Adicionar Gasto" }).click();
  await expect(main.getByLabel("Descrição", { exact: true })).toHaveValue("");
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notificações/ });

test(
  "an alert at 80% and at 100%: bell, list, mark as read, e-mail, and e-mails off",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    const account = await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    await createCategory(page, "Alimentação", "500.00");
    await createCategory(page, "Lazer", "100.00");

    await page.goto("/expenses");
    await expect(bell(page)).toHaveAccessibleName("Notificações");
    await addExpense(page, "Mercado do mês", "300", "Alimentação");
    await expect(bell(page)).toHaveAccessibleName("Notificações");
    await addExpense(page, "Feira", "110", "Alimentação");
    await expect(bell(page)).toHaveAccessibleName("Notificações: 1 não lidas");
    await expectNoAxeViolations(page);

    await addExpense(page, "Padaria", "100", "Alimentação");
    await expect(bell(page)).toHaveAccessibleName("Notificações: 2 não lidas");

    await bell(page).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Notificações");
    const items = main.getByRole("listitem");
    await expect(items).toHaveCount(2);
    const month = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric" }).format(
      new Date(),
    );
    const eighty = `Alimentação passou de 80% do orçamento mensal de ${month}: R$ 410,00 de R$ 500,00`;
    const hundred = `Alimentação passou de 100% do orçamento mensal de ${month}: R$ 510,00 de R$ 500,00`;
    await expect(items.nth(0)).toContainText(hundred);
    await expect(items.nth(1)).toContainText(eighty);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await items
      .nth(1)
      .getByRole("button", { name: /^Marcar como lida/ })
      .click();
    await expect(bell(page)).toHaveAccessibleName("Notificações: 1 não lidas");
    await expect(items.nth(1).getByRole("button")).toHaveCount(0);
    await main.getByRole("button", { name: "Marcar todas como lidas" }).click();
    await expect(bell(page)).toHaveAccessibleName("Notificações");
    await expect(main.getByRole("button", { name: "Marcar todas como lidas" })).toBeDisabled();

    // One e-mail per alert, through SMTP, in Portuguese.
    await expect.poll(async () => (await mailsFor(account.email)).length).toBe(2);
    const [first, second] = await mailsFor(account.email);
    expect(first?.subject).toBe("Alerta de orçamento: Alimentação passou de 80%");
    expect(first?.text.replace(/\u00a0/g, " ")).toContain(eighty);
    expect(second?.subject).toBe("Alerta de orçamento: Alimentação passou de 100%");

    // E-mails off in Profile: the next alert comes to the bell only.
    await page.goto("/profile");
    const emails = page.getByRole("checkbox", {
      name: "Também me enviar alertas de orçamento por e-mail",
    });
    await expect(emails).toBeChecked();
    await emails.click();
    await expect(
      page.getByText("E-mails de alertas de orçamento desativados", { exact: true }),
    ).toBeVisible();
    await expect(emails).not.toBeChecked();
    await expectNoAxeViolations(page);

    await page.goto("/expenses");
    await addExpense(page, "Cinema", "90", "Lazer");
    await expect(bell(page)).toHaveAccessibleName("Notificações: 1 não lidas");
    // That no e-mail follows is src/server/features/notifications/budget-alerts.api.test.ts's
    // ("are not sent to a member who turned them off"): here it cost two 5 s polls of the sender.
  },
);

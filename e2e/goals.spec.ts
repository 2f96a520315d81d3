import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, readToast, storeLanguage } from "./support";

/**
 * The savings goals' screen (docs/product.md#caixinhas-savings-goals) on a phone in Portuguese:
 * Ana makes 'IPVA 2027', R$ 2.400,00 by next March, kept in 'Poupança', puts R$ 800,00 in from
 * 'Itaú conta' and reads what is saved and what to put away each month. The monthly amount, the
 * track and the transfer's rules are proven in the API tests (features/goals/goals.api.test.ts)
 * and domain/goals.ts; this is the screen. The list with no goal and the new goal's dialog are
 * checked at 375 px by e2e/phone-pages.spec.ts.
 */

const main = (page: Page) => page.getByRole("main");
// Intl puts a no-break space between "R$" and the number; the page's text is compared as read.
const money = (cents: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })
    .format(cents / 100)
    .replace(/\s/g, " ");

async function fitsAndPassesAxe(page: Page) {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
}

test(
  "pt: a caixinha made, money put in from another account, and its monthly amount",
  phoneOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { name: "Ana Souza", language: "pt" });
    await createFamilyViaApi(page);
    for (const name of ["Itaú conta", "Poupança"]) {
      const res = await page.request.post("/api/payment-methods", {
        data: { kind: name === "Poupança" ? "savings" : "checking", name },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    // From 'Contas e cartões', by its link.
    await page.goto("/payment-methods");
    await main(page).getByRole("link", { name: "Caixinhas" }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "Caixinhas" })).toBeVisible();

    const year = new Date().getFullYear() + 1;
    await main(page).getByRole("button", { name: "Nova caixinha" }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Nome").fill("IPVA 2027");
    await form.getByLabel("Meta").fill("2.400,00");
    await form.getByLabel("Até").fill(`${year}-03`);
    await form.getByLabel("Conta").selectOption({ label: "Poupança" });
    await form.getByRole("button", { name: "Salvar" }).click();
    await readToast(page, "Caixinha criada");

    const card = main(page).getByRole("listitem").filter({ hasText: "IPVA 2027" });
    await expect(card.getByTestId("goal-progress")).toHaveText("R$ 0,00 de R$ 2.400,00");
    await expect(card).toContainText("Na conta Poupança");

    await card.getByRole("button", { name: "Guardar IPVA 2027" }).click();
    const deposit = page.getByRole("dialog", { name: "Guardar em “IPVA 2027”" });
    await deposit.getByLabel("Valor").fill("800,00");
    await deposit.getByLabel("De qual conta?").selectOption({ label: "Itaú conta" });
    await fitsAndPassesAxe(page);
    await deposit.getByRole("button", { name: "Guardar" }).click();
    await readToast(page, "Dinheiro guardado");

    await expect(card.getByTestId("goal-progress")).toHaveText("R$ 800,00 de R$ 2.400,00");
    // The months from this one through March, both counted (the server's calendar is this
    // machine's), share what is left, rounded up to the cent (docs/product.md#caixinhas-savings-goals).
    const now = new Date();
    const months = year * 12 + 2 - (now.getFullYear() * 12 + now.getMonth()) + 1;
    const perMonth = Math.ceil(160_000 / months);
    await expect(card.getByTestId("goal-per-month")).toHaveText(
      `${money(perMonth)} por mês até mar/${year}`,
    );
    await expect(card).toContainText("Faltam R$ 1.600,00");

    // Its movements: the R$ 800,00 from 'Itaú conta', which can be undone.
    await card.getByRole("button", { name: "Movimentos IPVA 2027" }).click();
    const movement = card.getByTestId("goal-movement");
    await expect(movement).toContainText("R$ 800,00");
    await expect(movement).toContainText("de Itaú conta");
    await expect(movement.getByRole("button", { name: /^Desfazer/ })).toBeVisible();
    await fitsAndPassesAxe(page);

    // The dashboard's card: how far it is, and the way to the screen.
    await page.goto("/");
    const onDashboard = page.getByTestId("dashboard-goals");
    await expect(onDashboard).toContainText("IPVA 2027");
    await expect(onDashboard).toContainText("R$ 800,00 de R$ 2.400,00");
    await expect(
      onDashboard.getByRole("progressbar", { name: "IPVA 2027: 33% guardado" }),
    ).toBeVisible();
    await fitsAndPassesAxe(page);
    await onDashboard.getByRole("link", { name: "Ver caixinhas" }).click();
    await expect(page).toHaveURL(/\/goals$/);
  },
);

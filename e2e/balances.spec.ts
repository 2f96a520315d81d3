import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { couple, localToday, postForId, toastSays } from "./couple";
import { desktopOnly, expectNoHorizontalScroll, expectTouchTargets, phoneOnly } from "./support";

/**
 * Who owes whom (docs/product.md#who-owes-whom), as a couple meets it. On a phone in Portuguese:
 * Ana pays the groceries split 60/40 and Léo a purchase of his own; the dashboard says Léo owes
 * Ana R$ 80,00, the Acertos page too; they settle with a PIX through 'Acertar contas', everything
 * is settled, and the history says so. On a desktop in English: what is behind a balance, a page
 * at a time, and undoing a settlement brings the debt back.
 */

/** At 375 px: nothing wider than the screen, every control 44 px (docs/product.md#touch-targets), axe. */
async function fitsAndPassesAxe(page: Page) {
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoAxeViolations(page);
}

test(
  "pt: the dashboard and Acertos say who owes whom, a PIX settles it, and the history says so",
  phoneOnly,
  async ({ page, browser }, testInfo) => {
    const { categoryId, other, ownerId, memberId } = await couple(page, browser, testInfo, {
      language: "pt",
      owner: "Ana",
      member: "Léo",
      category: { name: "Mercado", weeklyBudget: "500.00", monthlyBudget: "2000.00" },
      memberLanguage: false,
    });
    await postForId(page, "/api/expenses", {
      description: "Mercado do mês",
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
    // Léo's own purchase is nobody else's: it moves no balance.
    await postForId(other.page, "/api/expenses", {
      description: "Tênis",
      amount: "90.00",
      date: localToday(),
      categoryId,
      split: { mode: "one", userId: memberId },
    });
    await other.context.close();

    await page.goto("/");
    const card = page.getByRole("link", { name: /^Acertos/ });
    await expect(card.getByTestId("balances-headline")).toHaveText("Léo deve R$ 80,00 a Ana");
    await fitsAndPassesAxe(page);
    await card.click();

    await expect(page).toHaveURL(/\/balances$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Acertos");
    const debt = main.getByTestId("debt");
    await expect(debt).toHaveCount(1);
    await expect(debt.getByRole("button", { expanded: false })).toHaveText(
      "Léo deve R$ 80,00 a Ana",
    );
    const figures = main.getByTestId("member-balance");
    await expect(figures.filter({ hasText: "Ana" })).toContainText("a receber R$ 80,00");
    await expect(figures.filter({ hasText: "Léo" })).toContainText("deve R$ 80,00");
    await expect(figures.filter({ hasText: "Léo" })).toContainText("PagouR$ 90,00");
    await expect(figures.filter({ hasText: "Léo" })).toContainText("ParteR$ 170,00");
    await fitsAndPassesAxe(page);

    // 'Acertar contas' comes filled with the debt paid back in full today by PIX.
    await debt.getByRole("button", { name: "Acertar contas" }).click();
    const dialog = page.getByRole("dialog", { name: "Acertar contas" });
    await expect(dialog.getByLabel("Quem pagou").locator("option:checked")).toHaveText("Léo");
    await expect(dialog.getByLabel("Quem recebeu").locator("option:checked")).toHaveText("Ana");
    await expect(dialog.getByLabel("Valor")).toHaveValue("80,00");
    await expect(dialog.getByLabel("Data")).toHaveValue(localToday());
    await expect(dialog.getByLabel("Como foi pago").locator("option:checked")).toHaveText("PIX");
    await fitsAndPassesAxe(page);
    await dialog.getByRole("button", { name: "Registrar acerto" }).click();
    await toastSays(page, "Acerto registrado");
    await expect(dialog).toHaveCount(0);

    await expect(main.getByTestId("all-settled")).toContainText("Tudo acertado");
    await expect(debt).toHaveCount(0);
    await expect(figures.filter({ hasText: "Léo" })).toContainText("em dia");
    await expect(figures.filter({ hasText: "Léo" })).toContainText("Acertos pagosR$ 80,00");
    // What stays behind the settled pair: the groceries and the PIX.
    await main.getByRole("button", { name: "Ana e Léo" }).click();
    const lines = main.getByRole("list", { name: "Entre Ana e Léo" }).getByTestId("balance-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: "Acerto · PIX" })).toContainText("Léo pagou Ana");
    await expect(lines.filter({ hasText: "Mercado do mês" })).toContainText(
      "Ana pagou R$ 200,00, parte de Léo",
    );
    await fitsAndPassesAxe(page);

    // The dashboard hears it too.
    await page.goto("/");
    await expect(card.getByTestId("balances-headline")).toHaveText("Tudo acertado");

    await page.goto("/family/history");
    const entry = main.getByRole("listitem").filter({ hasText: "Acertos" }).first();
    await expect(entry).toContainText("Ana registrou que Léo acertou R$ 80,00 com Ana (PIX)");
    await fitsAndPassesAxe(page);

    // The month's report: what each paid beside their share; a settlement is no spending.
    await page.goto("/reports");
    const shares = main.getByTestId("member-share-item");
    await expect(shares.filter({ hasText: "Ana" })).toHaveText(
      "AnaPagouR$ 200,00ParteR$ 120,00SaldoR$ 80,00",
    );
    await expect(shares.filter({ hasText: "Léo" })).toHaveText(
      "LéoPagouR$ 90,00ParteR$ 170,00Saldo-R$ 80,00",
    );
    await fitsAndPassesAxe(page);
  },
);

test(
  "en: what is behind a balance a page at a time, and undoing a settlement brings the debt back",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const { categoryId, other, ownerId, memberId } = await couple(page, browser, testInfo, {
      language: "en",
      owner: "Olga",
      member: "Mario",
      category: { name: "Groceries", weeklyBudget: "500.00", monthlyBudget: "2000.00" },
      memberLanguage: false,
    });
    // Olga's weekly shop, 60/40 (Mario's share $80.00) and Mario's pharmacy for the family (Olga's
    // $15.00); 50 bus fares of Olga's, each half Mario's, dated earlier: 52 lines, two pages.
    await postForId(page, "/api/expenses", {
      description: "Weekly shop",
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
    await postForId(other.page, "/api/expenses", {
      description: "Pharmacy",
      amount: "30.00",
      date: localToday(),
      categoryId,
    });
    await other.context.close();
    // One import (the family's default split, as a single write) rather than 50 writes.
    const fares = await page.request.post("/api/imports", {
      headers: { "idempotency-key": `bus-fares-${Date.now()}` },
      data: {
        lines: Array.from({ length: 50 }, (_, i) => ({
          description: `Bus fare ${i + 1}`,
          amount: "2.00",
          date: `2026-01-${String((i % 28) + 1).padStart(2, "0")}`,
          categoryId,
        })),
      },
    });
    expect(fares.status(), await fares.text()).toBe(201);
    // Mario pays Olga back all of it ($80.00 + $50.00 - $15.00).
    await postForId(page, "/api/settlements", {
      fromUserId: memberId,
      toUserId: ownerId,
      amount: "115.00",
      paidOn: localToday(),
      method: "pix",
    });

    await page.goto("/balances");
    const main = page.getByRole("main");
    await expect(main.getByTestId("all-settled")).toContainText("All settled up");
    await main.getByRole("button", { name: "Olga and Mario" }).click();
    const list = main.getByRole("list", { name: "Between Olga and Mario" });
    const lines = list.getByTestId("balance-line");
    await expect(lines).toHaveCount(50);
    // Newest first: today's settlement and expenses come before the fares of January.
    const settlement = lines.filter({ hasText: "Settlement · Pix" });
    await expect(settlement).toContainText("Mario paid Olga");
    await expect(settlement).toContainText("$115.00");
    await expect(lines.filter({ hasText: "Weekly shop" })).toContainText(
      "Olga paid $200.00, Mario's share",
    );
    await expect(lines.filter({ hasText: "Pharmacy" })).toContainText(
      "Mario paid $30.00, Olga's share",
    );
    await expectNoAxeViolations(page);
    await main.getByRole("button", { name: "Show more" }).click();
    await expect(lines).toHaveCount(53);
    await expect(main.getByRole("button", { name: "Show more" })).toHaveCount(0);
    await expect(lines.filter({ hasText: "Bus fare" })).toHaveCount(50);

    // Undone after a confirmation: Mario owes Olga the whole again.
    await settlement.getByRole("button", { name: /^Undo settlement of \$115\.00 on / }).click();
    const confirm = page.getByRole("alertdialog", { name: "Undo this settlement?" });
    await expect(confirm).toContainText("The settlement in which Mario paid Olga $115.00 on");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Undo settlement" }).click();
    await toastSays(page, "Settlement undone");
    await expect(main.getByTestId("debt")).toHaveText(/^Mario owes Olga \$115\.00/);
    await expect(main.getByTestId("all-settled")).toHaveCount(0);
    await expect(main.getByRole("button", { name: "Settle up" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/family/history");
    await expect(
      main.getByRole("listitem").filter({ hasText: "Settlements" }).first(),
    ).toContainText("Olga undid the settlement in which Mario paid Olga $115.00 (Pix)");
    await expectNoAxeViolations(page);

    // The month's report, as a table at this width: the fares of January are not this month's.
    await page.goto("/reports");
    await expect(
      main.getByRole("region", { name: "Who paid and whose it was" }).getByRole("row"),
    ).toHaveText([
      "MemberPaidTheir shareBalance",
      "Olga$200.00$135.00$65.00",
      "Mario$30.00$95.00-$65.00",
    ]);
  },
);

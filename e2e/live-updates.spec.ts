import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, joinFamilyViaApi, otherPerson, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, storeLanguage } from "./support";

/**
 * One live budget for the family (docs/decisions/009-live-updates-over-sse.md): what one member
 * records or renames shows on the other member's open screens without a reload.
 */

/** Resolves once the page's event stream said it is subscribed. */
const streamReady = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");

test(
  "a member's new expense and renamed category show on the other member's open screens",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt", name: "Ana Souza" });
    await createFamilyViaApi(page);
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Casa",
        icon: "home",
        color: "#3b82f6",
        weeklyBudget: "250.00",
        monthlyBudget: "1000.00",
      },
    });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = ((await category.json()) as { id: string }).id;

    const leo = await otherPerson(browser, testInfo);
    await signUpViaApi(leo.page, { language: "pt", name: "Léo Souza" });
    await joinFamilyViaApi(page, leo.page);

    // Ana has the dashboard open, and the Expenses screen in a second tab.
    const dashboardStream = streamReady(page);
    await page.goto("/");
    const recent = page.getByRole("region", { name: "Últimas Transações" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Controle Mensal");
    await dashboardStream;
    const list = await page.context().newPage();
    const listStream = streamReady(list);
    await list.goto("/expenses");
    await expect(list.getByRole("heading", { name: "Todos os Gastos" })).toBeVisible();
    await listStream;

    const today = new Date().toISOString().slice(0, 10);
    const created = await leo.page.request.post("/api/expenses", {
      data: { description: "Conta do parceiro", amount: "321.00", date: today, categoryId },
    });
    expect(created.status(), await created.text()).toBe(201);
    // Within the 2 s the family expects, with room for a busy test machine.
    await expect(recent.getByText("Conta do parceiro")).toBeVisible({ timeout: 5_000 });
    await expect(recent).toContainText("R$ 321,00");
    const rows = list.getByRole("main").getByRole("row", { name: /Conta do parceiro/ });
    await expect(rows).toHaveCount(1, { timeout: 5_000 });
    await expect(rows).toContainText("Casa");
    await expectNoAxeViolations(page);

    const renamed = await leo.page.request.patch(`/api/categories/${categoryId}`, {
      data: { name: "Moradia" },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await expect(rows).toContainText("Moradia", { timeout: 5_000 });
    await expect(
      page.getByTestId("category-card").getByRole("heading", { name: "Moradia" }),
    ).toBeVisible({ timeout: 5_000 });
    await expectNoAxeViolations(list);
    await leo.context.close();
  },
);

test(
  "an expense added while the other member's dashboard opens, before its stream listens, still shows",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    await storeLanguage(page, "en");
    await signUpViaApi(page, { language: "en", name: "Ana Smith" });
    await createFamilyViaApi(page);
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Groceries",
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "250.00",
        monthlyBudget: "1000.00",
      },
    });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = ((await category.json()) as { id: string }).id;
    const leo = await otherPerson(browser, testInfo);
    await signUpViaApi(leo.page, { language: "en", name: "Leo Smith" });
    await joinFamilyViaApi(page, leo.page);

    // Ana's stream is held back until Leo's expense has committed: the window between the
    // screen's reads and its stream listening, made wide instead of a few milliseconds.
    let letStreamGo: () => void = () => {};
    const streamHeld = new Promise<void>((resolve) => {
      letStreamGo = resolve;
    });
    await page.route("**/api/events", async (route) => {
      await streamHeld;
      await route.continue();
    });
    const month = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/summary" && response.ok(),
    );
    await page.goto("/");
    await month;
    const recent = page.getByRole("region", { name: "Latest transactions" });
    await expect(recent).toBeVisible();

    const today = new Date().toISOString().slice(0, 10);
    const created = await leo.page.request.post("/api/expenses", {
      data: { description: "Partner's groceries", amount: "45.60", date: today, categoryId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listening = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/events",
    );
    letStreamGo();
    await listening;
    // The stream carries nothing of it (it committed before the stream listened); its `ready`
    // names a newer version than the month's answer, and the screen refetches.
    await expect(recent.getByText("Partner's groceries")).toBeVisible({ timeout: 2_000 });
    await leo.context.close();
  },
);

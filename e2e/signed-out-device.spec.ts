import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { desktopOnly, phoneOnly, storeLanguage, userMenuButton } from "./support";

// A signed-out device forgets (docs/product.md#offline, docs/product.md#signing-out): a session
// ended from elsewhere shows none of the family's saved screens on the next start and deletes
// them, and the app's own logout has the browser clear the site's storage.

/** The keys of one object store of one IndexedDB database on this device ([] without it). */
function storedKeys(page: Page, database: string, store: string) {
  return page.evaluate(
    ({ database, store }) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve([]);
          }
          const keys = db.transaction(store).objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
        };
      }),
    { database, store },
  );
}

/** The users whose screens offline/offline-cache.ts keeps in IndexedDB on this device. */
const savedUsers = (page: Page) => storedKeys(page, "family-budget-offline", "query-cache");

/** The keys of the offline expense queue (offline/browser-queue.ts) on this device. */
const queuedKeys = (page: Page) => storedKeys(page, "offline-queue", "v1");

async function familyWithAnExpense(page: Page) {
  await storeLanguage(page, "pt");
  const account = await signUpViaApi(page, { language: "pt" });
  await createFamilyViaApi(page);
  const category = await page.request.post("/api/categories", {
    data: { name: "Feira", icon: "tag", color: "#16a34a", weeklyBudget: "0", monthlyBudget: "0" },
  });
  expect(category.status()).toBe(201);
  const expense = await page.request.post("/api/expenses", {
    data: {
      description: "Pão de queijo",
      amount: "12.50",
      categoryId: ((await category.json()) as { id: string }).id,
      date: new Date().toLocaleDateString("en-CA"),
    },
  });
  expect(expense.status()).toBe(201);
  return account;
}

test(
  "a session ended elsewhere: the next start shows no saved family data and deletes it",
  desktopOnly,
  async ({ page, playwright }, testInfo) => {
    const account = await familyWithAnExpense(page);
    const main = page.getByRole("main");
    await page.goto("/");
    await expect(main.getByText("Pão de queijo")).toBeVisible();
    // The month's total, from the month summary the device keeps.
    const total = main.getByText("R$ 12,50");
    await expect(total.first()).toBeVisible();
    await expect.poll(() => savedUsers(page)).toHaveLength(1);

    // Another device of the same person ends every other session (Profile's Signed-in devices).
    const other = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const login = await other.post("/api/auth/login", {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
    const ended = await other.post("/api/profile/sessions/end-others", {
      data: { password: account.password },
    });
    expect(ended.status(), await ended.text()).toBe(200);
    await other.dispose();

    // The answers come late (a slow network): the saved screens must not show meanwhile, as they
    // would while the screen's own calls wait.
    let answered = false;
    await page.route("**/api/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if (new URL(route.request().url()).pathname === "/api/auth/user") answered = true;
      await route.continue();
    });
    await page.reload();
    const start = Date.now();
    while (!answered && Date.now() - start < 5000) {
      // Counted now, not retried: the data must never be there, not merely go away.
      expect(await total.count()).toBe(0);
      expect(await page.getByText("Pão de queijo").count()).toBe(0);
      await page.waitForTimeout(100);
    }
    expect(answered).toBe(true);
    await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
    await expect(total).toHaveCount(0);
    await expect(page.getByText("Pão de queijo")).toHaveCount(0);
    await expect.poll(() => savedUsers(page)).toEqual([]);
  },
);

test(
  "the app's logout has the browser forget the site's storage",
  desktopOnly,
  async ({ page }) => {
    await familyWithAnExpense(page);
    await page.goto("/");
    await expect(page.getByRole("main").getByText("Pão de queijo")).toBeVisible();
    await expect.poll(() => savedUsers(page)).toHaveLength(1);
    await page.evaluate(() => localStorage.setItem("left-behind", "yes"));

    const logout = page.waitForResponse("**/api/logout");
    await userMenuButton(page).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    expect((await (await logout).allHeaders())["clear-site-data"]).toBe('"cache", "storage"');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("left-behind"))).toBeNull();
    expect(await savedUsers(page)).toEqual([]);
  },
);

test(
  "signing out with expenses still waiting keeps them on the device",
  phoneOnly,
  async ({ page, context }) => {
    await familyWithAnExpense(page);
    // The frame's sender (pending-expenses-notice.tsx, a chunk of its own, which shows the waiting
    // count) comes a moment after the screen shows, and is up once it has asked for the month the
    // quick add keeps: without the service worker (blocked in these tests) it must have come
    // before the network goes.
    const senderUp = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith("/api/summary"),
    );
    await page.goto("/expenses");
    const main = page.getByRole("main");
    await expect(main.getByLabel("Categoria", { exact: true })).toContainText("Feira");
    await senderUp;

    await context.setOffline(true);
    await main.getByLabel("Descrição", { exact: true }).fill("Feira offline");
    await main.getByLabel("Valor", { exact: true }).fill("7.00");
    await main.getByLabel("Categoria", { exact: true }).selectOption({ label: "Feira" });
    await main.getByRole("button", { name: /^Adicionar Gasto$/ }).click();
    await expect(page.getByRole("status").getByText("1 gasto aguardando conexão")).toBeVisible();
    // Back online the server stays out of reach for creates: the expense keeps waiting.
    await page.route("**/api/expenses", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await context.setOffline(false);

    const logout = page.waitForResponse("**/api/logout?keep=queue");
    await userMenuButton(page).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page
      .getByRole("alertdialog", { name: "Há gastos não enviados" })
      .getByRole("button", { name: "Sair mesmo assim" })
      .click();
    expect((await (await logout).allHeaders())["clear-site-data"]).toBe('"cache"');
    await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
    const kept = await queuedKeys(page);
    expect(kept).toEqual([expect.stringMatching(/^expense-queue:/)]);
    expect(await savedUsers(page)).toEqual([]);

    // The next person on the device signs in and out with nothing waiting of their own: the first
    // person's expenses still stay, so that logout keeps the storage too.
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    await page.goto("/");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    const secondLogout = page.waitForResponse("**/api/logout?keep=queue");
    await userMenuButton(page).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    expect((await (await secondLogout).allHeaders())["clear-site-data"]).toBe('"cache"');
    await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
    expect(await queuedKeys(page)).toEqual(kept);
  },
);

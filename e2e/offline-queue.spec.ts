import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { phoneOnly } from "./support";

// The offline expense queue (docs/product.md#offline-expense-queue): expenses added without a
// connection wait on the device and are saved exactly once when it returns, also after the app
// was closed, also when the first send reached the server but its answer was lost; one the server
// refuses shows why and can be fixed or discarded. Offline is context.setOffline after the app
// loaded.
test.describe.configure({ timeout: 90_000 });

async function createCategory(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/categories", {
    data: { name, icon: "tag", color: "#16a34a", weeklyBudget: "0", monthlyBudget: "0" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** How many saved expenses have this description (the API, not the screen). */
async function savedCount(page: Page, description: string): Promise<number> {
  const res = await page.request.get(
    `/api/expenses/page?search=${encodeURIComponent(description)}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { totals: { count: number } }).totals.count;
}

async function fillExpense(
  scope: ReturnType<Page["getByRole"]>,
  description: string,
  category: string,
) {
  await scope.getByLabel("Descrição", { exact: true }).fill(description);
  await scope.getByLabel("Valor", { exact: true }).fill("12.50");
  await scope.getByLabel("Categoria", { exact: true }).selectOption({ label: category });
  await scope.getByRole("button", { name: /^Adicionar Gasto$/ }).click();
}

/** Portuguese on every page of the context, the reopened one too. */
async function signUpInPortuguese(page: Page, context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem("language", "pt"));
  await signUpViaApi(page);
  await createFamilyViaApi(page);
}

const queuedToast = "Salvo no aparelho — será enviado quando houver conexão";

test(
  "two expenses added offline (form and quick add) are saved exactly once after the app is reopened online",
  phoneOnly,
  async ({ page, context }) => {
    await signUpInPortuguese(page, context);
    await createCategory(page, "Mercado");

    // Both screens loaded once while online, so their code is in the page when the network goes.
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await nav.getByRole("link", { name: "Gastos" }).click();
    const main = page.getByRole("main");
    await expect(main.getByLabel("Categoria", { exact: true })).toContainText("Mercado");
    // The user menu's code comes a moment after a screen shows (components/layout/user-menu.tsx);
    // without the service worker (blocked in these tests) it must have come before the network goes.
    const userMenu = page.getByRole("button", { name: /Abrir o menu do usuário/ });
    await userMenu.click();
    await expect(page.getByRole("menuitem", { name: "Sair" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    await context.setOffline(true);
    await fillExpense(main, "Feira offline", "Mercado");
    await expect(page.getByText(queuedToast).first()).toBeVisible();
    await expect(main.getByLabel("Descrição", { exact: true })).toHaveValue("");

    await nav.getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("button", { name: "Adicionar gasto", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Gasto Rápido" });
    await fillExpense(dialog, "Padaria offline", "Mercado");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").getByText("2 gastos aguardando conexão")).toBeVisible();

    await nav.getByRole("link", { name: "Gastos" }).click();
    const pending = main.getByTestId("pending-expense");
    await expect(pending).toHaveCount(2);
    await expect(pending.filter({ hasText: "Feira offline" })).toContainText("Pendente");
    await expect(pending.filter({ hasText: "Padaria offline" })).toContainText("Pendente");
    await expectNoAxeViolations(page);
    expect(await savedCount(page, "offline")).toBe(0);

    // Signing out asks first while expenses are only on this device.
    await page.getByRole("button", { name: /Abrir o menu do usuário/ }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    const warning = page.getByRole("alertdialog", { name: "Há gastos não enviados" });
    await expect(warning).toContainText("2 gastos ainda estão só neste aparelho");
    await warning.getByRole("button", { name: "Cancelar" }).click();
    await expect(warning).toBeHidden();

    // Closed while offline; opened again once the network is back.
    await page.close();
    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto("/expenses");
    const list = reopened.getByRole("main");
    await expect(reopened.getByText("2 gastos pendentes enviados").first()).toBeVisible();
    await expect(list.getByText("Feira offline")).toBeVisible();
    await expect(list.getByText("Padaria offline")).toBeVisible();
    await expect(list.getByTestId("pending-expense")).toHaveCount(0);
    await expect(reopened.getByText("gastos aguardando conexão")).toHaveCount(0);
    expect(await savedCount(reopened, "Feira offline")).toBe(1);
    expect(await savedCount(reopened, "Padaria offline")).toBe(1);
  },
);

test(
  "an expense whose answer was lost is not saved twice; ones the server refuses show why and can be fixed or discarded",
  phoneOnly,
  async ({ page, context }) => {
    await signUpInPortuguese(page, context);
    await createCategory(page, "Mercado");
    const pharmacyId = await createCategory(page, "Farmácia");

    // The first create reaches the server, then the connection drops before the answer arrives.
    let cut = false;
    await page.route("**/api/expenses", async (route) => {
      if (route.request().method() !== "POST" || cut) return route.continue();
      cut = true;
      await route.fetch();
      await route.abort("internetdisconnected");
    });

    // The frame's sender (pending-expenses-notice.tsx, a chunk of its own) sends every waiting entry
    // as it mounts: it is up once it has asked for the month the quick add keeps, and only then is
    // the lost answer's entry left waiting for the sender's next turn, as this test reads it.
    const senderUp = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith("/api/summary"),
    );
    await page.goto("/expenses");
    const main = page.getByRole("main");
    await expect(main.getByLabel("Categoria", { exact: true })).toContainText("Farmácia");
    await senderUp;
    await fillExpense(main, "Resposta perdida", "Mercado");
    await expect(page.getByText(queuedToast).first()).toBeVisible();
    expect(await savedCount(page, "Resposta perdida")).toBe(1);
    // The sender resends it with the same key: the server answers with the expense it already has.
    await expect(main.getByTestId("pending-expense")).toHaveCount(0, { timeout: 20_000 });
    await expect(main.getByText("Resposta perdida").first()).toBeVisible();
    expect(await savedCount(page, "Resposta perdida")).toBe(1);

    // Queued offline; their category is deleted (by someone else) before the network returns.
    await context.setOffline(true);
    await fillExpense(main, "Remédio", "Farmácia");
    // As a person does: the next one is typed once the form has cleared, not while this one is still
    // being queued (the form's reset would wipe what was typed meanwhile).
    await expect(main.getByLabel("Descrição", { exact: true })).toHaveValue("");
    await fillExpense(main, "Vitamina", "Farmácia");
    await expect(main.getByTestId("pending-expense")).toHaveCount(2);
    const deleted = await page.request.delete(`/api/categories/${pharmacyId}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
    await context.setOffline(false);

    const refused = main.getByTestId("pending-expense").filter({ hasText: "Remédio" });
    await expect(refused).toContainText("Recusado");
    await expect(refused).toContainText("Motivo: Categoria não encontrada");
    await expect(page.getByRole("status").getByText("2 gastos recusados")).toBeVisible();
    await expectNoAxeViolations(page);

    // 'Corrigir': the form filled in, another category, and it is sent.
    await main.getByRole("button", { name: "Corrigir Vitamina" }).click();
    const fix = page.getByRole("dialog", { name: "Corrigir Gasto" });
    await expect(fix.getByLabel("Descrição", { exact: true })).toHaveValue("Vitamina");
    await fix.getByLabel("Categoria", { exact: true }).selectOption({ label: "Mercado" });
    await fix.getByRole("button", { name: "Salvar" }).click();
    await expect(fix).toBeHidden();
    await expect(main.getByTestId("pending-expense")).toHaveCount(1, { timeout: 20_000 });
    expect(await savedCount(page, "Vitamina")).toBe(1);

    // 'Descartar', after a confirmation: nothing of it reaches the server.
    await refused.getByRole("button", { name: "Descartar Remédio" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Descartar gasto pendente" });
    await expect(confirm).toContainText('O gasto "Remédio" ainda não foi salvo');
    await confirm.getByRole("button", { name: "Descartar" }).click();
    await expect(main.getByTestId("pending-expense")).toHaveCount(0);
    await expect(page.getByText("gasto recusado")).toHaveCount(0);
    expect(await savedCount(page, "Remédio")).toBe(0);
  },
);

/** "R$ 1.234,56" as cents. */
const centsOf = (brl: string) => Number(brl.replace(/\D/g, ""));

/** The queries of the offline copy offline/offline-cache.ts keeps on this device for its one user. */
function savedQueryKeys(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("family-budget-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("query-cache")) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction("query-cache").objectStore("query-cache").getAll();
          all.onsuccess = () => {
            db.close();
            const entries = all.result as { clientState: { queries: { queryHash: string }[] } }[];
            resolve(entries.flatMap((entry) => entry.clientState.queries.map((q) => q.queryHash)));
          };
        };
      }),
  );
}

test(
  "a fresh device that loaded only the dashboard online adds an expense offline with the quick add, saved once when the network returns",
  phoneOnly,
  async ({ page, context }) => {
    await context.addInitScript(() => window.localStorage.setItem("language", "pt"));
    await signUpViaApi(page);
    // The starter categories: a family as it starts, with nothing opened but the dashboard.
    await createFamilyViaApi(page, { keepStarterData: true });

    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByText("Supermercado (exemplo)")).toBeVisible();
    // What the quick add needs is kept on the device once the dashboard has shown: the categories
    // and the family's people besides the user, the family and the month.
    await expect
      .poll(() => savedQueryKeys(page))
      .toEqual(
        expect.arrayContaining([
          '["/api/auth/user"]',
          '["/api/family"]',
          '["/api/categories"]',
          '["/api/family/members","people"]',
          expect.stringMatching(/^\["\/api\/summary",/),
        ]),
      );
    // The quick add's code comes a moment after the dashboard shows (quick-add-button.tsx); the
    // service worker that would keep it is blocked in these tests.
    await page.waitForLoadState("networkidle");

    const total = main.getByTestId("total-spent");
    const spent = async () => centsOf((await total.locator("span").first().textContent()) ?? "");
    const spentBefore = await spent();

    await context.setOffline(true);
    // The bar says the screen shows saved data, and from when (docs/product.md#offline).
    await expect(
      page.getByRole("status").filter({ hasText: "Sem conexão — mostrando os dados salvos" }),
    ).toContainText(/Dados de \d{2}:\d{2}$/);
    await page.getByRole("button", { name: "Adicionar gasto", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Gasto Rápido" });
    await expect(dialog.getByLabel("Pago por", { exact: true })).toContainText("Ana Souza");
    await fillExpense(dialog, "Feira sem sinal", "Alimentação");
    await expect(dialog).toBeHidden();
    await expect(page.getByText(queuedToast).first()).toBeVisible();
    await expect(page.getByRole("status").getByText("1 gasto aguardando conexão")).toBeVisible();
    // At once on the dashboard: first in the list and in the month's total, marked pending.
    const pendingRow = main.getByTestId("recent-pending");
    await expect(pendingRow).toHaveCount(1);
    await expect(pendingRow).toContainText("Feira sem sinal");
    await expect(pendingRow).toContainText("Pendente");
    await expect(total).toContainText("Inclui R$ 12,50 pendente");
    expect(await spent()).toBe(spentBefore + 1250);
    await expectNoAxeViolations(page);
    expect(await savedCount(page, "Feira sem sinal")).toBe(0);

    // Every figure the total shows while the expense is sent and the month asked for again.
    await total
      .locator("span")
      .first()
      .evaluate((node) => {
        const seen: string[] = [];
        Object.assign(window, { seenTotals: seen });
        new MutationObserver(() => seen.push(node.textContent ?? "")).observe(node, {
          characterData: true,
          childList: true,
          subtree: true,
        });
      });
    await context.setOffline(false);
    await expect(page.getByText("1 gasto pendente enviado").first()).toBeVisible();
    await expect(page.getByText("gasto aguardando conexão")).toHaveCount(0);
    await expect(pendingRow).toHaveCount(0);
    // Never without it meanwhile: the pending entry stays until the month's new figures are in.
    const seen = await page.evaluate(
      () => (window as unknown as { seenTotals: string[] }).seenTotals,
    );
    for (const shown of seen) expect(centsOf(shown)).toBe(spentBefore + 1250);
    await expect(main.getByTestId("recent-transaction").first()).toContainText("Feira sem sinal");
    await expect(total).not.toContainText("pendente");
    // Now the server's own figure (the month is asked for again once the expense is saved).
    await expect.poll(spent).toBe(spentBefore + 1250);
    expect(await savedCount(page, "Feira sem sinal")).toBe(1);
  },
);

import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, phoneOnly, storeLanguage, userMenuButton } from "./support";

// docs/product.md#installing-and-offline-use: the installable app (manifest + service worker) and
// the offline open of the last loaded screens (docs/product.md#offline). The other specs block
// service workers (playwright.config.ts) so their page.route() keeps seeing every call; this one
// needs it.
test.use({ serviceWorkers: "allow" });
// One test at a time: two of them serve a new version of sw.js by rewriting the build's files,
// which a test running beside them on the other worker would take for an update of its own.
test.describe.configure({ mode: "serial" });

/** Resolves once a service worker is active for the page and the page is one of its clients. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first visit is not controlled (the worker does not claim open pages): a reload is.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

/** The persisted screens of offline/offline-cache.ts: the query hashes saved per user id. */
function savedQueries(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Record<string, string[]>>((resolve, reject) => {
        const open = indexedDB.open("family-budget-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("query-cache")) return resolve({});
          const store = db.transaction("query-cache").objectStore("query-cache");
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            const saved: Record<string, string[]> = {};
            values.result.forEach((value, index) => {
              saved[String(keys.result[index])] = (
                value as { clientState: { queries: { queryHash: string }[] } }
              ).clientState.queries.map((query) => query.queryHash);
            });
            db.close();
            resolve(saved);
          };
        };
      }),
  );
}

test(
  "is installable: the manifest with its icons, and a service worker controlling the app",
  desktopOnly,
  async ({ page }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const manifest = await (await page.request.get(href ?? "")).json();
    expect(manifest).toMatchObject({
      name: "Family Budget",
      short_name: "Budget",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#047857",
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    for (const src of [...icons.map((icon) => icon.src), appleIcon ?? ""]) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()["content-type"], src).toBe("image/png");
    }

    // Registered from the bundle under the app's own CSP (script-src 'self', no inline script).
    await controlledByServiceWorker(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe("/");
  },
);

test(
  "opens the last loaded screens offline, marked as offline, and logout deletes them",
  phoneOnly,
  async ({ page, context }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Feira do bairro",
        icon: "tag",
        color: "#16a34a",
        weeklyBudget: "100.00",
        monthlyBudget: "400.00",
      },
    });
    expect(category.status()).toBe(201);
    const today = new Date().toLocaleDateString("en-CA");
    const expense = await page.request.post("/api/expenses", {
      data: {
        description: "Pão de queijo",
        amount: "12.50",
        categoryId: ((await category.json()) as { id: string }).id,
        date: today,
      },
    });
    expect(expense.status()).toBe(201);

    const main = page.getByRole("main");
    const marker = page.getByRole("status").filter({ hasText: "Sem conexão" });
    // Each screen's reads are saved after a short gathering delay, under the user's id.
    const savedAfter = (hashes: string[]) =>
      expect
        .poll(async () => Object.values(await savedQueries(page))[0] ?? [])
        .toEqual(expect.arrayContaining(hashes));
    await page.goto("/");
    await controlledByServiceWorker(page);
    await expect(main.getByText("Pão de queijo")).toBeVisible();
    await savedAfter(['["/api/auth/user"]', '["/api/family"]']);
    await page.goto("/expenses");
    await expect(main.getByText("Pão de queijo").first()).toBeVisible();
    await savedAfter(['["/api/expenses","page",{}]']);
    await page.goto("/categories");
    await expect(main.getByRole("heading", { name: "Feira do bairro" })).toBeVisible();
    await expect(marker).toHaveCount(0);
    await savedAfter(['["/api/categories"]', '["/api/expenses","page",{}]']);
    const saved = await savedQueries(page);
    expect(Object.keys(saved)).toHaveLength(1);
    expect(Object.values(saved)[0]?.some((hash) => hash.startsWith('["/api/summary",{'))).toBe(
      true,
    );
    expect(Object.values(saved)[0]?.some((hash) => hash.includes("notifications"))).toBe(false);

    await context.setOffline(true);
    await page.goto("/expenses");
    await expect(marker).toBeVisible();
    await expect(main.getByText("Pão de queijo").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/");
    await expect(main.getByText("Pão de queijo")).toBeVisible();
    await expect(marker).toBeVisible();
    await page.goto("/categories");
    await expect(main.getByRole("heading", { name: "Feira do bairro" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Back online the marker goes; logout deletes the saved screens before it leaves.
    await context.setOffline(false);
    await expect(marker).toHaveCount(0);
    await userMenuButton(page).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
    expect(await savedQueries(page)).toEqual({});
  },
);

// The service worker the e2e server serves (scripts/e2e-server.mjs builds into
// .tmp/e2e-build-<port>).
const servedServiceWorker = join(
  process.cwd(),
  ".tmp",
  `e2e-build-${process.env.E2E_PORT ?? 3100}`,
  "web",
  "sw.js",
);

test(
  "a new version waits for 'Atualizar', never reloading the page by itself",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await page.goto("/login");
    await controlledByServiceWorker(page);
    const email = page.getByRole("main").getByLabel("E-mail");
    await email.fill("meio.do@formulario.org");

    await withNextServiceWorker(async () => {
      const banner = await offerUpdate(page);
      // Installed and waiting: the page was not reloaded, what was typed is still there.
      await page.waitForTimeout(1000);
      await expect(email).toHaveValue("meio.do@formulario.org");

      const reloaded = page.waitForEvent("load");
      await banner.getByRole("button", { name: "Atualizar" }).click();
      await reloaded;
      await expect(email).toHaveValue("");
      await expect(banner).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  },
);

test(
  "an update offered and not taken does not reload the page when logout clears the site",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    await page.goto("/categories");
    await controlledByServiceWorker(page);
    await withNextServiceWorker(async () => {
      await offerUpdate(page);
      // Logout's Clear-Site-Data purges the worker, which changes the page's controller: with an
      // update offered, vite-plugin-pwa took that for the update and reloaded /categories,
      // cutting the logout's way to / short (src/web/offline/update-prompt.tsx).
      await userMenuButton(page).click();
      await page.getByRole("menuitem", { name: "Sair" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("link", { name: "Entrar" }).first()).toBeVisible();
    });
  },
);

/**
 * Runs `body` while the server serves a new build's sw.js (one byte differs, as any real change of
 * the file list would), then puts the build's own back. The server sends the build's precompressed
 * copies (scripts/precompress.mjs) to browsers that accept them, so the new version goes into
 * those too.
 */
async function withNextServiceWorker(body: () => Promise<void>) {
  const variants = [
    { path: servedServiceWorker, encode: (text: string) => Buffer.from(text) },
    { path: `${servedServiceWorker}.br`, encode: (text: string) => brotliCompressSync(text) },
    { path: `${servedServiceWorker}.gz`, encode: (text: string) => gzipSync(text) },
  ];
  const original = await readFile(servedServiceWorker, "utf8");
  const originals = await Promise.all(
    variants.map((variant) => readFile(variant.path).catch(() => undefined)),
  );
  try {
    for (const variant of variants) {
      if (existsSync(variant.path)) {
        await writeFile(variant.path, variant.encode(`${original}\n// next version`));
      }
    }
    await body();
  } finally {
    for (const [index, variant] of variants.entries()) {
      const bytes = originals[index];
      if (bytes) await writeFile(variant.path, bytes);
    }
  }
}

/** Asks the browser to look for a new worker now, and returns the banner that offers it. */
async function offerUpdate(page: Page) {
  await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
  const banner = page.getByRole("status").filter({ hasText: "Nova versão disponível" });
  await expect(banner).toBeVisible();
  return banner;
}

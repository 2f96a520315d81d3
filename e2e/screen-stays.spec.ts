import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { desktopOnly, storeLanguage } from "./support";

/**
 * Once the signed-in frame or a screen shows, the page never goes back to a loading spinner (the
 * Suspense fallbacks of app.tsx). A CI run of dark-mode.spec.ts at 375 px saw it on /notifications:
 * without a stored user the frame's chunk is asked for once the user's answer comes, and it showed
 * with the routes' spinner in <main> (no heading) until the screen's own chunk came after it.
 */
test.describe.configure({ timeout: 120_000 });

type Record = { shownAt?: number; spinners: string[] };

/** From the document's start: when the frame or a screen's heading showed, and spinners after. */
async function recordSpinnersAfterContent(page: Page) {
  await page.addInitScript(() => {
    const record: { shownAt?: number; spinners: string[] } = { spinners: [] };
    Object.assign(window, { spinnerRecord: record });
    new MutationObserver(() => {
      const main = document.querySelector("main");
      // The frame's banner, or a heading the screen shows (the loading screen's is sr-only).
      if (
        record.shownAt === undefined &&
        (document.querySelector("header") || main?.querySelector("h1:not(.sr-only)"))
      ) {
        record.shownAt = performance.now();
      }
      if (record.shownAt === undefined || !main) return;
      for (const status of main.querySelectorAll("[role=status]")) {
        // The Spinner of LoadingScreen and PageLoading: an animated icon and 'Carregando...'.
        if (status.querySelector(".animate-spin") && status.textContent === "Carregando...") {
          record.spinners.push(`${Math.round(performance.now() - record.shownAt)} ms after`);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

async function openAndCheck(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("main").locator("h1:not(.sr-only)")).toBeVisible();
  // The screen's calls and any chunk it asks for afterwards have come.
  await page.waitForLoadState("networkidle");
  const record = await page.evaluate(
    () => (window as unknown as { spinnerRecord: Record }).spinnerRecord,
  );
  expect(record.shownAt, `${path}: nothing showed`).toBeDefined();
  expect(record.spinners, `${path}: a loading spinner after the screen showed`).toEqual([]);
}

test(
  "a signed-in screen never goes back to a loading spinner once shown",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page, { keepStarterData: true });
    await recordSpinnersAfterContent(page);

    const screens = ["/notifications", "/", "/expenses", "/categories", "/family", "/profile"];
    // Without a stored user (a first visit on this device, or after it was cleared): the frame's
    // chunk is asked for when the user's answer comes (app.tsx).
    for (const path of screens) {
      if (page.url() !== "about:blank") {
        await page.evaluate(() => window.localStorage.removeItem("user"));
      }
      await openAndCheck(page, path);
    }
    // With the stored user: the frame and the screen are asked for before the app mounts.
    for (const path of ["/expenses/recurring", "/notifications"]) await openAndCheck(page, path);
  },
);

import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { type Account, loginViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * Profile's Signed-in devices (docs/product.md#signed-in-devices): the account signed in on three
 * browsers, each named from its User-Agent; this one marked; one other ended, then all the others,
 * each with the account's password (a wrong one ends nothing), and those browsers are signed out.
 * In English on a desktop (docs/architecture.md#what-a-test-costs), axe on every state.
 */

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const WINDOWS_FIREFOX =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

const texts = {
  en: {
    title: "Signed-in devices",
    thisDevice: "This device",
    iphone: "Safari on iOS",
    windows: "Firefox on Windows",
    recent: "Active in the last hour",
    endIphone: "End the session on Safari on iOS",
    confirmTitle: "End this session?",
    confirm: "End session",
    ended: "Session ended",
    endOthers: "End all other sessions",
    confirmOthersTitle: "End all other sessions?",
    confirmOthers: "End all others",
    othersEnded: "1 session ended",
    onlyThis: "No other device is signed in.",
    password: "Your password",
    wrongPassword: "The current password is not correct.",
  },
} as const;

const toast = (page: Page) => page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");

/** Waits for the toast, then closes it (its close button is not one of the screen's controls). */
async function closeToast(page: Page, title: string) {
  await expect(toast(page).filter({ hasText: title })).toHaveCount(1);
  await toast(page)
    .getByRole("button")
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await expect(toast(page)).toHaveCount(0);
}

/** The same account in another browser, with its own cookie jar and User-Agent. */
async function signedInElsewhere(
  browser: Browser,
  testInfo: TestInfo,
  account: Account,
  userAgent: string,
) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, userAgent });
  const page = await context.newPage();
  await loginViaApi(page, account);
  return { context, page };
}

async function checkPage(page: Page) {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
}

test(
  "see the account's devices, end one of them, then all the others",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const language = "en";
    const t = texts[language];
    await storeLanguage(page, language);
    const account = await signUpViaApi(page, { language });
    const iphone = await signedInElsewhere(browser, testInfo, account, IPHONE_SAFARI);
    const windows = await signedInElsewhere(browser, testInfo, account, WINDOWS_FIREFOX);

    await page.goto("/profile");
    const rows = page.getByTestId("signed-in-device");
    await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
    await expect(rows).toHaveCount(3);
    // This browser first, marked; the others named from their User-Agent, used just now.
    await expect(rows.first()).toContainText(t.thisDevice);
    await expect(rows.first().getByRole("button")).toHaveCount(0);
    await expect(rows.filter({ hasText: t.iphone })).toContainText(t.recent);
    await expect(rows.filter({ hasText: t.windows })).toContainText(t.recent);
    await page.getByRole("heading", { name: t.title }).scrollIntoViewIfNeeded();
    await checkPage(page);

    // End the iPhone's session: after the confirmation it is gone, and that browser signed out.
    await page.getByRole("button", { name: t.endIphone }).click();
    const dialog = page.getByRole("alertdialog", { name: t.confirmTitle });
    await expect(dialog).toContainText(t.iphone);
    await checkPage(page);
    // A wrong password is refused under the field and ends nothing.
    await dialog.getByLabel(t.password).fill("not the password");
    await dialog.getByRole("button", { name: t.confirm }).click();
    await expect(dialog.getByText(t.wrongPassword)).toBeVisible();
    expect((await iphone.page.request.get("/api/auth/user")).status()).toBe(200);
    await checkPage(page);
    await dialog.getByLabel(t.password).fill(account.password);
    await dialog.getByRole("button", { name: t.confirm }).click();
    await closeToast(page, t.ended);
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: t.iphone })).toHaveCount(0);
    expect((await iphone.page.request.get("/api/auth/user")).status()).toBe(401);
    expect((await windows.page.request.get("/api/auth/user")).status()).toBe(200);

    // End all the others: only this one is left, and the Windows browser is signed out too.
    await page.getByRole("button", { name: t.endOthers }).click();
    const others = page.getByRole("alertdialog", { name: t.confirmOthersTitle });
    await expect(others).toBeVisible();
    await checkPage(page);
    // The field starts empty again: the password typed for the last dialog is not kept.
    await expect(others.getByLabel(t.password)).toHaveValue("");
    await others.getByLabel(t.password).fill(account.password);
    await others.getByRole("button", { name: t.confirmOthers }).click();
    await closeToast(page, t.othersEnded);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(t.thisDevice);
    await expect(page.getByText(t.onlyThis)).toBeVisible();
    await expect(page.getByRole("button", { name: t.endOthers })).toHaveCount(0);
    expect((await windows.page.request.get("/api/auth/user")).status()).toBe(401);
    await checkPage(page);

    // This browser is still signed in.
    await page.reload();
    await expect(rows).toHaveCount(1);
    await iphone.context.close();
    await windows.context.close();
  },
);

import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, registerViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * docs/product.md#joining-by-link: an invite link followed from another site
 * leads to a confirmation screen instead of joining; typed into the address bar it still joins
 * in one step; a logout link on another site does not sign out.
 */

// Another site: a page the browser believes comes from this origin, holding links to the app.
// Chromium then sends `Sec-Fetch-Site: cross-site` (and the SameSite=Lax cookie) on a click.
const otherSite = "http://other-site.example";

async function followFromOtherSite(page: Page, href: string) {
  await page.route(`${otherSite}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>Other site</title><a href="${href}">Open</a></html>`,
    }),
  );
  await page.goto(`${otherSite}/page`);
  await page.getByRole("link", { name: "Open" }).click();
}

/** An owner with a family and an invite, made in this page and signed out again. */
async function inviteFromNewFamily(page: Page, familyName: string) {
  await signUpViaApi(page, { name: "Ana Souza" });
  await createFamilyViaApi(page, { name: familyName });
  const res = await page.request.post("/api/family/invite");
  expect(res.status()).toBe(201);
  const invite = (await res.json()) as { inviteCode: string; url: string };
  // An API call sends no Sec-Fetch-Site: it signs out, as an API client's would.
  await page.request.get("/api/logout");
  return { code: invite.inviteCode, link: new URL(invite.url).pathname };
}

const familyOf = async (page: Page) =>
  (await (await page.request.get("/api/family")).json()) as { name: string } | null;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const toast = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /\(F8\)/ })
    .getByRole("listitem")
    .filter({ hasText: text });

test(
  "pt: a link from another site asks first, and joins with 'Entrar na família'",
  desktopOnly,
  async ({ page }, testInfo) => {
    await storeLanguage(page, "pt");
    const { code, link } = await inviteFromNewFamily(page, "Família Souza");
    await signUpViaApi(page, { name: "Bruno Lima", language: "pt" });

    await followFromOtherSite(page, `${testInfo.project.use.baseURL}${link}`);
    await expect(page).toHaveURL(new RegExp(`/join/${code}$`));
    await expect(heading(page)).toHaveText("Convite para uma família");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText("Família Souza");
    await expect(main).toContainText("Ana Souza convidou você para entrar nesta família.");
    // Nothing happened yet.
    expect(await familyOf(page)).toBeNull();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await main.getByRole("button", { name: "Entrar na família" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Você entrou na família com sucesso!")).toHaveCount(1);
    await expect(heading(page)).toHaveText("Controle Mensal");
    expect((await familyOf(page))?.name).toBe("Família Souza");
  },
);

test(
  "en: signed out, a link from another site goes through the login to the confirmation",
  desktopOnly,
  async ({ page }, testInfo) => {
    await storeLanguage(page, "en");
    const { code, link } = await inviteFromNewFamily(page, "The Stones");
    const invitee = await registerViaApi(page, { name: "Carla Dias", language: "en" });

    await followFromOtherSite(page, `${testInfo.project.use.baseURL}${link}`);
    await expect(page).toHaveURL(/\/login\?next=%2Fjoin%2F/);
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(invitee.email);
    await main.getByLabel("Password", { exact: true }).fill(invitee.password);
    await main.getByRole("button", { name: "Log in" }).click();

    await expect(page).toHaveURL(new RegExp(`/join/${code}$`));
    await expect(heading(page)).toHaveText("Family invitation");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText("The Stones");
    await expect(main).toContainText("Ana Souza invited you to join this family.");
    expect(await familyOf(page)).toBeNull();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // "Not now" leaves without joining; the link still works afterwards.
    await main.getByRole("link", { name: "Not now" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await familyOf(page)).toBeNull();
    await page.goBack();
    await page.getByRole("main").getByRole("button", { name: "Join the family" }).click();
    await expect(toast(page, "You joined the family successfully!")).toHaveCount(1);
    expect((await familyOf(page))?.name).toBe("The Stones");
  },
);

test(
  "pt: a used code followed from another site shows the link's error",
  desktopOnly,
  async ({ page }, testInfo) => {
    await storeLanguage(page, "pt");
    const { code, link } = await inviteFromNewFamily(page, "Família Souza");
    // Someone else uses the code first.
    await signUpViaApi(page, { language: "pt" });
    expect(
      (await page.request.post("/api/family/join", { data: { inviteCode: code } })).status(),
    ).toBe(200);
    await page.request.get("/api/logout");
    await signUpViaApi(page, { language: "pt" });

    await followFromOtherSite(page, `${testInfo.project.use.baseURL}${link}`);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Código de convite expirado ou já utilizado")).toHaveCount(1);
    expect(await familyOf(page)).toBeNull();
  },
);

test(
  "pt: the same link typed into the address bar joins in one step",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    const { link } = await inviteFromNewFamily(page, "Família Souza");
    await signUpViaApi(page, { language: "pt" });
    await page.goto(link, { waitUntil: "commit" });
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Você entrou na família com sucesso!")).toHaveCount(1);
    expect((await familyOf(page))?.name).toBe("Família Souza");
  },
);

test(
  "a logout link on another site does not sign out; the app's own Logout does",
  desktopOnly,
  async ({ page }, testInfo) => {
    await storeLanguage(page, "en");
    await signUpViaApi(page, { name: "Dani Reis", language: "en" });
    await createFamilyViaApi(page, { name: "Casa Reis" });

    await followFromOtherSite(page, `${testInfo.project.use.baseURL}/api/logout`);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("banner").getByRole("button", { name: /Open the user menu/ }),
    ).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);

    await page
      .getByRole("banner")
      .getByRole("button", { name: /Open the user menu/ })
      .click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page.getByRole("link", { name: /Log in/i }).first()).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  },
);

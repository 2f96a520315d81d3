import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectHtmlLang, expectNoHorizontalScroll, storeLanguage } from "./support";

const landingHeadline = "Your family's money, planned week by week";

test.use({ locale: "en-US", timezoneId: "Europe/London" });

test.describe("signed out", () => {
  // At `/` the server's static page, which asks nothing of the API
  // (docs/decisions/006-react-with-a-static-landing-page.md); anywhere else the app, after the
  // user's call.
  test("/ shows the landing page without calling the API", desktopOnly, async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) calls.push(request.url());
    });
    await page.goto("/", { waitUntil: "load" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(landingHeadline);
    expect(calls).toEqual([]);
  });

  for (const path of ["/expenses", "/anything", "/reports", "/categories", "/profile"]) {
    test(`${path} shows the landing page`, desktopOnly, async ({ page }) => {
      const userCall = page.waitForResponse("**/api/auth/user");
      await page.goto(path);
      expect((await userCall).status()).toBe(401);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(landingHeadline);
      // The address stays as typed: the landing page is shown in place, not redirected to.
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  const publicPages = [
    { path: "/login", title: "Log in" },
    { path: "/register", title: "Create account" },
    { path: "/forgot-password", title: "Forgot your password?" },
    { path: "/reset-password?token=abc123", title: "Reset password" },
  ];

  // At 375 px these pages are e2e/phone-pages.spec.ts's.
  for (const { path, title } of publicPages) {
    test(`${path} renders its page with no axe violations`, desktopOnly, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} · Family Budget`);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    });
  }

  test("public pages follow the chosen language", desktopOnly, async ({ page }) => {
    await storeLanguage(page, "pt");
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Esqueceu a senha?");
    await expectHtmlLang(page, "pt");
  });

  test("public pages do not wait for the current user", desktopOnly, async ({ page }) => {
    await page.route("**/api/auth/user", () => {
      // Never answered: the sign-in screens must not depend on it.
    });
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  });
});

test.describe("while the current user loads", () => {
  const spinnerTexts = { pt: "Carregando...", en: "Loading...", es: "Cargando..." } as const;

  for (const [language, text] of Object.entries(spinnerTexts)) {
    test(`shows a spinner with '${text}' in ${language}`, desktopOnly, async ({ page }) => {
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route("**/api/auth/user", async (route) => {
        await answered;
        await route.fulfill({
          status: 401,
          json: { message: "Unauthorized", code: "unauthorized" },
        });
      });
      await storeLanguage(page, language);
      await page.goto("/expenses");

      const status = page.getByRole("status");
      await expect(status).toHaveText(text);
      await expect(page.getByRole("heading", { level: 1, name: landingHeadline })).toHaveCount(0);
      if (language === "pt") await expectNoAxeViolations(page);

      answer();
      await expect(status).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("");
      await expect(
        page.getByRole("link", { name: /^(Log in|Entrar|Iniciar sesión)$/ }),
      ).toBeVisible();
    });
  }
});

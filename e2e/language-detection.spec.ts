import { expect, type Page, test } from "@playwright/test";
import { expectHtmlLang, storeLanguage } from "./support";

const headlines = {
  en: "Your family's money, planned week by week",
  pt: "O dinheiro da sua família, planejado semana a semana",
  es: "El dinero de tu familia, planificado semana a semana",
} as const;

async function expectLanguage(page: Page, language: keyof typeof headlines) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(headlines[language]);
  await expectHtmlLang(page, language);
}

const detections = [
  { locale: "pt-BR", timezoneId: "Europe/London", expected: "pt" },
  { locale: "es-ES", timezoneId: "Europe/Madrid", expected: "es" },
  { locale: "es-419", timezoneId: "America/Sao_Paulo", expected: "es" },
  { locale: "en-US", timezoneId: "America/Sao_Paulo", expected: "pt" },
  { locale: "en-US", timezoneId: "America/Manaus", expected: "pt" },
  { locale: "en-US", timezoneId: "Europe/London", expected: "en" },
  { locale: "fr-FR", timezoneId: "Europe/Paris", expected: "en" },
] as const;

for (const { locale, timezoneId, expected } of detections) {
  test.describe(`browser ${locale} in ${timezoneId}`, () => {
    test.use({ locale, timezoneId });

    test(`starts in ${expected}`, async ({ page }) => {
      await page.goto("/");
      await expectLanguage(page, expected);
    });
  });
}

test.describe("a stored language", () => {
  test.use({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });

  test("wins over the browser language and the time zone", async ({ page }) => {
    await storeLanguage(page, "es");
    await page.goto("/");
    await expectLanguage(page, "es");
  });

  test("wins even when it is English", async ({ page }) => {
    await storeLanguage(page, "en");
    await page.goto("/");
    await expectLanguage(page, "en");
  });

  test("is ignored when it is not a supported language", async ({ page }) => {
    await storeLanguage(page, "fr");
    await page.goto("/");
    await expectLanguage(page, "pt");
  });
});

import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  desktopOnly,
  expectHtmlLang,
  expectNoHorizontalScroll,
  phoneOnly,
  storeLanguage,
} from "./support";

type Texts = {
  appName: string;
  headline: string;
  description: RegExp;
  features: [string, string, string];
  how: string;
  steps: [string, string, string];
  login: string;
  register: string;
  footer: RegExp;
  sampleTitle: string;
  sampleAmount: string;
};

const texts: Record<"en" | "pt" | "es", Texts> = {
  en: {
    appName: "Family Budget",
    headline: "Your family's money, planned week by week",
    description: /split into 4 weeks/,
    features: ["Weekly control", "The whole family together", "A clear view"],
    how: "How it works",
    steps: ["Create your budget", "Invite your family", "Track every week"],
    login: "Log in",
    register: "Create a free account",
    footer: /© \d{4} Family Budget/,
    sampleTitle: "Monthly overview",
    sampleAmount: "$3,200.00",
  },
  pt: {
    appName: "Orçamento Familiar",
    headline: "O dinheiro da sua família, planejado semana a semana",
    description: /dividido em 4 semanas/,
    features: ["Controle semanal", "A família toda junta", "Visão clara"],
    how: "Como funciona",
    steps: ["Crie seu orçamento", "Convide sua família", "Acompanhe cada semana"],
    login: "Entrar",
    register: "Criar conta grátis",
    footer: /© \d{4} Orçamento Familiar/,
    sampleTitle: "Controle Mensal",
    sampleAmount: "R$\u00a03.200,00",
  },
  es: {
    appName: "Presupuesto Familiar",
    headline: "El dinero de tu familia, planificado semana a semana",
    description: /se divide en 4 semanas/,
    features: ["Control semanal", "Toda la familia junta", "Una visión clara"],
    how: "Cómo funciona",
    steps: ["Crea tu presupuesto", "Invita a tu familia", "Sigue cada semana"],
    login: "Iniciar sesión",
    register: "Crear cuenta gratis",
    footer: /© \d{4} Presupuesto Familiar/,
    sampleTitle: "Control mensual",
    sampleAmount: "$3,200.00",
  },
};

async function expectLandingIn(page: Page, language: keyof typeof texts) {
  const t = texts[language];
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.headline);
  await expectHtmlLang(page, language);
  await expect(page.getByRole("banner")).toContainText(t.appName);
  const main = page.getByRole("main");
  await expect(main.getByText(t.description)).toBeVisible();
  for (const feature of t.features) {
    await expect(main.getByRole("heading", { level: 3, name: feature })).toBeVisible();
  }
  await expect(main.getByRole("heading", { level: 2, name: t.how })).toBeVisible();
  const steps = main.getByRole("list").filter({ has: page.getByText(t.steps[0]) });
  await expect(steps.getByRole("heading", { level: 3 })).toHaveText(t.steps);
  await expect(main.getByRole("link", { name: t.login })).toHaveAttribute("href", "/login");
  await expect(main.getByRole("link", { name: t.register })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("contentinfo")).toContainText(t.footer);
  await expect(page).toHaveTitle(t.appName);
}

test.describe("landing page", () => {
  test.use({ locale: "en-US", timezoneId: "Europe/London" });

  // At 375 px, the width the landing page's layout is about; the desktop's sample card is below.
  for (const language of ["en", "pt", "es"] as const) {
    test(
      `shows its texts in ${language} (stored choice) with no axe violations`,
      phoneOnly,
      async ({ page }) => {
        await storeLanguage(page, language);
        await page.goto("/");
        await expectLandingIn(page, language);
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      },
    );
  }

  test(
    "switches language with the EN/PT/ES selector and remembers it",
    desktopOnly,
    async ({ page }) => {
      await page.goto("/");
      await expectLandingIn(page, "en");
      const selector = page.getByRole("group", { name: "Language" });
      await expect(selector.getByRole("button", { name: /^EN/ })).toHaveAttribute(
        "aria-pressed",
        "true",
      );

      await selector.getByRole("button", { name: /^PT/ }).click();
      await expectLandingIn(page, "pt");
      await expect(
        page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: /^PT/ }),
      ).toHaveAttribute("aria-pressed", "true");
      expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("pt");

      await page.reload();
      await expectLandingIn(page, "pt");

      await page
        .getByRole("group", { name: "Idioma" })
        .getByRole("button", { name: /^ES/ })
        .click();
      await expectLandingIn(page, "es");
      await expectNoAxeViolations(page);
      await page.reload();
      await expectLandingIn(page, "es");
    },
  );

  test("shows the sample monthly card on desktop only", async ({ page }) => {
    await storeLanguage(page, "pt");
    await page.goto("/");
    const wrapper = page.getByTestId("sample-card");
    const card = wrapper.getByRole("figure", { name: "Exemplo do controle mensal" });
    await expect(wrapper).toBeAttached();
    const width = page.viewportSize()?.width ?? 0;
    if (width >= 768) {
      await expect(card).toBeVisible();
      await expect(card).toContainText(texts.pt.sampleTitle);
      await expect(card).toContainText(texts.pt.sampleAmount);
      await expect(card).toContainText("Aguardando");
    } else {
      await expect(wrapper).toBeHidden();
    }
  });

  test("Register and Login lead to their pages", desktopOnly, async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: texts.en.register }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create account");

    await page.goBack();
    await page.getByRole("main").getByRole("link", { name: texts.en.login }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  });
});

// The landing page's LCP on a phone (docs/internals/web.md#the-prerendered-landing-page): the
// server sends the landing page inside index.html to a visitor without a session
// (src/server/http/web-app.ts), so it is painted before the JavaScript comes.
test.describe("the landing page before the app runs", () => {
  test.use({ locale: "pt-BR", timezoneId: "America/Sao_Paulo", javaScriptEnabled: false });

  test("is in the server's HTML, in the browser's language", desktopOnly, async ({ page }) => {
    await page.goto("/");
    await expectLandingIn(page, "pt");
    await expectNoHorizontalScroll(page);
    // Its links are plain links: they work before the app does.
    await page.getByRole("main").getByRole("link", { name: texts.pt.login }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

// docs/decisions/006-react-with-a-static-landing-page.md: the landing page is the server's HTML,
// rendered by react-dom/server at build time, and the app is not started under it. Its links load
// the app's pages; its language buttons are a few lines of its own.
test.describe("the static landing page", () => {
  test.use({ locale: "en-US", timezoneId: "Europe/London" });

  test(
    "downloads no app, switches language and signs up through the app with no console error",
    desktopOnly,
    async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // The user's call answers 401 to a visitor without a session on the app's pages.
        if (message.type() === "error" && !message.text().includes("status of 401")) {
          errors.push(message.text());
        }
      });
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto("/", { waitUntil: "load" });
      await expectLandingIn(page, "en");
      // Neither React nor the app's start (main.tsx's chunk, the shell) nor any text catalogue.
      expect(scripts.filter((path) => /\/assets\/(?:main|shell|en|pt|es)-/.test(path))).toEqual([]);
      expect(
        await page.evaluate(() => document.querySelectorAll("template[data-landing]").length),
      ).toBe(2);

      await page
        .getByRole("group", { name: "Language" })
        .getByRole("button", { name: /^ES/ })
        .click();
      await expectLandingIn(page, "es");
      await expect(
        page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: /^ES/ }),
      ).toBeFocused();

      // The app starts on the page the link leads to, in the language chosen on the landing page.
      await page.getByRole("main").getByRole("link", { name: texts.es.register }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear cuenta");
      expect(scripts.some((path) => /\/assets\/main-/.test(path))).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});

import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { Router } from "wouter";
import { type Language, languages } from "../../../contract/languages";
import en from "../../i18n/locales/en.json";
import es from "../../i18n/locales/es.json";
import pt from "../../i18n/locales/pt.json";
import { LandingPage } from "./landing-page";

const frameTexts: Record<Language, Record<string, unknown>> = { en, pt, es };

/**
 * The landing page's markup in `language`, written into the build by scripts/prerender-landing.mjs
 * and sent inside index.html's #root to a visitor without a session at `/`
 * (src/server/http/web-app.ts): a phone paints the page as soon as the HTML and the stylesheet are
 * in, and no app is started under it (docs/decisions/006-react-with-a-static-landing-page.md,
 * docs/internals/web.md#the-prerendered-landing-page).
 */
export function renderLanding(language: Language): { title: string; markup: string } {
  const i18n = createInstance();
  void i18n.init({
    resources: { [language]: { translation: frameTexts[language] } },
    lng: language,
    fallbackLng: "en",
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Router ssrPath="/">
        <LandingPage />
      </Router>
    </I18nextProvider>,
  );
  // The title the page sets once it runs (useDocumentTitle: the app's name on the landing page).
  return { title: i18n.t("app.name"), markup };
}

/** The landing page in every language of the app. */
export function renderLandings(): Record<Language, { title: string; markup: string }> {
  return Object.fromEntries(
    languages.map((language) => [language, renderLanding(language)]),
  ) as Record<Language, { title: string; markup: string }>;
}

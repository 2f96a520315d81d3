import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../contract/languages";
import { currentLanguage, rememberLanguage } from "./current-language";
import { detectLanguage, isLanguage, languageStorageKey, readDetectionInput } from "./detect";
import { type Catalogue, mergeCatalogues } from "./merge";

export { mergeCatalogues };

/**
 * Two chunks per language, and only the visitor's language is downloaded
 * (docs/internals/web.md#what-the-landing-page-loads): `frame`, the web's shared texts
 * (i18n/locales: the landing page, the frames, common words), before the first render; `app`,
 * everything (i18n/catalogues/<lang>.ts: the server's messages, the web's texts and every
 * feature's, merged as before), with the first sign-in or signed-in screen's chunk.
 */
type Part = "frame" | "app";
type Loader = () => Promise<{ default: Catalogue }>;
const catalogueLoaders: Record<Language, Record<Part, Loader>> = {
  en: { frame: () => import("./locales/en.json"), app: () => import("./catalogues/en") },
  pt: { frame: () => import("./locales/pt.json"), app: () => import("./catalogues/pt") },
  es: { frame: () => import("./locales/es.json"), app: () => import("./catalogues/es") },
};

const loaded: Partial<Record<Language, Catalogue>> = {};
const loading = new Map<string, Promise<void>>();
/** Once a screen needed the app's texts, a language switch loads them too. */
let appTextsWanted = false;

/** Loads one part of a language's catalogue (once) and hands it to i18next if it is set up. */
export function loadCatalogue(language: Language, part: Part = "frame"): Promise<void> {
  const key = `${language}:${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = catalogueLoaders[language][part]().then(
      ({ default: catalogue }) => {
        // `app` holds `frame` too: merged over it, it gives the same texts as one catalogue.
        loaded[language] = mergeCatalogues(loaded[language] ?? {}, catalogue);
        if (i18n.isInitialized) {
          i18n.addResourceBundle(language, "translation", catalogue, true, true);
        }
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** The language on screen's whole catalogue: what every screen but the landing page needs. */
export function loadAppTexts(): Promise<void> {
  appTextsWanted = true;
  const language = i18n.resolvedLanguage;
  return loadCatalogue(isLanguage(language) ? language : currentLanguage(), "app");
}

function reflectInDocument(language: string) {
  rememberLanguage(isLanguage(language) ? language : "en");
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/**
 * Initialises i18next synchronously with the catalogues loaded so far (loadCatalogue first:
 * main.tsx awaits the visitor's language before the first render, so it is already right).
 */
export function initI18n(language: Language = detectLanguage(readDetectionInput())) {
  if (!i18n.isInitialized) {
    i18n.on("languageChanged", reflectInDocument);
    void i18n.use(initReactI18next).init({
      resources: Object.fromEntries(
        Object.entries(loaded).map(([lang, translation]) => [lang, { translation }]),
      ),
      lng: language,
      supportedLngs: ["en", "pt", "es"],
      fallbackLng: "en",
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  } else {
    void i18n.changeLanguage(language);
  }
  reflectInDocument(language);
  return i18n;
}

/**
 * The detected language's frame texts, then i18next: what main.tsx awaits before rendering. A
 * failed load still starts i18next (keys show rather than nothing; the next load tries again).
 */
export async function startI18n(language: Language = detectLanguage(readDetectionInput())) {
  await loadCatalogue(language).catch(() => undefined);
  return initI18n(language);
}

/**
 * The user's explicit choice: it is remembered and wins over detection from now on. The
 * language's catalogue is loaded before i18next switches, so no key shows untranslated.
 */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(languageStorageKey, language);
  } catch {
    // Without storage the choice still applies to this visit.
  }
  await Promise.all([
    loadCatalogue(language),
    appTextsWanted ? loadCatalogue(language, "app") : undefined,
  ]);
  await i18n.changeLanguage(language);
}

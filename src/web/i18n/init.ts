import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../contract/common";
import serverEn from "../../contract/messages/en.json";
import serverEs from "../../contract/messages/es.json";
import serverPt from "../../contract/messages/pt.json";
import { rememberLanguage } from "./current-language";
import { detectLanguage, isLanguage, languageStorageKey, readDetectionInput } from "./detect";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";

type Catalogue = { [key: string]: string | Catalogue };

/** Deep merge where `web` wins; the server's messages share one namespace with the UI's texts. */
export function mergeCatalogues(server: Catalogue, web: Catalogue): Catalogue {
  const merged: Catalogue = { ...server };
  for (const [key, value] of Object.entries(web)) {
    const existing = merged[key];
    merged[key] =
      typeof value === "object" && typeof existing === "object"
        ? mergeCatalogues(existing, value)
        : value;
  }
  return merged;
}

// Each feature keeps its own texts in features/<area>/locales/<lang>.json, so features can grow
// without editing one shared file.
const featureCatalogues = import.meta.glob<Catalogue>("../features/*/locales/*.json", {
  eager: true,
  import: "default",
});

function catalogueFor(language: Language, server: Catalogue, web: Catalogue): Catalogue {
  let merged = mergeCatalogues(server, web);
  for (const [path, catalogue] of Object.entries(featureCatalogues)) {
    if (path.endsWith(`/${language}.json`)) merged = mergeCatalogues(merged, catalogue);
  }
  return merged;
}

export const resources = {
  en: { translation: catalogueFor("en", serverEn, en) },
  pt: { translation: catalogueFor("pt", serverPt, pt) },
  es: { translation: catalogueFor("es", serverEs, es) },
} satisfies Record<Language, { translation: Catalogue }>;

function reflectInDocument(language: string) {
  rememberLanguage(isLanguage(language) ? language : "en");
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/**
 * Initialises i18next synchronously (every catalogue is bundled), so the first render is already
 * in the right language.
 */
export function initI18n(language: Language = detectLanguage(readDetectionInput())) {
  if (!i18n.isInitialized) {
    i18n.on("languageChanged", reflectInDocument);
    void i18n.use(initReactI18next).init({
      resources,
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

/** The user's explicit choice: it is remembered and wins over detection from now on. */
export function setLanguage(language: Language) {
  try {
    globalThis.localStorage?.setItem(languageStorageKey, language);
  } catch {
    // Without storage the choice still applies to this visit.
  }
  void i18n.changeLanguage(language);
}

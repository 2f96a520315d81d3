import i18next, { type TFunction } from "i18next";
import { defaultLanguage, type Language, languages } from "../contract/common";
import en from "../contract/messages/en.json";
import es from "../contract/messages/es.json";
import pt from "../contract/messages/pt.json";

// The server speaks the same catalogue as the web app's forms (src/contract/messages), with the
// same fallback (English, then the key) and {{name}} interpolation.
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  resources: { en: { translation: en }, pt: { translation: pt }, es: { translation: es } },
  supportedLngs: [...languages],
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
});

const translators = new Map<Language, TFunction>(
  languages.map((language) => [language, i18n.getFixedT(language)]),
);

export function translate(
  language: Language,
  key: string,
  params: Record<string, unknown> = {},
): string {
  const t = translators.get(language) ?? translators.get(defaultLanguage);
  return t ? String(t(key, params)) : key;
}

/** Picks the best of our languages from an Accept-Language header ("pt-BR,pt;q=0.9,en;q=0.8"). */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...attributes] = part.trim().split(";");
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0], quality, index };
    })
    .filter((entry) => entry.quality > 0 && !Number.isNaN(entry.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked
    .map((entry) => entry.base)
    .find((base): base is Language => (languages as readonly string[]).includes(base ?? ""));
}

import type { Language } from "./common";

type LocaleSettings = { locale: string; currency: string };

/**
 * The locale and currency each language formats in, shared by the screens and the mails.
 * es uses es-US: Spanish words with a "$1,234.56" dollar amount and day-first dates, the format
 * Spanish speakers who budget in US dollars read every day (es-ES would print "1234,56 US$").
 */
export const localeSettings: Record<Language, LocaleSettings> = {
  en: { locale: "en-US", currency: "USD" },
  pt: { locale: "pt-BR", currency: "BRL" },
  es: { locale: "es-US", currency: "USD" },
};

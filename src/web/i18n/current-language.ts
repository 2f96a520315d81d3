import type { Language } from "../../contract/common";
import { detectLanguage, readDetectionInput } from "./detect";

let current: Language | undefined;

/** Called by i18n/init whenever i18next switches language. */
export function rememberLanguage(language: Language) {
  current = language;
}

/**
 * The current language for code outside React (the API client); components use useLanguage().
 * Kept apart from i18next and the catalogues so the calls main.tsx starts before they load
 * already go out in the language i18next will start with.
 */
export function currentLanguage(): Language {
  // Detected once (reading the time zone builds an Intl formatter): the first calls share it.
  current ??= detectLanguage(readDetectionInput());
  return current;
}

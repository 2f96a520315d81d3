import { useTranslation } from "react-i18next";
import type { Language } from "../../contract/common";
import { isLanguage } from "./detect";

/** The current language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : "en";
}

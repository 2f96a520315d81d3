import { useTranslation } from "react-i18next";
import { type Language, languages } from "../../../contract/languages";
import { languageOptionAttribute } from "../../i18n/detect";
import { setLanguage } from "../../i18n/init";
import { useLanguage } from "../../i18n/use-language";
import { cn } from "../../lib/utils";

/** Each language is named in itself, so a visitor can find theirs whatever is on screen. */
export const languageNames: Record<Language, string> = {
  en: "English",
  pt: "Português",
  es: "Español",
};

/** EN / PT / ES toggle buttons; the pressed one is the current language. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <fieldset
      className={cn(
        "m-0 inline-flex min-w-0 rounded-lg border border-border bg-card p-0.5 shadow-xs",
        className,
      )}
    >
      <legend className="sr-only">{t("language.label")}</legend>
      {languages.map((language) => {
        const active = language === current;
        return (
          <button
            key={language}
            type="button"
            aria-pressed={active}
            {...{ [languageOptionAttribute]: language }}
            onClick={() => void setLanguage(language)}
            className={cn(
              "min-h-11 min-w-11 rounded-md px-2 py-1.5 sm:min-h-0 sm:min-w-10 sm:px-2.5 font-semibold text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
              active
                ? "bg-primary text-primary-foreground"
                : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
            )}
          >
            {language.toUpperCase()}
            <span className="sr-only" lang={language}>
              {` (${languageNames[language]})`}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

import { useTranslation } from "react-i18next";

export const mainContentId = "main-content";

/** Lets keyboard users jump past the header and tabs straight to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${mainContentId}`}
      className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("common.skipToContent")}
    </a>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Names the browser tab after the page, so history and tab lists stay readable. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appName = t("app.name");
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}

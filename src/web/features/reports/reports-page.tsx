import { useTranslation } from "react-i18next";
import { PageTitle } from "../../components/layout/page-title";
import { useDocumentTitle } from "../../lib/use-document-title";

export function ReportsPage() {
  const { t } = useTranslation();
  const title = t("pages.reports.title");
  useDocumentTitle(title);
  return <PageTitle>{title}</PageTitle>;
}

import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";

export function LoginPage() {
  const { t } = useTranslation();
  return <AuthCard title={t("pages.login.title")} />;
}

import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";

export function RegisterPage() {
  const { t } = useTranslation();
  return <AuthCard title={t("pages.register.title")} />;
}

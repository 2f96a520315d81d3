import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return <AuthCard title={t("pages.resetPassword.title")} />;
}

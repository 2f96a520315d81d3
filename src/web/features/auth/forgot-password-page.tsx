import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return <AuthCard title={t("pages.forgotPassword.title")} />;
}

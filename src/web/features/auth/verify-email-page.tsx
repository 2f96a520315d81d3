import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card";

export function VerifyEmailPage() {
  const { t } = useTranslation();
  return <AuthCard title={t("pages.verifyEmail.title")} />;
}

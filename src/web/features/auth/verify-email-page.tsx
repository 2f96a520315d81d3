import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { Spinner } from "../../components/ui/spinner";
import { AuthCard } from "./auth-card";
import { authTexts } from "./texts";

/**
 * The link in the verification mail lands here; the server checks the token and redirects to
 * /login?verified=true|false, so the browser has to load its address itself.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation(authTexts);
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get("token")?.trim() ?? "";

  useEffect(() => {
    if (token) {
      // replace: going back must not land here again and re-send the token.
      window.location.replace(`/api/auth/verify-email?${new URLSearchParams({ token })}`);
    } else {
      navigate("/login?verified=false", { replace: true });
    }
  }, [token, navigate]);

  return (
    <AuthCard title={t("pages.verifyEmail.title")}>
      <Spinner label={t("auth.verify.checking")} />
    </AuthCard>
  );
}

import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LoginSession } from "../../../contract/auth";
import { useLoginTwoFactor } from "../../api/auth/login-two-factor";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ApiRequestError } from "../../lib/api-client";
import { toastError } from "../../lib/toast-error";
import { authTexts } from "./texts";

/**
 * The login's second step (docs/product.md#two-factor-sign-in): the code from the authenticator
 * app (a numeric keyboard on phones, and the one-time-code autofill), or a recovery code instead.
 * An expired challenge sends the person back to the password (`onRestart`). Profile's set-up of
 * the same sign-in is features/profile/two-factor-card.tsx.
 */
export function TwoFactorStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: (session: LoginSession) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation(authTexts);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const verify = useLoginTwoFactor({
    onSuccess: onSignedIn,
    onError: (failure) => {
      if (failure instanceof ApiRequestError && failure.code === "two_factor_challenge_expired") {
        toastError(failure, t("auth.twoFactor.error"));
        onRestart();
      } else if (failure instanceof ApiRequestError && failure.code === "invalid_two_factor_code") {
        setError(failure.apiError?.message);
      } else {
        toastError(failure, t("auth.login.errorFallback"), t("auth.login.errorTitle"));
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!code.trim()) {
      setError(t("validation.twoFactorCodeRequired"));
      return;
    }
    verify.mutate({ challengeToken, code });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">{t("auth.twoFactor.title")}</h2>
        <p className="text-muted-foreground text-sm">
          {recovery ? t("auth.twoFactor.recoveryDescription") : t("auth.twoFactor.description")}
        </p>
      </div>
      <FormField
        key={recovery ? "recovery" : "app"}
        label={recovery ? t("auth.twoFactor.recoveryCode") : t("auth.twoFactor.code")}
        error={error}
      >
        <Input
          autoFocus
          inputMode={recovery ? "text" : "numeric"}
          autoComplete={recovery ? "off" : "one-time-code"}
          autoCapitalize="none"
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? t("auth.twoFactor.verifying") : t("auth.twoFactor.verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="link"
          className="min-h-11 px-0"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
            setError(undefined);
          }}
        >
          {recovery ? t("auth.twoFactor.useApp") : t("auth.twoFactor.useRecovery")}
        </Button>
        <Button type="button" variant="link" className="min-h-11 px-0" onClick={onRestart}>
          {t("auth.twoFactor.backToPassword")}
        </Button>
      </div>
    </form>
  );
}

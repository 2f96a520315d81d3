import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, CircleCheck, Mail } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { loginInputSchema } from "../../../contract/auth";
import { useLogin } from "../../api/auth/login";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { AuthCard } from "./auth-card";
import { joinContinuation, withNext } from "./next-path";
import { authTexts } from "./texts";
import { TwoFactorStep } from "./two-factor-step";

export function LoginPage() {
  const { t } = useTranslation(authTexts);
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const verified = params.get("verified");
  const next = params.get("next");
  const continuation = joinContinuation(next, window.location.origin);

  const form = useForm({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  // With two-factor sign-in on, the password step answers a challenge and the code step follows.
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const signedIn = () => {
    toast({ title: t("auth.login.success") });
    navigate(continuation ?? "/");
  };

  const login = useLogin({
    onSuccess: (response) => {
      if ("challengeToken" in response) setChallengeToken(response.challengeToken);
      else signedIn();
    },
    onError: (error) =>
      toastError(error, t("auth.login.errorFallback"), t("auth.login.errorTitle")),
  });

  return (
    <AuthCard
      title={t("pages.login.title")}
      description={t("auth.login.description")}
      footer={
        <p>
          {t("auth.login.noAccount")}{" "}
          <Link
            href={withNext("/register", next, window.location.origin)}
            className="font-medium text-primary underline underline-offset-4"
          >
            {t("auth.login.register")}
          </Link>
        </p>
      }
    >
      {verified === "true" ? (
        <Alert variant="success">
          <AlertDescription className="flex items-start gap-2">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t("auth.login.verified")}</span>
          </AlertDescription>
        </Alert>
      ) : null}
      {verified === "false" ? (
        <Alert variant="destructive">
          <AlertTitle className="flex items-center gap-2">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t("auth.login.verifyFailedTitle")}
          </AlertTitle>
          <AlertDescription>{t("auth.login.verifyFailed")}</AlertDescription>
        </Alert>
      ) : null}
      {continuation ? (
        <Alert>
          <AlertDescription className="flex items-start gap-2">
            <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{t("auth.login.joinHint")}</span>
          </AlertDescription>
        </Alert>
      ) : null}
      {challengeToken ? (
        <TwoFactorStep
          challengeToken={challengeToken}
          onSignedIn={signedIn}
          onRestart={() => {
            setChallengeToken(null);
            form.resetField("password");
          }}
        />
      ) : null}
      <form
        noValidate
        hidden={challengeToken !== null}
        className="grid gap-4"
        onSubmit={form.handleSubmit((input) => login.mutate(input))}
      >
        <FormField
          label={t("auth.fields.email")}
          error={errors.email?.message ? t(errors.email.message) : undefined}
        >
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("auth.fields.emailPlaceholder")}
            {...form.register("email")}
          />
        </FormField>
        <FormField
          label={t("auth.fields.password")}
          error={errors.password?.message ? t(errors.password.message) : undefined}
        >
          <Input type="password" autoComplete="current-password" {...form.register("password")} />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Link
            href="/forgot-password"
            className="inline-flex min-h-11 items-center font-medium text-primary text-sm underline-offset-4 hover:underline sm:min-h-0"
          >
            {t("auth.login.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? t("auth.login.submitting") : t("auth.login.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, CircleAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { resetPasswordInputSchema } from "../../../contract/auth";
import { useResetPassword } from "../../api/auth/reset-password";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { AuthCard } from "./auth-card";
import { authTexts } from "./texts";

export function ResetPasswordPage() {
  const { t } = useTranslation(authTexts);
  const token = new URLSearchParams(useSearch()).get("token")?.trim() ?? "";

  return (
    <AuthCard
      title={t("pages.resetPassword.title")}
      description={token ? t("auth.reset.description") : undefined}
      footer={
        <Link
          href="/login"
          className="inline-flex min-h-11 items-center justify-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline sm:min-h-0"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("auth.reset.backToLogin")}
        </Link>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert variant="destructive">
          <AlertTitle className="flex items-center gap-2">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t("auth.reset.invalidTokenTitle")}
          </AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{t("auth.reset.invalidToken")}</p>
            <p>
              <Link
                href="/forgot-password"
                className="font-medium text-destructive underline underline-offset-4"
              >
                {t("auth.reset.requestNew")}
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      )}
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(authTexts);
  const [, navigate] = useLocation();
  const form = useForm({
    resolver: zodResolver(resetPasswordInputSchema),
    // The token travels with the form values, so the contract schema checks the whole request.
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  const reset = useResetPassword({
    onSuccess: ({ message }) => {
      toast({ title: t("auth.reset.success"), description: message });
      navigate("/login");
    },
    onError: (error) => {
      if (showServerFieldErrors(error, form.setError, ["password"])) return;
      toastError(error, undefined, t("auth.reset.errorTitle"));
    },
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => reset.mutate(input))}
    >
      <FormField label={t("auth.fields.newPassword")} error={fieldError(errors.password?.message)}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder={t("auth.fields.passwordPlaceholder")}
          {...form.register("password")}
        />
      </FormField>
      <FormField
        label={t("auth.fields.confirmPassword")}
        error={fieldError(errors.confirmPassword?.message)}
      >
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? t("auth.reset.submitting") : t("auth.reset.submit")}
      </Button>
    </form>
  );
}

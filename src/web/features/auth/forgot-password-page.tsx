import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { forgotPasswordInputSchema } from "../../../contract/auth";
import { useForgotPassword } from "../../api/auth/forgot-password";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { AuthCard } from "./auth-card";
import { authTexts } from "./texts";

export function ForgotPasswordPage() {
  const { t } = useTranslation(authTexts);
  // The server's answer is the same whether or not the account exists, so it can be shown as is.
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;

  const send = useForgotPassword({
    onSuccess: ({ message }) => {
      setSentMessage(message);
      toast({ title: t("auth.forgot.success"), description: message });
      form.reset();
    },
    onError: (error) => {
      setSentMessage(null);
      toastError(error, t("auth.forgot.errorFallback"), t("auth.forgot.errorTitle"));
    },
  });

  return (
    <AuthCard
      title={t("pages.forgotPassword.title")}
      description={t("auth.forgot.description")}
      footer={
        <Link
          href="/login"
          className="inline-flex min-h-11 items-center justify-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline sm:min-h-0"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("auth.forgot.backToLogin")}
        </Link>
      }
    >
      {sentMessage ? (
        <Alert variant="success">
          <AlertDescription className="flex items-start gap-2">
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{sentMessage}</span>
          </AlertDescription>
        </Alert>
      ) : null}
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((input) => send.mutate(input))}
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
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? t("auth.forgot.submitting") : t("auth.forgot.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { registerInputSchema } from "../../../contract/auth";
import { languages } from "../../../contract/common";
import { useRegister } from "../../api/auth/register";
import { languageNames } from "../../components/layout/language-switcher";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { AuthCard } from "./auth-card";
import { withNext } from "./next-path";
import { authTexts } from "./texts";

export function RegisterPage() {
  const { t } = useTranslation(authTexts);
  const [, navigate] = useLocation();
  const language = useLanguage();
  const next = new URLSearchParams(useSearch()).get("next");

  const form = useForm({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { name: "", email: "", password: "", preferredLanguage: language },
  });
  const { errors } = form.formState;
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  // The language follows the one on screen until the visitor picks another one here.
  useEffect(() => {
    if (!form.getFieldState("preferredLanguage").isDirty) {
      form.setValue("preferredLanguage", language);
    }
  }, [form, language]);

  const signUp = useRegister({
    onSuccess: () => {
      toast({
        title: t("auth.register.success"),
        description: t("auth.register.successDescription"),
      });
      navigate(withNext("/login", next, window.location.origin));
    },
    onError: (error) => {
      if (showServerFieldErrors(error, form.setError, ["password"])) return;
      toastError(error, t("auth.register.errorFallback"), t("auth.register.errorTitle"));
    },
  });

  return (
    <AuthCard
      title={t("pages.register.title")}
      description={t("auth.register.description")}
      footer={
        <p>
          {t("auth.register.hasAccount")}{" "}
          <Link
            href={withNext("/login", next, window.location.origin)}
            className="font-medium text-primary underline underline-offset-4"
          >
            {t("auth.register.login")}
          </Link>
        </p>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((input) => signUp.mutate(input))}
      >
        <FormField label={t("auth.fields.name")} error={fieldError(errors.name?.message)}>
          <Input
            autoComplete="name"
            placeholder={t("auth.fields.namePlaceholder")}
            {...form.register("name")}
          />
        </FormField>
        <FormField label={t("auth.fields.email")} error={fieldError(errors.email?.message)}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("auth.fields.emailPlaceholder")}
            {...form.register("email")}
          />
        </FormField>
        <FormField label={t("auth.fields.password")} error={fieldError(errors.password?.message)}>
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t("auth.fields.passwordPlaceholder")}
            {...form.register("password")}
          />
        </FormField>
        <FormField
          label={t("auth.fields.language")}
          error={fieldError(errors.preferredLanguage?.message)}
        >
          <NativeSelect {...form.register("preferredLanguage")}>
            {languages.map((option) => (
              <option key={option} value={option} lang={option}>
                {languageNames[option]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          {signUp.isPending ? t("auth.register.submitting") : t("auth.register.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}

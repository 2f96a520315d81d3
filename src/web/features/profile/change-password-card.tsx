import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type ChangePasswordInput,
  changePasswordInputSchema,
} from "../../../contract/account-actions";
import { PASSWORD_MAX } from "../../../contract/auth";
import { useChangePassword } from "../../api/profile/change-password";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ApiRequestError } from "../../lib/api-client";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { profileTexts } from "./texts";

type Fields = z.input<typeof changePasswordInputSchema>;
const empty: Fields = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * 'Alterar senha' (docs/product.md#changing-the-password): the current password, the new one twice. A wrong current
 * password is the server's translated error under that field; success signs out the account's
 * other devices and keeps this one.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation(profileTexts);
  const form = useForm<Fields, unknown, ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  // Errors from the form's own rules are catalogue keys; the server's arrive already translated.
  const fieldError = (error?: { message?: string; type?: string }) =>
    error?.message ? (error.type === "server" ? error.message : t(error.message)) : undefined;

  const mutation = useChangePassword({
    onSuccess: () => {
      form.reset(empty);
      toast({
        title: t("profile.password.success"),
        description: t("profile.password.successDescription"),
      });
    },
    onError: (error) => {
      const onField =
        error instanceof ApiRequestError
          ? error.apiError?.errors?.filter((field) => field.path in empty)
          : undefined;
      if (!onField?.length) {
        toastError(error, t("profile.password.error"));
        return;
      }
      for (const field of onField) {
        form.setError(
          field.path as keyof Fields,
          { type: "server", message: field.message },
          { shouldFocus: true },
        );
      }
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("profile.password.title")}</h2>
        </CardTitle>
        <CardDescription>{t("profile.password.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((input) => mutation.mutate(input))}
        >
          <FormField
            label={t("profile.password.current")}
            error={fieldError(errors.currentPassword)}
          >
            <Input
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              {...form.register("currentPassword")}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              className="content-start"
              label={t("profile.password.new")}
              hint={t("profile.password.newHint")}
              error={fieldError(errors.newPassword)}
            >
              <Input
                type="password"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX}
                {...form.register("newPassword")}
              />
            </FormField>
            <FormField
              className="content-start"
              label={t("profile.password.confirm")}
              error={fieldError(errors.confirmPassword)}
            >
              <Input
                type="password"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX}
                {...form.register("confirmPassword")}
              />
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
              {mutation.isPending ? t("profile.password.submitting") : t("profile.password.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

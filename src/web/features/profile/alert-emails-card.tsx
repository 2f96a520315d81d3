import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "../../../contract/user";
import { useUpdateProfile } from "../../api/profile/update-profile";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { profileTexts } from "./texts";

/**
 * Budget alert e-mails on or off (docs/product.md#budget-alerts): saved as soon as it is ticked,
 * like a setting, not with the names' form. The bell gets every alert either way.
 */
export function AlertEmailsCard({ user }: { user: User }) {
  const { t } = useTranslation(profileTexts);
  const checkboxId = useId();
  const hintId = useId();
  const save = useUpdateProfile({
    onSuccess: (updated) =>
      toast({
        title: updated.budgetAlertEmails
          ? t("profile.alerts.turnedOn")
          : t("profile.alerts.turnedOff"),
      }),
    onError: (error) => toastError(error, t("profile.alerts.error")),
  });
  const checked = save.isPending
    ? (save.variables?.budgetAlertEmails ?? user.budgetAlertEmails)
    : user.budgetAlertEmails;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("profile.alerts.title")}</h2>
        </CardTitle>
        <CardDescription>{t("profile.alerts.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <Checkbox
            id={checkboxId}
            checked={checked}
            disabled={save.isPending}
            onCheckedChange={(value) => save.mutate({ budgetAlertEmails: value === true })}
            aria-describedby={hintId}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={checkboxId} className="py-1 leading-snug sm:py-0">
              {t("profile.alerts.label")}
            </Label>
            <p id={hintId} className="text-muted-foreground text-sm">
              {t("profile.alerts.hint")}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

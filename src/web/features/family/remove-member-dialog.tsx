import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FamilyMember } from "../../../contract/family";
import { useRemoveMember } from "../../api/family/remove-member";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { memberDisplayName } from "../../lib/member-name";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { familyTexts } from "./texts";

/**
 * The owner's confirmation before removing someone. Their expenses are kept unless the owner
 * unticks the box: deleting money records must be a deliberate choice (docs/product.md#removing-members).
 */
export function RemoveMemberDialog({
  member,
  onClose,
}: {
  member: FamilyMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(familyTexts);
  const checkboxId = useId();
  const hintId = useId();
  const [keepExpenses, setKeepExpenses] = useState(true);
  const name = member ? memberDisplayName(member.user) : "";

  const mutation = useRemoveMember({
    onSuccess: (result) => {
      toast({
        title: t("family.remove.success"),
        description:
          result.deletedExpenses > 0
            ? t("family.remove.successDeleted", { count: result.deletedExpenses, name })
            : t("family.remove.successKept", { name }),
      });
      onClose();
    },
    onError: (error) => toastError(error, t("family.remove.error")),
  });

  return (
    <AlertDialog
      open={member !== null}
      onOpenChange={(open) => {
        if (open || mutation.isPending) return;
        setKeepExpenses(true);
        onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("family.remove.title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("family.remove.confirm", { name })}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2 rounded-lg border border-border p-3">
          <div className="flex items-start gap-3">
            <Checkbox
              id={checkboxId}
              checked={keepExpenses}
              onCheckedChange={(checked) => setKeepExpenses(checked === true)}
              aria-describedby={hintId}
              className="mt-0.5"
            />
            <Label htmlFor={checkboxId} className="leading-snug">
              {t("family.remove.keepExpenses")}
            </Label>
          </div>
          <p
            id={hintId}
            className={
              keepExpenses
                ? "text-muted-foreground text-sm"
                : "font-medium text-destructive text-sm"
            }
          >
            {t("family.remove.keepExpensesHint", { name })}
          </p>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>
            {t("family.remove.cancel")}
          </AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={mutation.isPending || member === null}
            onClick={() => {
              if (member) mutation.mutate({ userId: member.userId, keepExpenses });
            }}
          >
            {mutation.isPending ? t("family.remove.submitting") : t("family.remove.submit")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

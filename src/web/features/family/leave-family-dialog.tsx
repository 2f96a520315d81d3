import { useTranslation } from "react-i18next";
import type { Family } from "../../../contract/family";
import { useLeaveFamily } from "../../api/family/leave-family";
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
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { familyTexts } from "./texts";

/** A member's confirmation before leaving; what they added stays with the family. */
export function LeaveFamilyDialog({
  family,
  open,
  onClose,
}: {
  family: Family;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(familyTexts);
  const mutation = useLeaveFamily({
    onSuccess: () => {
      toast({
        title: t("family.leave.success"),
        description: t("family.leave.successDescription", { name: family.name }),
      });
      onClose();
    },
    onError: (error) => toastError(error, t("family.leave.error")),
  });
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !mutation.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("family.leave.confirmTitle")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("family.leave.confirm", { name: family.name })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>
            {t("family.leave.cancel")}
          </AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            {mutation.isPending ? t("family.leave.submitting") : t("family.leave.submit")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

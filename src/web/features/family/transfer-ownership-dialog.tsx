import { useTranslation } from "react-i18next";
import type { FamilyMember } from "../../../contract/family";
import { useTransferOwnership } from "../../api/family/transfer-ownership";
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
import { memberDisplayName } from "../../lib/member-name";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { familyTexts } from "./texts";

/** The owner's confirmation before handing the family to a member; they stay on as a member. */
export function TransferOwnershipDialog({
  member,
  onClose,
}: {
  member: FamilyMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(familyTexts);
  const name = member ? memberDisplayName(member.user) : "";
  const mutation = useTransferOwnership({
    onSuccess: () => {
      toast({
        title: t("family.transfer.success"),
        description: t("family.transfer.successDescription", { name }),
      });
      onClose();
    },
    onError: (error) => toastError(error, t("family.transfer.error")),
  });
  return (
    <AlertDialog
      open={member !== null}
      onOpenChange={(next) => {
        if (!next && !mutation.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("family.transfer.confirmTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("family.transfer.confirm", { name })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>
            {t("family.transfer.cancel")}
          </AlertDialogCancel>
          <Button
            type="button"
            disabled={mutation.isPending || member === null}
            onClick={() => {
              if (member) mutation.mutate({ userId: member.userId });
            }}
          >
            {mutation.isPending ? t("family.transfer.submitting") : t("family.transfer.submit")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

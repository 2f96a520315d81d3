import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type DeleteFamilyInput, deleteFamilyInputSchema } from "../../../contract/account-actions";
import type { Family } from "../../../contract/family";
import { useDeleteFamily } from "../../api/family/delete-family";
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
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ApiRequestError } from "../../lib/api-client";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { familyTexts } from "./texts";

/**
 * The owner, alone, deletes the family with everything in it after typing its name: the server
 * compares the name, and a wrong one is its translated error under the field.
 */
export function DeleteFamilyDialog({
  family,
  open,
  onClose,
}: {
  family: Family;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(familyTexts);
  const form = useForm<z.input<typeof deleteFamilyInputSchema>, unknown, DeleteFamilyInput>({
    resolver: zodResolver(deleteFamilyInputSchema),
    defaultValues: { name: "" },
  });
  const nameError = form.formState.errors.name;
  const mutation = useDeleteFamily({
    onSuccess: () => {
      toast({
        title: t("family.deleteFamily.success"),
        description: t("family.deleteFamily.successDescription", { name: family.name }),
      });
      onClose();
    },
    onError: (error) => {
      const onName =
        error instanceof ApiRequestError
          ? error.apiError?.errors?.find((field) => field.path === "name")
          : undefined;
      if (onName) {
        form.setError("name", { type: "server", message: onName.message }, { shouldFocus: true });
      } else {
        toastError(error, t("family.deleteFamily.error"));
      }
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    form.reset({ name: "" });
    onClose();
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <AlertDialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((input) => mutation.mutate(input))}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t("family.deleteFamily.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("family.deleteFamily.confirm", { name: family.name })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <FormField
            label={t("family.deleteFamily.nameLabel", { name: family.name })}
            error={
              nameError?.message
                ? nameError.type === "server"
                  ? nameError.message
                  : t(nameError.message)
                : undefined
            }
          >
            <Input autoComplete="off" spellCheck={false} {...form.register("name")} />
          </FormField>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={mutation.isPending}>
              {t("family.deleteFamily.cancel")}
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={mutation.isPending}>
              {mutation.isPending
                ? t("family.deleteFamily.submitting")
                : t("family.deleteFamily.submit")}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

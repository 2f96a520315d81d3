import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type CreateFamilyInput,
  createFamilyInputSchema,
  FAMILY_NAME_MAX,
} from "../../../contract/family";
import { useCreateFamily } from "../../api/family/create-family";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { familyTexts } from "./texts";

export function CreateFamilyForm() {
  const { t } = useTranslation(familyTexts);
  const form = useForm<z.input<typeof createFamilyInputSchema>, unknown, CreateFamilyInput>({
    resolver: zodResolver(createFamilyInputSchema),
    defaultValues: { name: "" },
  });
  const mutation = useCreateFamily({
    onSuccess: (family) => {
      toast({
        title: t("family.create.success"),
        description: t("family.create.successDescription", { name: family.name }),
      });
    },
    onError: (error) => toastError(error, t("family.create.error")),
  });
  const nameError = form.formState.errors.name?.message;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => mutation.mutate(input))}
    >
      <FormField label={t("family.create.nameLabel")} error={nameError ? t(nameError) : undefined}>
        <Input
          autoComplete="off"
          maxLength={FAMILY_NAME_MAX}
          placeholder={t("family.create.namePlaceholder")}
          {...form.register("name")}
        />
      </FormField>
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-fit">
        {mutation.isPending ? t("family.create.submitting") : t("family.create.submit")}
      </Button>
    </form>
  );
}

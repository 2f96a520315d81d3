import { zodResolver } from "@hookform/resolvers/zod";
import type { ChangeEvent } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type JoinFamilyInput, joinFamilyInputSchema } from "../../../contract/family";
import { useJoinFamily } from "../../api/family/join-family";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { familyTexts } from "./texts";

/** docs/product.md#invites: the code is shown in upper case while it is typed, keeping the caret where it was. */
function toUpperCaseInPlace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

export function JoinFamilyForm() {
  const { t } = useTranslation(familyTexts);
  const form = useForm<z.input<typeof joinFamilyInputSchema>, unknown, JoinFamilyInput>({
    resolver: zodResolver(joinFamilyInputSchema),
    defaultValues: { inviteCode: "" },
  });
  const mutation = useJoinFamily({
    onSuccess: (family) => {
      toast({
        title: t("family.join.success"),
        description: t("family.join.successDescription", { name: family.name }),
      });
    },
    onError: (error) => toastError(error, t("family.join.error")),
  });
  const codeField = form.register("inviteCode");
  const codeError = form.formState.errors.inviteCode?.message;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => mutation.mutate(input))}
    >
      <FormField
        label={t("family.join.codeLabel")}
        hint={t("family.join.codeHint")}
        error={codeError ? t(codeError) : undefined}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          placeholder={t("family.join.codePlaceholder")}
          className="font-mono tracking-widest uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case"
          {...codeField}
          onChange={(event) => {
            toUpperCaseInPlace(event);
            return codeField.onChange(event);
          }}
        />
      </FormField>
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-fit">
        {mutation.isPending ? t("family.join.submitting") : t("family.join.submit")}
      </Button>
    </form>
  );
}

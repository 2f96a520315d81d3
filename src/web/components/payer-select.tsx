import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "./ui/form-field";
import { NativeSelect } from "./ui/native-select";

/**
 * "Pago por": a native select of the given choices (api/family/payer-choices.ts's
 * usePayerChoices: the family's current members, the signed-in user first), labelled, for
 * react-hook-form's `register` (or value/onChange). The form's default value should be the
 * signed-in user's id, which is the first choice. Props other than those below go to the <select>.
 */
export function PayerSelect({
  choices,
  label,
  error,
  className,
  ...selectProps
}: Omit<ComponentProps<"select">, "children"> & {
  choices: readonly { value: string; label: string }[];
  /** The field's label; "Pago por" when not given. */
  label?: string;
  /** A translated error text, shown under the field. */
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={label ?? t("payer.label")} error={error} className={className}>
      <NativeSelect {...selectProps}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentMethodChoice } from "../../api/payment-methods/payment-method-choices";
import { FormField } from "../../components/ui/form-field";
import { NativeSelect } from "../../components/ui/native-select";
import { expensesTexts } from "./texts";

/**
 * "Pago com" (docs/product.md#payment-methods): optional, "Não informado" ("") first, then the
 * choices of usePaymentMethodChoices. Not drawn when the family has no method to choose, so a
 * family that never set up accounts sees the form as before. Other props go to the <select>.
 */
export function PaymentMethodSelect({
  choices,
  error,
  ...selectProps
}: Omit<ComponentProps<"select">, "children"> & {
  choices: readonly PaymentMethodChoice[];
  error?: string;
}) {
  const { t } = useTranslation(expensesTexts);
  if (choices.length === 0) return null;
  return (
    <FormField label={t("expenses.paymentMethod.label")} error={error}>
      <NativeSelect {...selectProps}>
        <option value="">{t("expenses.paymentMethod.none")}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

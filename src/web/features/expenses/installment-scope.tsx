import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type InstallmentScope, installmentScopes } from "./installments";
import { expensesTexts } from "./texts";

/**
 * "Só esta parcela" / "Esta e as próximas" / "Todas as parcelas" (docs/product.md#installments):
 * which installments a change or a deletion of one installment reaches. Native radios: one Tab
 * stop, arrows to choose, announced as a group by its legend.
 */
export function InstallmentScopeChoice({
  value,
  onChange,
  disabled,
}: {
  value: InstallmentScope;
  onChange: (scope: InstallmentScope) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(expensesTexts);
  const name = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 font-medium text-sm">{t("expenses.installments.scope")}</legend>
      {installmentScopes.map((scope) => (
        <label key={scope} className="flex min-h-11 items-center gap-3 text-sm sm:min-h-9">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            className="size-5 shrink-0 accent-primary"
          />
          {t(`expenses.installments.scopes.${scope}`)}
        </label>
      ))}
    </fieldset>
  );
}

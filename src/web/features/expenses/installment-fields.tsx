import { useId } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { INSTALLMENTS_MAX, INSTALLMENTS_MIN } from "../../../contract/installments";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput } from "../../lib/amount-input";
import { cn } from "../../lib/utils";
import { type ExpenseFormValues, previewTexts, splitPreview } from "./installments";
import { expensesTexts } from "./texts";

/**
 * "Parcelado" on the add form (docs/product.md#installments): when on, the number of installments,
 * an optional first installment, and the split as it will be saved, from the domain's own rule
 * (src/domain/installments.ts) as the person types.
 */
export function InstallmentFields({
  register,
  errors,
  values,
  compact,
}: {
  register: UseFormRegister<ExpenseFormValues>;
  errors: FieldErrors<ExpenseFormValues>;
  /** The watched values the preview is made of. */
  values: Pick<ExpenseFormValues, "installments" | "amount" | "date" | "count" | "firstAmount">;
  compact: boolean;
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const checkboxId = useId();
  const message = (key?: string) => (key ? t(key) : undefined);
  const preview = values.installments ? splitPreview(values, language) : null;
  const texts = preview ? previewTexts(preview, t, language) : null;
  return (
    <div className="grid gap-4">
      {/* The whole row is the label: a 44 px target on a phone (e2e/touch.spec.ts). */}
      <label
        htmlFor={checkboxId}
        className="flex min-h-11 items-center gap-3 font-medium text-sm sm:min-h-9"
      >
        <input
          id={checkboxId}
          type="checkbox"
          className="size-5 shrink-0 accent-primary"
          {...register("installments")}
        />
        {t("expenses.form.installments")}
      </label>
      {values.installments ? (
        <div className={cn("grid gap-4", !compact && "sm:grid-cols-2 lg:grid-cols-4")}>
          {/* content-start: beside the first installment's hint, the label stays on its input. */}
          <FormField
            label={t("expenses.form.count")}
            error={message(errors.count?.message)}
            className="content-start"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={INSTALLMENTS_MIN}
              max={INSTALLMENTS_MAX}
              step={1}
              autoComplete="off"
              placeholder="12"
              {...register("count")}
            />
          </FormField>
          <FormField
            label={t("expenses.form.firstAmount")}
            hint={t("expenses.form.firstAmountHint")}
            error={message(errors.firstAmount?.message)}
            className="content-start"
          >
            <Input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={formatAmountInput("0.00", language)}
              {...register("firstAmount")}
            />
          </FormField>
          <div
            className={cn("grid content-start gap-1 text-sm", !compact && "lg:col-span-2")}
            data-testid="installments-preview"
            aria-live="polite"
          >
            <span className="font-medium">{t("expenses.installments.previewLabel")}</span>
            {texts ? (
              <>
                <span className="font-semibold tabular-nums">{texts.split}</span>
                {texts.dates ? <span className="text-muted-foreground">{texts.dates}</span> : null}
              </>
            ) : (
              <span className="text-muted-foreground">—</span>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}

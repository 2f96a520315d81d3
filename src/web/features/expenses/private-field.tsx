import { Lock } from "lucide-react";
import { useId } from "react";
import type { UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ExpenseFieldValues } from "./expense-field-values";
import { expensesTexts } from "./texts";

/**
 * "Privado" (docs/product.md#private-expenses): only its author sees the expense in full; the
 * family sees "Gasto privado" and its amount. On, it is paid by and for its author, so the form
 * hides "Pago por" and "Para quem" and says so under the box.
 */
export function PrivateField({
  register,
  on,
  error,
}: {
  register: UseFormRegister<ExpenseFieldValues>;
  on: boolean;
  /** A translated error: the server's, on `private`. */
  error?: string;
}) {
  const { t } = useTranslation(expensesTexts);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="col-span-full grid gap-1">
      {/* The whole row is the label: a 44 px target on a phone (e2e/touch.spec.ts). */}
      <label
        htmlFor={id}
        className="flex min-h-11 items-center gap-3 font-medium text-sm sm:min-h-9"
      >
        <input
          id={id}
          type="checkbox"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="size-5 shrink-0 accent-primary"
          {...register("private")}
        />
        <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {t("expenses.private.label")}
      </label>
      <p id={hintId} className="text-muted-foreground text-xs">
        {t("expenses.private.hint")}
        {on ? ` ${t("expenses.private.onHint")}` : null}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

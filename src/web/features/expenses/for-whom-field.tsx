import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fromCents, toCents } from "../../../contract/cents";
import { amountSchema } from "../../../contract/money";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useFamilyPeople } from "../../api/family/get-family-people";
import { useSplitRules } from "../../api/shares/get-split-rules";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, parseAmountInput } from "../../lib/amount-input";
import { formatMoney } from "../../lib/format";
import type { ExpenseFieldValues } from "./expense-field-values";
import {
  FAMILY_DRAFT,
  formatPercent,
  missingOf,
  percentOnly,
  previewShares,
  type SplitBy,
  type SplitDraft,
  sharesText,
  typedFor,
} from "./split-draft";
import { useShortNames } from "./split-label";
import { expensesTexts } from "./texts";

/** The part of an expense form "Para quem" reads and sets. */
export type ForWhomForm = Pick<
  UseFormReturn<ExpenseFieldValues>,
  "watch" | "setValue" | "formState"
>;

/** The first message anywhere under the split's errors (a share's percent, the shares, the sum). */
function messageIn(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === "string" && message) return message;
  for (const value of Object.values(error)) {
    const found = messageIn(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * "Para quem" (docs/decisions/012-yours-mine-ours.md): the family (its default split, previewed
 * on the typed amount), one member, or "Dividir" by percentages or amounts with a live sum. A
 * family of one sees nothing: only the family's split exists. For installments, percentages only
 * (docs/product.md#for-whom: each installment's amount is its own).
 */
export function ForWhomField({
  form,
  installments,
}: {
  form: ForWhomForm;
  /**
   * Given, a purchase in installments or a change of one from an installment on: "Valores" is
   * not offered. `perInstallment` (the add form, whose amount is the total) previews the first
   * installment's cents instead, `each` when every installment is that much.
   */
  installments?: { perInstallment?: { cents: number | null; each: boolean } };
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  const id = useId();
  const { user } = useCurrentUser();
  const people = useFamilyPeople();
  const nameOf = useShortNames();
  const [value, amount, date] = form.watch(["split", "amount", "date"]);
  const draft = installments ? percentOnly(value ?? FAMILY_DRAFT) : (value ?? FAMILY_DRAFT);
  // Checked again as it changes once a save was refused, as the form's registered fields are.
  const onChange = (next: SplitDraft) =>
    form.setValue("split", next, { shouldValidate: form.formState.isSubmitted });
  const memberIds = (people.data ?? []).filter((p) => p.isMember).map((p) => p.userId);
  const rules = useSplitRules(memberIds.length > 1);
  if (memberIds.length < 2 && draft.choice === "family") return null;

  const parsed = amountSchema.safeParse(parseAmountInput(amount ?? "", language));
  const perInstallment = installments?.perInstallment;
  const cents = perInstallment
    ? perInstallment.cents
    : parsed.success
      ? toCents(parsed.data)
      : null;
  const shares =
    rules.data && /^\d{4}-\d{2}-\d{2}$/.test(date ?? "")
      ? previewShares(
          draft,
          cents,
          { rules: rules.data.rules, memberIds, date: date ?? "" },
          language,
        )
      : null;
  const text = shares ? sharesText(shares, nameOf, language) : undefined;
  const preview =
    text && perInstallment
      ? t(
          perInstallment.each
            ? "expenses.forWhom.eachInstallment"
            : "expenses.forWhom.firstInstallment",
          {
            shares: text,
          },
        )
      : text;
  const key = messageIn(form.formState.errors.split);
  const message = key ? t(key) : undefined;
  const typed = typedFor(draft, memberIds);
  const set = (patch: Partial<SplitDraft>) => onChange({ ...draft, typed, ...patch });
  const custom = draft.choice === "custom";
  // A member a split names who has left is still offered while the expense is corrected.
  const named = custom || draft.choice === "family" ? [] : [draft.choice];
  const others = [...new Set([...memberIds, ...typed.map((t) => t.userId), ...named])].filter(
    (userId) => userId !== user?.id,
  );
  const missing = custom ? missingOf(draft, cents, language) : null;
  const status =
    missing === null
      ? null
      : missing === 0
        ? (preview ?? t("expenses.forWhom.addsUp"))
        : t(missing > 0 ? "expenses.forWhom.missing" : "expenses.forWhom.over", {
            value:
              draft.by === "percent"
                ? formatPercent(Math.abs(missing), language)
                : formatMoney(fromCents(Math.abs(missing)), language),
          });

  return (
    <>
      <FormField
        label={t("expenses.forWhom.label")}
        hint={draft.choice === "family" ? preview : undefined}
        error={custom ? undefined : message}
      >
        <NativeSelect
          value={draft.choice}
          onChange={(event) => set({ choice: event.target.value })}
        >
          <option value="family">{t("expenses.forWhom.family")}</option>
          {user && memberIds.includes(user.id) ? (
            <option value={user.id}>{t("expenses.forWhom.mine")}</option>
          ) : null}
          {others.map((userId) => (
            <option key={userId} value={userId}>
              {t("expenses.forWhom.only", { name: nameOf(userId) })}
            </option>
          ))}
          <option value="custom">{t("expenses.forWhom.custom")}</option>
        </NativeSelect>
      </FormField>
      {custom ? (
        <fieldset className="col-span-full grid gap-3 rounded-xl border p-3">
          <legend className="px-1 font-medium text-sm">{t("expenses.forWhom.splitBy")}</legend>
          <div className="flex flex-wrap gap-x-6">
            {(["percent", "amounts"] as const).map((by: SplitBy) => (
              <label
                key={by}
                className="flex min-h-11 items-center gap-3 text-sm has-disabled:text-muted-foreground sm:min-h-9"
              >
                <input
                  type="radio"
                  name={`${id}-by`}
                  checked={draft.by === by}
                  disabled={installments !== undefined && by === "amounts"}
                  aria-describedby={
                    installments !== undefined && by === "amounts" ? `${id}-by-reason` : undefined
                  }
                  // What was typed meant percentages or money: neither carries over.
                  onChange={() => set({ by, typed: typed.map((t) => ({ ...t, value: "" })) })}
                  className="size-5 shrink-0 accent-primary"
                />
                {t(`expenses.forWhom.${by}`)}
              </label>
            ))}
          </div>
          {installments ? (
            <p id={`${id}-by-reason`} className="-mt-2 text-muted-foreground text-xs">
              {t("expenses.forWhom.amountsInstallments")}
            </p>
          ) : null}
          {/* As many columns as the form's width holds: the page's row, the dialog's two. */}
          <div className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-3">
            {typed.map((share, index) => (
              <FormField key={share.userId} label={nameOf(share.userId)}>
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={draft.by === "percent" ? "%" : formatAmountInput("0.00", language)}
                  value={share.value}
                  onChange={(event) =>
                    set({
                      typed: typed.map((other, at) =>
                        at === index ? { ...other, value: event.target.value } : other,
                      ),
                    })
                  }
                />
              </FormField>
            ))}
          </div>
          <p
            aria-live="polite"
            className="text-muted-foreground text-sm tabular-nums"
            data-testid="split-status"
          >
            {status}
          </p>
          {message ? (
            <p role="alert" className="font-medium text-destructive text-sm">
              {message}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

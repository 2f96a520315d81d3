import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { RuleAction } from "../../../contract/category-rules";
import type { ImportPreviewLine } from "../../../contract/imports";
import { InstallmentLabel } from "../../api/installments/installment-label";
import { Badge } from "../../components/ui/badge";
import { Checkbox } from "../../components/ui/checkbox";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { type CreditChoice, INCOME_CREDIT, type LineRole, SKIP_CREDIT } from "./import-selection";
import { dayAndMonth } from "./import-view";
import { importsTexts } from "./texts";

/**
 * What to do with a credit (docs/product.md#credits): 'Ignorar', 'Receita' (the kind the preview
 * proposed), or a refund of one of the purchases the preview proposed ('Estorno de…').
 */
function CreditChoiceSelect({
  line,
  choice,
  onChoice,
}: {
  line: ImportPreviewLine;
  choice: CreditChoice;
  onChoice: (choice: CreditChoice) => void;
}) {
  const { t } = useTranslation(importsTexts);
  const language = useLanguage();
  const selectId = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={selectId} className="sr-only">
        {t("imports.credit.choiceOfLine", { number: line.lineNumber })}
      </label>
      <NativeSelect
        id={selectId}
        value={choice}
        data-testid="credit-choice"
        onChange={(event) => onChoice(event.target.value)}
      >
        <option value={SKIP_CREDIT}>{t("imports.credit.skip")}</option>
        <option value={INCOME_CREDIT}>
          {line.incomeKind === "salary" ? t("imports.credit.salary") : t("imports.credit.income")}
        </option>
        {line.refundCandidates.length > 0 ? (
          <optgroup label={t("imports.credit.refundOf")}>
            {line.refundCandidates.map((candidate) => (
              <option key={candidate.expenseId} value={candidate.expenseId}>
                {t("imports.credit.purchase", {
                  date: dayAndMonth(candidate.date, language),
                  description: candidate.description,
                  amount: formatMoney(candidate.amount, language),
                })}
              </option>
            ))}
          </optgroup>
        ) : null}
      </NativeSelect>
    </div>
  );
}

/**
 * One line of the file: its tick (a credit has its choice instead), what was read, and its
 * category, or a card bill's payment's card (docs/product.md#ofx-import).
 */
export function LineRow({
  line,
  role,
  ticked,
  categoryId,
  categoryOptions,
  credit,
  card,
  cardOptions,
  accountName,
  rule,
  onTick,
  onCategory,
  onCredit,
  onCard,
}: {
  line: ImportPreviewLine;
  role: LineRole;
  ticked: boolean;
  categoryId: string;
  categoryOptions: { value: string; label: string }[];
  credit: CreditChoice;
  card: string;
  /** The family's active cards the person may use, for a card bill's payment. */
  cardOptions: { value: string; label: string }[];
  /** The name of the other account of a transfer, as the family's methods call it. */
  accountName: (id: string) => string;
  /** The rule that gave the line its category, if one did. */
  rule: Pick<RuleAction, "pattern" | "categoryId"> | undefined;
  onTick: (ticked: boolean) => void;
  onCategory: (categoryId: string) => void;
  onCredit: (choice: CreditChoice) => void;
  onCard: (cardId: string) => void;
}) {
  const { t } = useTranslation(importsTexts);
  const language = useLanguage();
  const selectId = useId();
  const importable = role !== "none";
  const creditLine = role === "credit";
  const billPayment = role === "billPayment";
  // Money between the family's own accounts (docs/product.md#ofx-import): "Transferência para
  // Nubank conta (já registrada lá como receita em 02/12)", to the other account for a debit, from
  // it for a credit; or, recorded already, that it is.
  const match = line.transferMatch;
  const transfer = match
    ? t(
        `imports.transfer.${line.notSpending ? "from" : "to"}${match.kind === "transfer" ? "Recorded" : ""}`,
        { account: accountName(match.methodId), date: dayAndMonth(match.date, language) },
      )
    : null;
  // The third column: a spending line's category, a card bill's payment's card.
  const select =
    role === "spending"
      ? {
          label: t("imports.categoryOfLine", { number: line.lineNumber }),
          value: categoryId,
          empty: t("imports.chooseCategory"),
          options: categoryOptions,
          onChange: onCategory,
        }
      : billPayment
        ? {
            label: t("imports.billPayment.cardOfLine", { number: line.lineNumber }),
            value: card,
            empty: t("imports.billPayment.chooseCard"),
            options: cardOptions,
            onChange: onCard,
          }
        : null;
  return (
    <li
      className="grid gap-2 rounded-xl border bg-card p-3 sm:grid-cols-[auto_minmax(0,1fr)_14rem] sm:items-center"
      data-testid="import-line"
      data-line={line.lineNumber}
    >
      <div className="flex items-center gap-3">
        {/* A credit is recorded by its choice below, never as spending. */}
        {creditLine ? (
          <span aria-hidden="true" className="size-5 shrink-0" />
        ) : (
          <Checkbox
            checked={importable && ticked}
            disabled={!importable}
            onCheckedChange={(value) => onTick(value === true)}
            aria-label={t("imports.tickLine", { number: line.lineNumber })}
          />
        )}
        <span className="text-muted-foreground text-xs tabular-nums">
          {t("imports.lineNumber", { number: line.lineNumber })}
        </span>
      </div>
      <div className="grid min-w-0 gap-1">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="min-w-0 break-words font-medium">
            {line.description || line.cells.join(" · ")}
            {line.installment ? (
              <InstallmentLabel
                expense={{
                  installment: line.installment.number,
                  installmentCount: line.installment.count,
                }}
              />
            ) : null}
          </span>
          <span className="text-muted-foreground text-sm tabular-nums">
            {line.date ? formatDate(line.date, language) : "—"}
          </span>
          <span className="font-semibold tabular-nums">
            {line.amount ? formatMoney(line.amount, language) : "—"}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          {line.duplicate ? <Badge variant="warning">{t("imports.duplicate")}</Badge> : null}
          {billPayment ? (
            <Badge variant="secondary">{t("imports.billPayment.label")}</Badge>
          ) : line.cardBillPayment ? (
            <>
              <Badge variant="secondary">{t("imports.cardBillPayment")}</Badge>
              <span className="text-muted-foreground text-sm">
                {t("imports.cardBillPaymentHint")}
              </span>
            </>
          ) : transfer ? (
            <span className="text-sm">{transfer}</span>
          ) : line.notSpending ? (
            <Badge variant="secondary">{t("imports.notSpending")}</Badge>
          ) : null}
          {/* Which rule decided, while the line keeps its category. */}
          {role === "spending" && rule && rule.categoryId === categoryId ? (
            <span className="text-muted-foreground text-sm">
              {t("imports.byRule", { pattern: rule.pattern })}
            </span>
          ) : null}
          {line.installment && importable ? (
            <span className="text-muted-foreground text-sm">{t("imports.installmentHint")}</span>
          ) : null}
          {line.errorKey ? (
            <span className="text-destructive text-sm" data-testid="import-line-error">
              {t(line.errorKey)}
            </span>
          ) : null}
        </div>
      </div>
      {creditLine ? (
        <CreditChoiceSelect line={line} choice={credit} onChoice={onCredit} />
      ) : select ? (
        <div className="grid min-w-0 gap-1">
          <label htmlFor={selectId} className="sr-only">
            {select.label}
          </label>
          <NativeSelect
            id={selectId}
            value={select.value}
            onChange={(event) => select.onChange(event.target.value)}
          >
            <option value="">{select.empty}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </li>
  );
}

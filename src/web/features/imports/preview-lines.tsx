import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImportPreview, ImportResult } from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { useCategories } from "../../api/categories/get-categories";
import { useCommitImport } from "../../api/imports/commit-import";
import { offeredToReader } from "../../api/payment-methods/payment-method-choices";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import {
  applyCategoryToUncategorised,
  commitInput,
  initialSelection,
  isAccount,
  lineRole,
  type Selection,
  SKIP_CREDIT,
  selectionSummary,
  sentLineNumber,
} from "./import-selection";
import {
  commitErrorText,
  creditsSummaryText,
  importButton,
  type LineChoice,
  pageOfLines,
  withLineChoice,
} from "./import-view";
import { LineRow } from "./line-row";
import { importsTexts } from "./texts";

/** The lines read, a page at a time, what they would record, and "Importar". */
export function PreviewLines({
  preview,
  fileName,
  methods,
  method,
  billId,
  idempotencyKey,
  onImported,
}: {
  preview: ImportPreview;
  fileName: string;
  /** The family's payment methods: the cards a bill's payment pays, a transfer's other account. */
  methods: readonly PaymentMethod[];
  /** "Pago com", and with a card the bill chosen ("" for the bill of each line's date). */
  method: PaymentMethod | undefined;
  billId: string;
  idempotencyKey: string;
  /** What was recorded, with the bill payments and transfers sent (the answer only counts them). */
  onImported: (result: ImportResult) => void;
}) {
  const { t } = useTranslation(importsTexts);
  const language = useLanguage();
  const categories = useCategories();
  const commit = useCommitImport();
  // Money between the family's own accounts comes from an account's file (docs/product.md#ofx-import).
  const intoAccount = isAccount(method);
  const [selection, setSelection] = useState<Selection>(() =>
    initialSelection(preview, intoAccount),
  );
  const [page, setPage] = useState(0);
  const [bulkCategory, setBulkCategory] = useState("");
  const bulkId = useId();
  const categoryOptions = useMemo(
    () =>
      // Inactive ones too: the category last used for a description may have been set aside.
      (categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
    [categories.data],
  );
  const cardOptions = useMemo(
    () =>
      methods
        .filter((card) => card.kind === "credit_card" && offeredToReader(card))
        .map((card) => ({ value: card.id, label: card.name })),
    [methods],
  );
  // The rule that decided each line's category (docs/product.md#category-rules), by its id.
  const rules = new Map(preview.rules.map((rule) => [rule.ruleId, rule]));
  const accountName = (id: string) =>
    methods.find((account) => account.id === id)?.name ?? t("imports.transfer.otherAccount");
  const summary = selectionSummary(preview, selection, intoAccount);
  const credits = creditsSummaryText(summary, t);
  const { pages, first, shown } = pageOfLines(preview.lines, page);
  const button = importButton(summary, commit.isPending, t);

  const update = (index: number, patch: LineChoice) =>
    setSelection((current) => withLineChoice(current, index, patch));

  const submit = async () => {
    try {
      const input = commitInput(preview, selection, { fileName, method, billId });
      const result = await commit.mutateAsync({ input, idempotencyKey });
      onImported(result);
    } catch {
      // Shown below from commit.error.
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-lg leading-tight">{t("imports.lines.title")}</h2>
        <p className="text-muted-foreground text-sm">
          {t("imports.lines.read", { count: preview.lines.length })}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-xs">
            <Label htmlFor={bulkId}>{t("imports.bulkCategory")}</Label>
            <NativeSelect
              id={bulkId}
              value={bulkCategory}
              onChange={(event) => setBulkCategory(event.target.value)}
            >
              <option value="">{t("imports.chooseCategory")}</option>
              {categoryOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            variant="outline"
            disabled={!bulkCategory}
            onClick={() => setSelection((s) => applyCategoryToUncategorised(s, bulkCategory))}
          >
            {t("imports.applyCategory")}
          </Button>
        </div>
        <ul className="grid gap-2" aria-label={t("imports.lines.title")}>
          {shown.map((line, offset) => {
            const index = first + offset;
            return (
              <LineRow
                key={line.lineNumber}
                line={line}
                role={lineRole(line, intoAccount)}
                ticked={selection.ticked[index] ?? false}
                categoryId={selection.categories[index] ?? ""}
                categoryOptions={categoryOptions}
                credit={selection.credits[index] ?? SKIP_CREDIT}
                card={selection.cards[index] ?? ""}
                cardOptions={cardOptions}
                accountName={accountName}
                rule={line.ruleId ? rules.get(line.ruleId) : undefined}
                onTick={(ticked) => update(index, { ticked })}
                onCategory={(category) => update(index, { category })}
                onCredit={(credit) => update(index, { credit })}
                // Choosing the card is choosing to record the bill's payment.
                onCard={(card) => update(index, { card, ticked: card !== "" })}
              />
            );
          })}
        </ul>
        {pages > 1 ? (
          <nav
            className="flex flex-wrap items-center justify-between gap-2"
            aria-label={t("imports.pages")}
          >
            <Button variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t("imports.previous")}
            </Button>
            <span className="text-muted-foreground text-sm">
              {t("imports.showing", {
                from: first + 1,
                to: first + shown.length,
                total: preview.lines.length,
              })}
            </span>
            <Button
              variant="outline"
              disabled={page >= pages - 1}
              onClick={() => setPage(page + 1)}
            >
              {t("imports.next")}
            </Button>
          </nav>
        ) : null}
        <div className="grid gap-2 border-t pt-4">
          <p className="font-medium" data-testid="import-summary">
            {t("imports.willImport", { count: summary.count })}
            {summary.count > 0 ? ` · ${formatMoney(summary.total, language)}` : ""}
          </p>
          {credits ? (
            <p className="text-sm" data-testid="import-credits-summary">
              {credits}
            </p>
          ) : null}
          {summary.missingCategory > 0 ? (
            <p className="text-destructive text-sm">
              {t("imports.missingCategory", { count: summary.missingCategory })}
            </p>
          ) : null}
          {summary.missingCard > 0 ? (
            <p className="text-destructive text-sm">
              {t("imports.billPayment.missingCard", { count: summary.missingCard })}
            </p>
          ) : null}
          {commit.isError ? (
            <Alert variant="destructive">
              {commitErrorText(
                commit.error,
                (path) => sentLineNumber(preview, selection, intoAccount, path),
                t,
              )}
            </Alert>
          ) : null}
          <Button className="w-full sm:w-fit" disabled={button.disabled} onClick={submit}>
            {button.label}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

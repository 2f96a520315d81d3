import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Upload } from "lucide-react";
import { type ChangeEvent, type ReactNode, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Language } from "../../../contract/common";
import {
  IMPORT_MAX_BYTES,
  type ImportOptions,
  type ImportPreview,
  type ImportPreviewLine,
  type ImportResult,
  importAmountFormats,
  importDateFormats,
  importEncodings,
  importSeparators,
  importSpendingSigns,
} from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { cardBillsQueryOptions } from "../../api/card-bills/get-card-bills";
import { useCategories } from "../../api/categories/get-categories";
import { useFamilyQuery } from "../../api/family/get-family";
import { useCommitImport } from "../../api/imports/commit-import";
import { usePreviewImport } from "../../api/imports/preview-import";
import { InstallmentLabel } from "../../api/installments/installment-label";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { PageTitle } from "../../components/layout/page-title";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { ApiRequestError } from "../../lib/api-client";
import { formatDate, formatMoney, localeOf, parseIsoDate } from "../../lib/format";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { errorDescription } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { billChoiceTexts } from "./bill-choice";
import { readingOptions, readsAnotherKind, shownOptions, signGuessKey } from "./import-reading";
import {
  applyCategoryToUncategorised,
  type CreditChoice,
  canImport,
  commitInput,
  creditLineNumber,
  INCOME_CREDIT,
  initialSelection,
  isCredit,
  type Selection,
  SKIP_CREDIT,
  selectionSummary,
} from "./import-selection";

/**
 * A refused import in the person's words: what was wrong with "Pago com" or "Fatura" (a method
 * archived meanwhile, a bill not of the card) when that is why; a credit's error (a refund past
 * what is left of its purchase) with its line's number; else the server's message.
 */
function commitErrorText(
  error: unknown,
  lineOf: (path: string) => number | null,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (error instanceof ApiRequestError) {
    const fieldErrors = error.apiError?.errors ?? [];
    const paidWith = fieldErrors.find(
      (fieldError) => fieldError.path === "paymentMethodId" || fieldError.path === "billId",
    );
    if (paidWith) return paidWith.message;
    for (const fieldError of fieldErrors) {
      const number = lineOf(fieldError.path);
      if (number !== null) {
        return t("imports.credit.lineError", { number, message: fieldError.message });
      }
    }
  }
  return errorDescription(error);
}

/** A purchase's day and month as the person writes them ('12/03', '03/12'). */
function dayAndMonth(iso: string, language: Language): string {
  const { year, month, day } = parseIsoDate(iso);
  return new Intl.DateTimeFormat(localeOf(language), {
    day: "2-digit",
    month: "2-digit",
    timeZone: "UTC",
  }).format(Date.UTC(year, month - 1, day));
}

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
  const { t } = useTranslation();
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

/** Lines shown at a time: 10,000 rows of selects would make the page slow to draw. */
const PAGE_SIZE = 100;

type LoadedFile = { name: string; contentBase64: string };

/** The file's bytes as base64, read by the browser (the upload is JSON: docs/product.md#csv-import). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function SettingSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
  hintTestId,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** A sentence under the select, read out with it. */
  hint?: ReactNode;
  hintTestId?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-sm" data-testid={hintTestId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Settings({
  preview,
  signChosen,
  disabled,
  onChange,
}: {
  preview: ImportPreview;
  /** The person chose the sign: it is kept on the next reading, else guessed again. */
  signChosen: boolean;
  disabled: boolean;
  onChange: (options: ImportOptions) => void;
}) {
  const { t } = useTranslation();
  const { settings, columnNames } = preview;
  const columnOptions = columnNames.map((name, index) => ({
    value: String(index),
    // Without a header the server numbers the columns: "Coluna 1", "Coluna 2"…
    label: settings.hasHeader && name ? name : t("imports.column", { number: index + 1 }),
  }));
  // Every setting as shown, so a new reading changes only what the person changed.
  const current = shownOptions(settings, signChosen);
  const change = (patch: ImportOptions) => onChange({ ...current, ...patch });
  // A new encoding, separator or header reads other columns: those are guessed again.
  const reread = (patch: ImportOptions) => {
    const { columns: _guessedAgain, ...rest } = current;
    onChange({ ...rest, ...patch });
  };
  const column = (field: "date" | "description" | "amount") => (
    <SettingSelect
      label={t(`imports.settings.${field}Column`)}
      value={String(settings.columns[field])}
      options={columnOptions}
      disabled={disabled}
      onChange={(value) => change({ columns: { ...settings.columns, [field]: Number(value) } })}
    />
  );
  // One of the reading's settings as a select: labelled `imports.settings.<key>`, each value
  // `imports.<key>s.<value>` (the separator's tab is keyed "tab").
  type Choice = "dateFormat" | "amountFormat" | "spendingSign" | "encoding" | "separator";
  const choice = <Key extends Choice>(
    key: Key,
    values: readonly NonNullable<ImportOptions[Key]>[],
    apply: (patch: ImportOptions) => void,
    labelKey: (value: string) => string = (value) => value,
    hint?: { text: string; testId: string },
  ) => (
    <SettingSelect
      hint={hint?.text}
      hintTestId={hint?.testId}
      label={t(`imports.settings.${key}`)}
      value={settings[key]}
      options={values.map((value) => ({
        value,
        label: t(`imports.${key}s.${labelKey(value)}`),
      }))}
      disabled={disabled}
      onChange={(value) => apply({ [key]: value } as ImportOptions)}
    />
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-lg leading-tight">{t("imports.settings.title")}</h2>
        <p className="text-muted-foreground text-sm">{t("imports.settings.hint")}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.dateFormatAmbiguous ? <Alert>{t("imports.settings.dateAmbiguous")}</Alert> : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {column("date")}
          {column("description")}
          {column("amount")}
          {choice("dateFormat", importDateFormats, change)}
          {choice("amountFormat", importAmountFormats, change)}
          {/* Why the signs are read so, beside the choice that changes it
              (docs/product.md#reading-the-file). */}
          {choice("spendingSign", importSpendingSigns, change, undefined, {
            text: t(signGuessKey(settings, signChosen)),
            testId: "sign-guess",
          })}
          {choice("encoding", importEncodings, reread)}
          {choice("separator", importSeparators, reread, (value) =>
            value === "\t" ? "tab" : value,
          )}
          <SettingSelect
            label={t("imports.settings.header")}
            value={settings.hasHeader ? "yes" : "no"}
            options={[
              { value: "yes", label: t("imports.settings.headerYes") },
              { value: "no", label: t("imports.settings.headerNo") },
            ]}
            disabled={disabled}
            onChange={(value) => reread({ hasHeader: value === "yes" })}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function LineRow({
  line,
  ticked,
  categoryId,
  categoryOptions,
  credit,
  onTick,
  onCategory,
  onCredit,
}: {
  line: ImportPreviewLine;
  ticked: boolean;
  categoryId: string;
  categoryOptions: { value: string; label: string }[];
  credit: CreditChoice;
  onTick: (ticked: boolean) => void;
  onCategory: (categoryId: string) => void;
  onCredit: (choice: CreditChoice) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const selectId = useId();
  const importable = canImport(line);
  const creditLine = isCredit(line);
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
          {line.notSpending ? <Badge variant="secondary">{t("imports.notSpending")}</Badge> : null}
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
      ) : importable ? (
        <div className="grid min-w-0 gap-1">
          <label htmlFor={selectId} className="sr-only">
            {t("imports.categoryOfLine", { number: line.lineNumber })}
          </label>
          <NativeSelect
            id={selectId}
            value={categoryId}
            onChange={(event) => onCategory(event.target.value)}
          >
            <option value="">{t("imports.chooseCategory")}</option>
            {categoryOptions.map((option) => (
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

function PreviewLines({
  preview,
  fileName,
  method,
  billId,
  idempotencyKey,
  onImported,
}: {
  preview: ImportPreview;
  fileName: string;
  /** "Pago com", and with a card the bill chosen ("" for the bill of each line's date). */
  method: PaymentMethod | undefined;
  billId: string;
  idempotencyKey: string;
  onImported: (result: ImportResult) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const categories = useCategories();
  const commit = useCommitImport();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(preview));
  const [page, setPage] = useState(0);
  const [bulkCategory, setBulkCategory] = useState("");
  const bulkId = useId();
  const categoryOptions = useMemo(
    () =>
      // Inactive ones too: the category last used for a description may have been set aside.
      (categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
    [categories.data],
  );
  const summary = selectionSummary(preview, selection);
  const credits = summary.incomes + summary.refunds;
  const pages = Math.ceil(preview.lines.length / PAGE_SIZE);
  const first = page * PAGE_SIZE;
  const shown = preview.lines.slice(first, first + PAGE_SIZE);

  const update = (
    index: number,
    patch: { ticked?: boolean; category?: string; credit?: CreditChoice },
  ) =>
    setSelection((current) => ({
      credits:
        patch.credit === undefined
          ? current.credits
          : current.credits.map((value, i) => (i === index ? (patch.credit as string) : value)),
      ticked:
        patch.ticked === undefined
          ? current.ticked
          : current.ticked.map((value, i) => (i === index ? (patch.ticked as boolean) : value)),
      categories:
        patch.category === undefined
          ? current.categories
          : current.categories.map((value, i) =>
              i === index ? (patch.category as string) : value,
            ),
    }));

  const submit = async () => {
    try {
      const result = await commit.mutateAsync({
        input: commitInput(preview, selection, { fileName, method, billId }),
        idempotencyKey,
      });
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
                ticked={selection.ticked[index] ?? false}
                categoryId={selection.categories[index] ?? ""}
                categoryOptions={categoryOptions}
                credit={selection.credits[index] ?? SKIP_CREDIT}
                onTick={(ticked) => update(index, { ticked })}
                onCategory={(category) => update(index, { category })}
                onCredit={(credit) => update(index, { credit })}
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
          {credits > 0 ? (
            <p className="text-sm" data-testid="import-credits-summary">
              {[
                summary.incomes > 0 ? t("imports.credit.incomes", { count: summary.incomes }) : "",
                summary.refunds > 0 ? t("imports.credit.refunds", { count: summary.refunds }) : "",
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
          {summary.missingCategory > 0 ? (
            <p className="text-destructive text-sm">
              {t("imports.missingCategory", { count: summary.missingCategory })}
            </p>
          ) : null}
          {commit.isError ? (
            <Alert variant="destructive">
              {commitErrorText(
                commit.error,
                (path) => creditLineNumber(preview, selection, path),
                t,
              )}
            </Alert>
          ) : null}
          <Button
            className="w-full sm:w-fit"
            disabled={
              summary.count + credits === 0 || summary.missingCategory > 0 || commit.isPending
            }
            onClick={submit}
          >
            {commit.isPending
              ? t("imports.importing")
              : credits > 0
                ? t("imports.credit.import", { count: summary.count + credits })
                : t("imports.import", { count: summary.count })}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * "Pago com" (docs/product.md#into-a-card): none, or one of the family's active methods; with a
 * card, "Fatura": each line in the bill of its date, or every line in one of the card's bills.
 * Not drawn when the family has no active method, so the screen stays as it was for them.
 */
function PaidWithChoice({
  methods,
  method,
  billId,
  onMethod,
  onBill,
}: {
  methods: readonly PaymentMethod[];
  method: PaymentMethod | undefined;
  billId: string;
  onMethod: (method: PaymentMethod | undefined) => void;
  onBill: (billId: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const card = method?.kind === "credit_card" ? method : undefined;
  const bills = useQuery({ ...cardBillsQueryOptions(card?.id ?? ""), enabled: card !== undefined });
  if (methods.length === 0 && !method) return null;
  const chosenBill = bills.data?.find((bill) => bill.id === billId);
  const choices =
    method && !methods.some((choice) => choice.id === method.id) ? [...methods, method] : methods;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SettingSelect
        label={t("imports.paidWith.label")}
        value={method?.id ?? ""}
        options={[
          { value: "", label: t("imports.paidWith.none") },
          ...choices.map((choice) => ({
            value: choice.id,
            label: methods.includes(choice)
              ? choice.name
              : t("imports.paidWith.archived", { name: choice.name }),
          })),
        ]}
        onChange={(id) => onMethod(choices.find((choice) => choice.id === id))}
      />
      {card ? (
        <SettingSelect
          label={t("imports.bill.choose")}
          value={billId}
          options={[
            { value: "", label: t("imports.bill.byDate") },
            ...(bills.data ?? []).map((bill) => ({
              value: bill.id,
              label: billChoiceTexts(bill, t, language).label,
            })),
          ]}
          hint={
            chosenBill
              ? t("imports.bill.chosenHint", {
                  days: billChoiceTexts(chosenBill, t, language).days,
                })
              : t("imports.bill.byDateHint")
          }
          onChange={onBill}
        />
      ) : null}
    </div>
  );
}

function Importer() {
  const { t } = useTranslation();
  const previewCall = usePreviewImport();
  const paymentMethods = usePaymentMethods();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [preview, setPreview] = useState<{ data: ImportPreview; key: string } | null>(null);
  // What the person chose in "Como ler o arquivo" for the reading on screen.
  const [chosen, setChosen] = useState<ImportOptions>({});
  // The method as chosen: archived or deleted meanwhile, it stays chosen and the import is
  // refused saying so, rather than importing the lines as paid with nothing.
  const [method, setMethod] = useState<PaymentMethod | undefined>(undefined);
  const [billId, setBillId] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const inputId = useId();
  const activeMethods = useMemo(
    () => (paymentMethods.data ?? []).filter((method) => method.isActive),
    [paymentMethods.data],
  );

  const read = async (
    loaded: LoadedFile,
    options: ImportOptions,
    paidWith: PaymentMethod | undefined = method,
  ) => {
    setChosen(options);
    try {
      const data = await previewCall.mutateAsync({
        fileName: loaded.name.slice(0, 255),
        contentBase64: loaded.contentBase64,
        options: readingOptions(options, paidWith),
        // The method's purchases are the ones a credit may refund (docs/product.md#credits).
        ...(paidWith ? { paymentMethodId: paidWith.id } : {}),
      });
      // A new preview is a new submission: its own Idempotency-Key.
      setPreview({ data, key: newIdempotencyKey() });
    } catch {
      setPreview(null);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Choosing the same file again (after fixing it) must read it again.
    event.target.value = "";
    setResult(null);
    setFileError(null);
    setPreview(null);
    previewCall.reset();
    if (!picked) return;
    if (picked.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setFileError(t("validation.importFileTooLarge", { max: IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    const loaded = { name: picked.name, contentBase64: await readBase64(picked) };
    setFile(loaded);
    await read({ name: loaded.name, contentBase64: loaded.contentBase64 }, {});
  };

  const choosePaidWith = (next: PaymentMethod | undefined) => {
    const before = method;
    setMethod(next);
    setBillId("");
    // Into a card the file is a card statement; out of one, it is read by its signs again. A
    // sign the person chose gives way to the card's (docs/product.md#reading-the-file).
    if (file && preview && readsAnotherKind(before, next)) {
      const { spendingSign: _givesWay, ...rest } = chosen;
      void read(file, rest, next);
    } else if (file && preview?.data.lines.some(isCredit)) {
      // The credits' proposed purchases are the new method's.
      void read(file, chosen, next);
    }
  };

  const error = fileError ?? (previewCall.isError ? errorDescription(previewCall.error) : null);
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="grid gap-3 pt-5 sm:pt-6">
          <Label htmlFor={inputId}>
            <Upload aria-hidden="true" className="size-4" />
            {t("imports.chooseFile")}
          </Label>
          {/* The browser's own button would speak the browser's language, not the person's: the
              input is kept (for keyboards, screen readers and drops) under a button of ours. */}
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <input
              id={inputId}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={choose}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              className={cn(
                buttonVariants({ variant: "outline" }),
                "cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50",
              )}
            >
              {t("imports.pickFile")}
            </label>
            <span className="min-w-0 break-all text-muted-foreground text-sm">
              {file?.name ?? t("imports.noFile")}
            </span>
          </div>
          <p className="text-muted-foreground text-sm">{t("imports.fileHint")}</p>
          <PaidWithChoice
            methods={activeMethods}
            method={method}
            billId={billId}
            onMethod={choosePaidWith}
            onBill={setBillId}
          />
          {previewCall.isPending ? (
            <p className="text-muted-foreground text-sm" role="status">
              {t("imports.reading")}
            </p>
          ) : null}
          {error ? <Alert variant="destructive">{error}</Alert> : null}
          {result ? (
            <Alert variant="success">
              <p>
                {t("imports.done", {
                  count: result.importedCount - result.incomeCount - result.refundCount,
                })}
                {result.incomeCount > 0
                  ? ` ${t("imports.credit.incomesDone", { count: result.incomeCount })}`
                  : ""}
                {result.refundCount > 0
                  ? ` ${t("imports.credit.refundsDone", { count: result.refundCount })}`
                  : ""}
              </p>
              <Link href="/expenses" className="font-medium underline underline-offset-4">
                {t("imports.seeExpenses")}
              </Link>
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      {preview && file && !result ? (
        <>
          <Settings
            preview={preview.data}
            signChosen={chosen.spendingSign !== undefined}
            disabled={previewCall.isPending}
            onChange={(options) => read(file, options)}
          />
          <PreviewLines
            key={preview.key}
            preview={preview.data}
            fileName={file.name}
            method={method}
            billId={billId}
            idempotencyKey={preview.key}
            onImported={(done) => {
              setResult(done);
              setPreview(null);
            }}
          />
        </>
      ) : null}
    </div>
  );
}

/** "Importar CSV": a bank statement's lines become expenses, reached from the Expenses page. */
export function ImportPage() {
  const { t } = useTranslation();
  const title = t("pages.imports.title");
  useDocumentTitle(title);
  const family = useFamilyQuery();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-2">
        <Link
          href="/expenses"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground sm:min-h-0"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("imports.back")}
        </Link>
        <PageTitle>{title}</PageTitle>
        <p className="text-muted-foreground text-sm">{t("imports.intro")}</p>
      </div>
      <RequireFamily family={family} fallback={<Skeleton className="h-44 w-full rounded-2xl" />}>
        <Importer />
      </RequireFamily>
    </div>
  );
}

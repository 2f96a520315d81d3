import { ArrowLeft, Upload } from "lucide-react";
import { type ChangeEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  IMPORT_MAX_BYTES,
  type ImportOptions,
  type ImportPreview,
  type ImportResult,
} from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { useFamilyQuery } from "../../api/family/get-family";
import { usePreviewImport } from "../../api/imports/preview-import";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { offeredToReader } from "../../api/payment-methods/payment-method-choices";
import { PageTitle } from "../../components/layout/page-title";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { buttonVariants } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { errorDescription } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { readingOptions, readsAnotherKind } from "./import-reading";
import { isAccount, isCredit } from "./import-selection";
import { importDoneText, type ReconcileLink, reconcileLinkOf } from "./import-view";
import { PaidWithChoice } from "./paid-with-choice";
import { PreviewLines } from "./preview-lines";
import { ReadingSettings } from "./reading-settings";
import { importsTexts } from "./texts";

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

function Importer() {
  const { t } = useTranslation(importsTexts);
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
  // An OFX's ledger balance, offered once its lines are in the account (docs/product.md#ofx-import).
  const [reconcileLink, setReconcileLink] = useState<ReconcileLink | null>(null);
  const language = useLanguage();
  const inputId = useId();
  const activeMethods = useMemo(
    () => (paymentMethods.data ?? []).filter(offeredToReader),
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
    setReconcileLink(null);
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
    } else if (
      file &&
      preview &&
      (preview.data.lines.some(isCredit) || isAccount(before) || isAccount(next))
    ) {
      // The credits' proposed purchases are the new method's, and so are, into an account, the
      // card a bill's payment pays and the other side of a transfer (docs/product.md#ofx-import).
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
              accept=".csv,.txt,.ofx,text/csv,text/plain,application/x-ofx"
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
              <p>{importDoneText(result, t)}</p>
              <Link href="/expenses" className="font-medium underline underline-offset-4">
                {t("imports.seeExpenses")}
              </Link>
              {reconcileLink ? (
                <Link
                  href={reconcileLink.href}
                  className="block font-medium underline underline-offset-4"
                >
                  {t("imports.reconcile", {
                    account: reconcileLink.account,
                    amount: formatMoney(reconcileLink.amount, language),
                    date: formatDate(reconcileLink.date, language),
                  })}
                </Link>
              ) : null}
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      {preview && file && !result ? (
        <>
          <ReadingSettings
            preview={preview.data}
            signChosen={chosen.spendingSign !== undefined}
            disabled={previewCall.isPending}
            onChange={(options) => read(file, options)}
          />
          {/* The lines' categories come from the family's rules (docs/product.md#category-rules). */}
          <Link
            href="/categories/rules"
            className="-my-3 justify-self-end text-sm underline underline-offset-4"
          >
            {t("imports.rulesLink")}
          </Link>
          <PreviewLines
            key={preview.key}
            preview={preview.data}
            fileName={file.name}
            methods={paymentMethods.data ?? []}
            method={method}
            billId={billId}
            idempotencyKey={preview.key}
            onImported={(done) => {
              setResult(done);
              setReconcileLink(reconcileLinkOf(preview.data, method));
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
  const { t } = useTranslation(importsTexts);
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

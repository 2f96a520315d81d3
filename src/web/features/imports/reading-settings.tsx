import { useTranslation } from "react-i18next";
import {
  type ImportOptions,
  type ImportPreview,
  importAmountFormats,
  importDateFormats,
  importEncodings,
  importSeparators,
  importSpendingSigns,
} from "../../../contract/imports";
import { Alert } from "../../components/ui/alert";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { shownOptions, signGuessKey } from "./import-reading";
import { columnOptions } from "./import-view";
import { SettingSelect } from "./setting-select";
import { importsTexts } from "./texts";

/** "Como ler o arquivo": the columns and formats the preview was read with, each a choice. */
export function ReadingSettings({
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
  const { t } = useTranslation(importsTexts);
  const { settings } = preview;
  const columns = columnOptions(preview, t);
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
      options={columns}
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
        {/* An OFX says its own dates, amounts and columns (docs/product.md#ofx-import): what it
            is, and the signs, which a person may still read the other way round. */}
        {settings.format === "ofx" ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <p className="text-sm sm:col-span-2" data-testid="ofx-statement">
              {t(`imports.settings.ofx.${settings.statementKind}`)}
            </p>
            {choice("spendingSign", importSpendingSigns, change)}
          </div>
        ) : (
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
        )}
      </CardContent>
    </Card>
  );
}

import {
  IMPORT_PREVIEW_MAX_BYTES,
  type ImportPreview,
  type ImportPreviewInput,
} from "../../../contract/imports";
import {
  foldText,
  guessAmountFormat,
  guessColumns,
  guessDateFormat,
  guessSpendingSign,
  looksLikeHeader,
  parseAmount,
  parseLine,
} from "./detect";
import {
  assertLineCount,
  badFile,
  decodeBase64,
  decodeText,
  guessSeparator,
  readRecords,
  usualColumnCount,
} from "./read-file";

/**
 * The database-free parts of a preview: from the base64 text to each line's verdict, and from the
 * family's duplicates and last categories to the answer's JSON text. Both run in the preview
 * worker (preview-worker.ts), off the event loop: a 5 MB file costs seconds of CPU and its answer
 * megabytes of text, which the server's other requests must not wait for
 * (docs/product.md#csv-import).
 */
export type ParsedPreview = {
  settings: ImportPreview["settings"];
  columnNames: string[];
  /**
   * Each line of the answer as JSON text without its closing brace: the service adds the two
   * fields that come from the database (duplicate, suggestedCategoryId).
   */
  lines: string[];
  /** The readable lines for the duplicate lookup, as the JSON its statement reads. */
  candidatesJson: string;
  /** The folded descriptions of the readable lines, once each. */
  keys: string[];
  /** For each line, its description's index in `keys`; -1 for a line with an error. */
  lineKeys: Int32Array;
};

/** What the service adds to each line, at most: `,"duplicate":false,"suggestedCategoryId":"<uuid>"}`. */
const DATABASE_FIELDS_BYTES = 80;

export function parsePreview(input: ImportPreviewInput): ParsedPreview {
  const options = input.options ?? {};
  const { text, encoding } = decodeText(decodeBase64(input.contentBase64), options.encoding);
  assertLineCount(text);
  const separator = options.separator ?? guessSeparator(text);
  const records = readRecords(text, separator);
  const hasHeader = options.hasHeader ?? looksLikeHeader(records[0]);
  const header = hasHeader ? records[0] : undefined;
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length === 0) throw badFile("validation.importEmpty");
  // The header says how many columns there are; without one, what most lines have.
  const maxColumns = header ? header.cells.length : usualColumnCount(rows);
  const columnNames = header
    ? header.cells.map((cell) => cell.trim())
    : Array.from({ length: maxColumns }, (_, i) => String(i + 1));
  const columns = options.columns ?? guessColumns(columnNames, rows);

  const valuesOf = (column: number) =>
    rows.map((row) => row.cells[column]?.trim() ?? "").filter((value) => value !== "");
  const guessedDate = guessDateFormat(valuesOf(columns.date));
  const dateFormat = options.dateFormat ?? guessedDate.dateFormat;
  const amountValues = valuesOf(columns.amount);
  const amountFormat = options.amountFormat ?? guessAmountFormat(amountValues);
  const guessedSign = guessSpendingSign(
    amountValues.flatMap((value) => {
      const parsed = parseAmount(value, amountFormat);
      return "cents" in parsed ? [parsed.cents] : [];
    }),
    options.statementKind,
  );
  const spendingSign = options.spendingSign ?? guessedSign.spendingSign;
  const settings = {
    encoding,
    separator,
    hasHeader,
    dateFormat,
    dateFormatAmbiguous: guessedDate.ambiguous,
    amountFormat,
    spendingSign,
    statementKind: guessedSign.statementKind,
    spendingSignReason: options.spendingSign ? ("chosen" as const) : guessedSign.reason,
    columns,
  };
  const lineSettings = { columns, dateFormat, amountFormat, spendingSign, maxColumns };

  // The answer's size is counted as it is written, and the file refused past the cap: a line's
  // cells come back in full, so a file of tiny cells (or of characters JSON escapes) answers
  // several times its own size.
  let bytes = Buffer.byteLength(JSON.stringify({ settings, columnNames }));
  const tooLarge = () =>
    badFile("validation.importPreviewTooLarge", {
      max: IMPORT_PREVIEW_MAX_BYTES / 1024 / 1024,
    });
  if (bytes > IMPORT_PREVIEW_MAX_BYTES) throw tooLarge();
  const lines: string[] = [];
  const candidates: {
    n: number;
    d: string | null;
    a: string | null;
    k: string;
    p: number | null;
    c: number | null;
  }[] = [];
  const keyIndex = new Map<string, number>();
  const lineKeys = new Int32Array(rows.length).fill(-1);
  rows.forEach((row, index) => {
    const line = parseLine(row, lineSettings);
    const json = JSON.stringify(line).slice(0, -1);
    bytes += Buffer.byteLength(json) + DATABASE_FIELDS_BYTES;
    if (bytes > IMPORT_PREVIEW_MAX_BYTES) throw tooLarge();
    lines.push(json);
    if (line.errorKey !== null) return;
    const k = foldText(line.description);
    candidates.push({
      n: index,
      d: line.date,
      a: line.amount,
      k,
      p: line.installment?.number ?? null,
      c: line.installment?.count ?? null,
    });
    let key = keyIndex.get(k);
    if (key === undefined) {
      key = keyIndex.size;
      keyIndex.set(k, key);
    }
    lineKeys[index] = key;
  });
  return {
    settings,
    columnNames,
    lines,
    candidatesJson: JSON.stringify(candidates),
    keys: [...keyIndex.keys()],
    lineKeys,
  };
}

/** What the family's data says of the lines (service.ts's two statements). */
export type PreviewLookups = {
  /** The indexes of the lines the family already has. */
  duplicates: Int32Array;
  /** For each of `keys`, the category last used for it, if any. */
  categories: (string | null)[];
};

/** The answer's JSON text, in the contract's key order (importPreviewSchema). */
export function previewBody(parsed: ParsedPreview, lookups: PreviewLookups): string {
  const duplicates = new Set(lookups.duplicates);
  const lines = parsed.lines.map((line, index) => {
    const key = parsed.lineKeys[index] ?? -1;
    const category = key < 0 ? null : (lookups.categories[key] ?? null);
    const suggested = category === null ? "null" : JSON.stringify(category);
    return `${line},"duplicate":${duplicates.has(index)},"suggestedCategoryId":${suggested}}`;
  });
  const head = JSON.stringify({ settings: parsed.settings, columnNames: parsed.columnNames });
  return `${head.slice(0, -1)},"lines":[${lines.join(",")}]}`;
}

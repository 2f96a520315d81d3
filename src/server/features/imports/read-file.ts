import { parse } from "csv-parse/sync";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINES,
  type ImportEncoding,
  type ImportSeparator,
  importSeparators,
} from "../../../contract/imports";
import { AppError } from "../../errors";

/**
 * From the uploaded bytes to records of cells: the encoding, the separator, the CSV itself. Pure
 * (no database), so every bad-file case is a unit test; a bad file is a translated 4xx whose key
 * is in src/contract/messages (docs/product.md#csv-import).
 */

export type FileRecord = { lineNumber: number; cells: string[] };

/** A file-level refusal: the message says what is wrong with the file as a whole. */
export const badFile = (messageKey: string, params: Record<string, unknown> = {}, status = 400) =>
  new AppError(status === 413 ? "payload_too_large" : "validation_error", {
    messageKey,
    params,
    fieldErrors: [{ path: "contentBase64", messageKey, params }],
  });

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function decodeBase64(contentBase64: string): Buffer {
  if (contentBase64.length % 4 === 1 || !BASE64.test(contentBase64)) {
    throw badFile("validation.importUnreadable");
  }
  return Buffer.from(contentBase64, "base64");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
// Latin-1 files from Windows banks are windows-1252 (a superset for printable text: € and the
// curly quotes live in 0x80-0x9f); WHATWG's "latin1" label decodes as windows-1252 anyway.
const windows1252 = new TextDecoder("windows-1252");

/** Binary: a NUL byte, or more than 1% of other control characters besides tab and line breaks. */
function looksBinary(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) controls += 1;
  }
  return controls > sample.length / 100;
}

/**
 * UTF-8 when the bytes are valid UTF-8 (a byte order mark is dropped), else windows-1252: a
 * Latin-1 text with accents is almost never valid UTF-8 by chance.
 */
export function decodeText(
  bytes: Buffer,
  encoding?: ImportEncoding,
): { text: string; encoding: ImportEncoding } {
  if (bytes.length === 0) throw badFile("validation.importEmpty");
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw badFile("validation.importFileTooLarge", { max: IMPORT_MAX_BYTES / 1024 / 1024 }, 413);
  }
  if (looksBinary(bytes)) throw badFile("validation.importBinary");
  if (encoding === "windows-1252") return { text: windows1252.decode(bytes), encoding };
  try {
    return { text: utf8.decode(bytes), encoding: "utf-8" };
  } catch {
    if (encoding === "utf-8") throw badFile("validation.importNotUtf8");
    return { text: windows1252.decode(bytes), encoding: "windows-1252" };
  }
}

/** Non-empty lines, counted before parsing so a file of 5 MB of line breaks costs nothing. */
export function assertLineCount(text: string) {
  let lines = 0;
  let start = 0;
  for (let i = text.indexOf("\n"); ; i = text.indexOf("\n", start)) {
    const end = i === -1 ? text.length : i;
    if (text.slice(start, end).trim() !== "") lines += 1;
    if (lines > IMPORT_MAX_LINES) {
      throw badFile("validation.importTooManyLines", { max: IMPORT_MAX_LINES }, 413);
    }
    if (i === -1) break;
    start = i + 1;
  }
  if (lines === 0) throw badFile("validation.importEmpty");
}

type Parsed = { record: string[]; info: { lines: number } };

/** More cells than IMPORT_MAX_COLUMNS on a line: the file is refused as soon as one is read. */
const refuseWideLines = (parsed: Parsed) => {
  if (parsed.record.length > IMPORT_MAX_COLUMNS) {
    throw badFile("validation.importTooManyCells", {
      line: parsed.info.lines,
      max: IMPORT_MAX_COLUMNS,
    });
  }
  return parsed;
};

function parseRecords(
  text: string,
  delimiter: string,
  toLine?: number,
  onRecord?: (parsed: Parsed) => Parsed,
): FileRecord[] {
  const rows = parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    bom: true,
    info: true,
    to_line: toLine,
    // With `info`, csv-parse hands on_record the record with its info (its types say the cells).
    on_record: onRecord as never,
  }) as unknown as Parsed[];
  return rows
    .map(({ record, info }) => ({ lineNumber: info.lines, cells: record }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ""));
}

/** How many cells most records have, and the share of records that have that many. */
function columnCounts(records: FileRecord[]) {
  const counts = new Map<number, number>();
  for (const { cells } of records) counts.set(cells.length, (counts.get(cells.length) ?? 0) + 1);
  let mode = 0;
  let modeCount = 0;
  for (const [count, times] of counts) {
    if (times > modeCount || (times === modeCount && count > mode))
      [mode, modeCount] = [count, times];
  }
  return { mode, share: records.length ? modeCount / records.length : 0 };
}

/**
 * The separator under which the first 50 lines split most consistently into two or more columns;
 * ties go to the earlier of ; , tab | (';' first: with a decimal comma, ',' splits amounts).
 */
export function guessSeparator(text: string): ImportSeparator {
  let best: { separator: ImportSeparator; share: number; mode: number } | undefined;
  for (const separator of importSeparators) {
    let records: FileRecord[];
    try {
      records = parseRecords(text, separator, 50);
    } catch {
      // A quote never closed: count the separator on each line as it stands, so the file is
      // still read with its own separator and refused for its quote (not read with another).
      records = text
        .split("\n", 50)
        .filter((line) => line.trim() !== "")
        .map((line, index) => ({ lineNumber: index + 1, cells: line.split(separator) }));
    }
    const { mode, share } = columnCounts(records);
    if (mode < 2) continue;
    if (!best || share > best.share) best = { separator, share, mode };
  }
  return best?.separator ?? ";";
}

/** Every non-empty record; a file CSV cannot read (a quote never closed) is a 400. */
export function readRecords(text: string, separator: ImportSeparator): FileRecord[] {
  try {
    return parseRecords(text, separator, undefined, refuseWideLines);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const line = (error as { lines?: number }).lines;
    throw badFile("validation.importUnreadable", line ? { line } : {});
  }
}

/** The column count most records have: more than that on a line is an error on that line. */
export const usualColumnCount = (records: FileRecord[]) => columnCounts(records).mode;

import type { RuleAction } from "../../../contract/category-rules";
import {
  IMPORT_MAX_LINES,
  IMPORT_PREVIEW_MAX_BYTES,
  IMPORT_REFUND_CANDIDATES,
  type ImportPreview,
  type ImportPreviewInput,
  type ImportPreviewLine,
  type ImportRefundCandidate,
  type ImportStatementKind,
} from "../../../contract/imports";
import { toCents } from "../../../contract/money";
import { payeeKey } from "../../../domain/payee";
import {
  foldText,
  guessAmountFormat,
  guessColumns,
  guessDateFormat,
  guessSpendingSign,
  looksLikeHeader,
  looksLikeTransfer,
  parseAmount,
  parseLine,
  refundKeyOf,
} from "./detect";
import { looksLikeOfx, OfxReadError, type OfxTransaction, readOfx } from "./ofx";
import {
  assertLineCount,
  badFile,
  decodeBase64,
  decodeText,
  type FileRecord,
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
  /** The payee keys of the readable lines' descriptions (domain/payee.ts), once each. */
  keys: string[];
  /** For each line, its description's index in `keys`; -1 for a line with an error. */
  lineKeys: Int32Array;
  /**
   * The credits' purchase keys (refundKeyOf), once each, with the smallest credit and the latest
   * date among the credits of each, as the JSON the refund lookup reads.
   */
  refundKeysJson: string;
  /** For each line, its index in the refund keys; -1 for a line that is no readable credit. */
  lineRefundKeys: Int32Array;
  /**
   * The lines that may be money between the family's accounts (docs/product.md#ofx-import), as
   * the JSON the transfer lookup reads: the readable debits and credits written as a transfer
   * (looksLikeTransfer), a card bill's payment never; `s` is "d" or "c".
   */
  moneyLinesJson: string;
  /** The debits that pay a card's bill: line index -> amount, for the card the preview suggests. */
  billPaymentLines: Map<number, string>;
  /** The method the import names, for the refund lookup and the bank's ids it already has. */
  paymentMethodId: string | null;
  /** The lines that repeat an earlier one of the file exactly: duplicates whatever the family has. */
  fileDuplicates: number[];
  statementBalance: ImportPreview["statementBalance"];
};

/**
 * What the service adds to each line, at most, without a credit's proposals:
 * `,"duplicate":false,"suggestedCategoryId":"<uuid>","ruleId":"<uuid>","refundCandidates":[],
 * "suggestedCardId":"<uuid>","transferMatch":{"kind":"transfer","id":"<uuid>","methodId":"<uuid>",
 * "date":"YYYY-MM-DD"}}`.
 */
const DATABASE_FIELDS_BYTES = 320;

/** What a file is read into before its lines are: its records, and how they were found. */
type ReadFile = {
  format: ImportPreview["settings"]["format"];
  encoding: ImportPreview["settings"]["encoding"];
  separator: ImportPreview["settings"]["separator"];
  hasHeader: boolean;
  columnNames: string[];
  rows: FileRecord[];
  maxColumns: number;
  columns: ImportPreview["settings"]["columns"];
  /** An OFX says which statement it is (a card's or a bank's); a CSV's is guessed from its signs. */
  statementKind?: ImportStatementKind;
  /** The indexes of the rows that repeat an earlier one of the file exactly (an OFX's). */
  fileDuplicates?: number[];
  /** An OFX's ledger balance, on its day. */
  statementBalance?: ImportPreview["statementBalance"];
};

/** The OFX's own names of the four columns its transactions are read into (ofxFile). */
const OFX_COLUMNS = ["DTPOSTED", "NAME/MEMO", "TRNAMT", "FITID"];

/**
 * A bank's OFX statement (docs/product.md#ofx-import) as the records of a CSV: each transaction
 * a line of its date, what the bank calls it, its signed amount and its id. Both a bank's and a
 * card's OFX write spending negative (the account holder's side), so the sign is not guessed.
 */
function ofxFile(bytes: Buffer): ReadFile {
  let statement: ReturnType<typeof readOfx>;
  try {
    statement = readOfx(bytes);
  } catch (error) {
    if (!(error instanceof OfxReadError)) throw error;
    throw badFile(error.messageKey, error.line === null ? {} : { line: error.line });
  }
  if (statement.transactions.length === 0) throw badFile("validation.importEmpty");
  if (statement.transactions.length > IMPORT_MAX_LINES) {
    throw badFile("validation.importTooManyLines", { max: IMPORT_MAX_LINES });
  }
  const ids = ofxImportIds(statement.transactions);
  const rows = statement.transactions.map((transaction, index) => ({
    // The transaction's place in the statement: an OFX's lines are its tags, not its entries.
    lineNumber: index + 1,
    cells: [
      transaction.date,
      ofxDescription(transaction),
      transaction.amount,
      ids.importIds[index] ?? "",
    ],
  }));
  return {
    format: "ofx",
    encoding: "utf-8",
    separator: ";",
    hasHeader: false,
    columnNames: OFX_COLUMNS,
    rows,
    maxColumns: OFX_COLUMNS.length,
    columns: { date: 0, description: 1, amount: 2 },
    statementKind: statement.kind,
    fileDuplicates: ids.repeated,
    statementBalance: statementBalanceOf(statement),
  };
}

/**
 * The bank's balance the file states (LEDGERBAL), on its DTASOF, or when a bank leaves that out
 * ("00000000") on the file's last transaction's day.
 */
function statementBalanceOf(statement: ReturnType<typeof readOfx>) {
  const balance = statement.ledgerBalance;
  if (!balance) return null;
  // "YYYY-MM-DD" sorts as the calendar does.
  const lastDay = statement.transactions
    .map((transaction) => transaction.date)
    .sort()
    .at(-1);
  const date = balance.date ?? lastDay ?? null;
  return date === null ? null : { amount: balance.amount, date };
}

/**
 * Each transaction's identity in the file (docs/product.md#ofx-import): its FITID, unless an
 * earlier transaction had it. Some banks give one FITID to different transactions: a later one
 * with another date, amount or text becomes "FITID#2", "FITID#3"…, in the file's order, so
 * importing the same file again finds each; one that repeats an earlier transaction exactly is
 * the same transaction written twice, a duplicate within the file.
 */
function ofxImportIds(transactions: readonly OfxTransaction[]) {
  const seen = new Map<string, string[]>();
  const repeated: number[] = [];
  const importIds = transactions.map((transaction, index) => {
    if (transaction.fitId === null || transaction.fitId === "") return null;
    const what = `${transaction.date} ${transaction.amount} ${transaction.name} ${transaction.memo}`;
    const earlier = seen.get(transaction.fitId) ?? [];
    seen.set(transaction.fitId, earlier);
    const same = earlier.indexOf(what);
    if (same >= 0) {
      repeated.push(index);
      return same === 0 ? transaction.fitId : `${transaction.fitId}#${same + 1}`;
    }
    earlier.push(what);
    return earlier.length === 1 ? transaction.fitId : `${transaction.fitId}#${earlier.length}`;
  });
  return { importIds, repeated };
}

/**
 * A transaction's description: its NAME and its MEMO, once when one holds the other (banks write
 * the same words in both, or leave one empty).
 */
function ofxDescription(transaction: { name: string; memo: string }): string {
  const { name, memo } = transaction;
  if (foldText(name).includes(foldText(memo))) return name;
  if (foldText(memo).includes(foldText(name))) return memo;
  return `${name} ${memo}`;
}

/** A CSV or spreadsheet text: its encoding, separator, header and columns, chosen or guessed. */
function csvFile(bytes: Buffer, options: NonNullable<ImportPreviewInput["options"]>): ReadFile {
  const { text, encoding } = decodeText(bytes, options.encoding);
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
  return { format: "csv", encoding, separator, hasHeader, columnNames, rows, maxColumns, columns };
}

export function parsePreview(input: ImportPreviewInput): ParsedPreview {
  const options = input.options ?? {};
  const content = decodeBase64(input.contentBase64);
  const file = looksLikeOfx(content) ? ofxFile(content) : csvFile(content, options);
  const { encoding, separator, hasHeader, columnNames, rows, maxColumns } = file;
  // An OFX's columns are its own: the dates, amounts and sign it writes, whatever was chosen for
  // a CSV before (the person may still read the signs the other way round).
  const columns = file.format === "ofx" ? file.columns : (options.columns ?? file.columns);

  const valuesOf = (column: number) =>
    rows.map((row) => row.cells[column]?.trim() ?? "").filter((value) => value !== "");
  const ofx = file.format === "ofx";
  const guessedDate = ofx
    ? { dateFormat: "yyyy-mm-dd" as const, ambiguous: false }
    : guessDateFormat(valuesOf(columns.date));
  const dateFormat = ofx ? guessedDate.dateFormat : (options.dateFormat ?? guessedDate.dateFormat);
  const amountValues = valuesOf(columns.amount);
  const amountFormat = ofx ? "dot" : (options.amountFormat ?? guessAmountFormat(amountValues));
  const guessedSign = ofx
    ? {
        spendingSign: "negative" as const,
        statementKind: file.statementKind ?? "bank",
        reason:
          file.statementKind === "card" ? ("cardStatement" as const) : ("bankStatement" as const),
      }
    : guessSpendingSign(
        amountValues.flatMap((value) => {
          const parsed = parseAmount(value, amountFormat);
          return "cents" in parsed ? [parsed.cents] : [];
        }),
        options.statementKind,
      );
  const spendingSign = options.spendingSign ?? guessedSign.spendingSign;
  const settings = {
    format: file.format,
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
  let bytes = Buffer.byteLength(
    JSON.stringify({ settings, columnNames, statementBalance: file.statementBalance ?? null }),
  );
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
    /** The bank's id of the transaction, when the file gives one (an OFX). */
    f: string | null;
    /** The payee key (domain/payee.ts), which the family's rules read besides the description. */
    y: string;
  }[] = [];
  const keyIndex = new Map<string, number>();
  const lineKeys = new Int32Array(rows.length).fill(-1);
  const refundKeys = new Map<string, { r: number; k: string; a: string; d: string }>();
  const lineRefundKeys = new Int32Array(rows.length).fill(-1);
  const moneyLines: { n: number; d: string; a: string; s: "d" | "c" }[] = [];
  const billPaymentLines = new Map<number, string>();
  rows.forEach((row, index) => {
    const line = {
      ...parseLine(row, lineSettings),
      importId: file.format === "ofx" ? row.cells[3] || null : null,
    };
    const json = JSON.stringify(line).slice(0, -1);
    bytes += Buffer.byteLength(json) + DATABASE_FIELDS_BYTES;
    if (bytes > IMPORT_PREVIEW_MAX_BYTES) throw tooLarge();
    lines.push(json);
    if (line.errorKey !== null) return;
    const k = foldText(line.description);
    // The category suggested is the payee's (docs/product.md#csv-import), whatever the spelling.
    const payee = payeeKey(line.description);
    candidates.push({
      n: index,
      d: line.date,
      a: line.amount,
      k,
      p: line.installment?.number ?? null,
      c: line.installment?.count ?? null,
      f: line.importId,
      y: payee,
    });
    let key = keyIndex.get(payee);
    if (key === undefined) {
      key = keyIndex.size;
      keyIndex.set(payee, key);
    }
    lineKeys[index] = key;
    if (line.date === null || line.amount === null) return;
    if (line.cardBillPayment) {
      if (!line.notSpending) billPaymentLines.set(index, line.amount);
    } else if (looksLikeTransfer(line.description)) {
      // Only a line the bank wrote as money sent or received (TED, PIX, TRANSF) may be the other
      // side of a transfer: a purchase or a salary of the same amount, days apart, is not, and
      // the screen would offer to replace what the other account has with a transfer.
      moneyLines.push({ n: index, d: line.date, a: line.amount, s: line.notSpending ? "c" : "d" });
    }
    if (!line.notSpending) return;
    const refundKey = refundKeyOf(line.description);
    if (refundKey === "") return;
    const found = refundKeys.get(refundKey);
    if (found) {
      if (toCents(line.amount) < toCents(found.a)) found.a = line.amount;
      if (line.date > found.d) found.d = line.date;
    } else {
      refundKeys.set(refundKey, { r: refundKeys.size, k: refundKey, a: line.amount, d: line.date });
    }
    lineRefundKeys[index] = refundKeys.get(refundKey)?.r ?? -1;
  });
  return {
    settings,
    columnNames,
    lines,
    candidatesJson: JSON.stringify(candidates),
    keys: [...keyIndex.keys()],
    lineKeys,
    refundKeysJson: JSON.stringify([...refundKeys.values()]),
    lineRefundKeys,
    moneyLinesJson: JSON.stringify(moneyLines),
    billPaymentLines,
    paymentMethodId: input.paymentMethodId ?? null,
    fileDuplicates: file.fileDuplicates ?? [],
    statementBalance: file.statementBalance ?? null,
  };
}

/** What the database is asked of a file (service.ts's previewLookups). */
export type LookupInput = Pick<
  ParsedPreview,
  "candidatesJson" | "keys" | "refundKeysJson" | "moneyLinesJson" | "paymentMethodId"
> & {
  /** The file has a debit that pays a card's bill: the family's cards are looked up for it. */
  hasBillPayments: boolean;
};

/** What an import's line between the family's accounts matches (contract: transferMatch). */
export type TransferMatch = NonNullable<ImportPreviewLine["transferMatch"]>;

/** What the family's data says of the lines (service.ts's three statements). */
export type PreviewLookups = {
  /** The indexes of the lines the family already has. */
  duplicates: Int32Array;
  /** For each of `keys`, the category the family used most for that payee, if any. */
  categories: (string | null)[];
  /**
   * The lines a family's rule matches (docs/product.md#category-rules): line index -> the first
   * rule's action, which decides before the payee's history.
   */
  rules: Map<number, RuleAction>;
  /**
   * For each refund key, the family's purchases it may return, newest first (service.ts): each
   * credit proposes those dated on or before it with at least its amount left.
   */
  refunds: ImportRefundCandidate[][];
  /**
   * The lines that are money between the family's accounts (docs/product.md#ofx-import): line
   * index -> what they match; a transfer already recorded makes the line a duplicate.
   */
  transfers: Map<number, TransferMatch>;
  /**
   * In an import into an account with a card bill's payment, the family's active cards the caller
   * may use, each with the totals of its bills not fully paid; empty otherwise.
   */
  cards: { id: string; totals: string[] }[];
};

/**
 * The card a bill's payment likely pays (docs/product.md#ofx-import): the family's one active
 * card, else the one card with an open or closed bill of the payment's amount; null otherwise.
 */
export function suggestedCardOf(
  cards: PreviewLookups["cards"],
  amount: string | undefined,
): string | null {
  if (cards.length === 1) return cards[0]?.id ?? null;
  if (amount === undefined) return null;
  const cents = toCents(amount);
  const matching = cards.filter((card) => card.totals.some((total) => toCents(total) === cents));
  return matching.length === 1 ? (matching[0]?.id ?? null) : null;
}

/** A credit's proposed purchases: of its key's, those it fits, newest first, a few. */
export function refundCandidatesOf(
  purchases: readonly ImportRefundCandidate[],
  credit: { date: string; amount: string },
): ImportRefundCandidate[] {
  const cents = toCents(credit.amount);
  return purchases
    .filter((purchase) => purchase.date <= credit.date && toCents(purchase.left) >= cents)
    .slice(0, IMPORT_REFUND_CANDIDATES);
}

/** The answer's JSON text, in the contract's key order (importPreviewSchema). */
export function previewBody(parsed: ParsedPreview, lookups: PreviewLookups): string {
  const duplicates = new Set([...lookups.duplicates, ...parsed.fileDuplicates]);
  // A transfer already recorded between the two accounts is this line, seen from its account.
  for (const [index, match] of lookups.transfers) {
    if (match.kind === "transfer") duplicates.add(index);
  }
  let refundBytes = 0;
  const lines = parsed.lines.map((line, index) => {
    const key = parsed.lineKeys[index] ?? -1;
    const rule = lookups.rules.get(index);
    const category = rule ? rule.categoryId : key < 0 ? null : (lookups.categories[key] ?? null);
    const suggested = category === null ? "null" : JSON.stringify(category);
    const ruleId = rule ? JSON.stringify(rule.ruleId) : "null";
    const refundKey = parsed.lineRefundKeys[index] ?? -1;
    let refunds = "[]";
    if (refundKey >= 0) {
      // The credit's date and amount, read back from its own answer (a readable credit has both).
      const { date, amount } = JSON.parse(`${line}}`) as { date: string; amount: string };
      refunds = JSON.stringify(
        refundCandidatesOf(lookups.refunds[refundKey] ?? [], { date, amount }),
      );
      refundBytes += Buffer.byteLength(refunds);
    }
    const paysBill = parsed.billPaymentLines.has(index);
    const card =
      paysBill && lookups.cards.length > 0
        ? suggestedCardOf(lookups.cards, parsed.billPaymentLines.get(index))
        : null;
    const cardId = card === null ? "null" : JSON.stringify(card);
    const match = lookups.transfers.get(index);
    const transfer = match ? JSON.stringify(match) : "null";
    return `${line},"duplicate":${duplicates.has(index)},"suggestedCategoryId":${suggested},"ruleId":${ruleId},"refundCandidates":${refunds},"suggestedCardId":${cardId},"transferMatch":${transfer}}`;
  });
  const head = JSON.stringify({
    settings: parsed.settings,
    columnNames: parsed.columnNames,
    statementBalance: parsed.statementBalance,
    // Each rule that decided a line, once (at most CATEGORY_RULES_MAX of them).
    rules: [...new Map([...lookups.rules.values()].map((rule) => [rule.ruleId, rule])).values()],
  });
  const body = `${head.slice(0, -1)},"lines":[${lines.join(",")}]}`;
  // The proposals and the rules come after the size was counted line by line: a file of
  // thousands of credits of a common description could take the answer past its cap with them.
  if (
    (refundBytes > 0 || lookups.rules.size > 0) &&
    Buffer.byteLength(body) > IMPORT_PREVIEW_MAX_BYTES
  ) {
    throw badFile("validation.importPreviewTooLarge", {
      max: IMPORT_PREVIEW_MAX_BYTES / 1024 / 1024,
    });
  }
  return body;
}

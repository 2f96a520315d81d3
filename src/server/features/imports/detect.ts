import { isCalendarDate } from "../../../contract/calendar";
import { descriptionSchema } from "../../../contract/expenses";
import {
  type ImportAmountFormat,
  type ImportColumns,
  type ImportDateFormat,
  type ImportSignReason,
  type ImportSpendingSign,
  type ImportStatementKind,
  importAmountFormats,
  importDateFormats,
} from "../../../contract/imports";
import { fromCents } from "../../../contract/money";
import type { FileRecord } from "./read-file";

/**
 * Reading a statement's cells: dates, amounts, which column is which, and each line's verdict.
 * Pure functions, unit-tested one format at a time (detect.test.ts); the rules are those of
 * docs/product.md#csv-import.
 */

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;
// A time after the date ("2026-03-10 14:02", "2026-03-10T14:02:00Z") is dropped: an expense is a day.
const TIME_SUFFIX = /(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)$/;

function calendarDate(year: number, month: number, day: number): string | null {
  const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return isCalendarDate(date) ? date : null;
}

/** "YYYY-MM-DD", or null when the value is not a calendar date in that format. */
export function parseDate(value: string | undefined, format: ImportDateFormat): string | null {
  const text = (value ?? "").trim().replace(TIME_SUFFIX, "");
  if (format === "yyyy-mm-dd") {
    const m = YMD.exec(text);
    return m ? calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  }
  const m = DMY.exec(text);
  if (!m) return null;
  const [first, second, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return format === "dd/mm/yyyy"
    ? calendarDate(year, second, first)
    : calendarDate(year, first, second);
}

const CURRENCY = /R\$|US\$|\$|€|£|\b(?:BRL|USD|EUR|GBP)\b/gi;
const GROUPED = {
  comma: /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/,
  dot: /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/,
};
const PLAIN = { comma: /^\d+(?:,\d{1,2})?$/, dot: /^\d+(?:\.\d{1,2})?$/ };
/** numeric(10,2): at most 8 digits before the decimal separator. */
const MAX_CENTS = 9_999_999_999;

export type ParsedAmount = { cents: number } | { error: "invalid" | "tooBig" };

/**
 * Signed integer cents: "-1.234,56", "R$ -12,50", "-R$ 12,50", "12,50-", "(12,50)" are spending
 * of 1234.56, 12.50… in the comma format; "1,234.56" and "1234.56" in the dot format.
 */
export function parseAmount(value: string | undefined, format: ImportAmountFormat): ParsedAmount {
  let text = (value ?? "").replace(CURRENCY, "").replace(/[\s\u00a0\u202f]/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (/^[-+]/.test(text)) {
    negative = negative || text[0] === "-";
    text = text.slice(1);
  } else if (/[-+]$/.test(text)) {
    negative = negative || text.endsWith("-");
    text = text.slice(0, -1);
  }
  if (!GROUPED[format].test(text) && !PLAIN[format].test(text)) return { error: "invalid" };
  const [whole = "", fraction = ""] = text
    .replace(format === "comma" ? /\./g : /,/g, "")
    .split(format === "comma" ? "," : ".");
  const digits = whole.replace(/^0+(?=\d)/, "");
  if (digits.length > 8) return { error: "tooBig" };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_CENTS) return { error: "tooBig" };
  return { cents: negative ? -cents : cents };
}

const anyDate = (value: string | undefined) =>
  importDateFormats.some((format) => parseDate(value, format) !== null);
const anyAmount = (value: string | undefined) =>
  /\d/.test(value ?? "") &&
  importAmountFormats.some((format) => "cents" in parseAmount(value, format));

/** Folded for comparisons: lower case, no accents, one space between words. */
export const foldText = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/** A first record with no date in any cell is a header (a statement's first column is a date). */
export const looksLikeHeader = (record: FileRecord | undefined) =>
  record !== undefined && !record.cells.some(anyDate);

const HEADER_NAMES: Record<keyof ImportColumns, RegExp> = {
  date: /^(data|date|fecha|dt|dia|day)\b|\bdata\b|\bdate\b|\bfecha\b/,
  description:
    /descri|histor|concepto|detal|memo|payee|estabelecimento|lancamento|narrat|details?|movimiento|texto|text|name|nome/,
  amount:
    /^(valor|amount|importe|value|monto|quantia|total)\b|\bvalor\b|\bamount\b|\bimporte\b|\bmonto\b/,
};

/**
 * Which column holds the date, the description and the amount: by the header's name in pt, en
 * or es when one says so, else by the values (the column whose values most often read as dates,
 * then as amounts, then the longest text).
 */
export function guessColumns(columnNames: string[], rows: FileRecord[]): ImportColumns {
  const sample = rows.slice(0, 200);
  const width = Math.max(columnNames.length, ...sample.map((row) => row.cells.length));
  const byName = (field: keyof ImportColumns, taken: number[]) =>
    columnNames.findIndex(
      (name, i) => !taken.includes(i) && HEADER_NAMES[field].test(foldText(name)),
    );
  const share = (column: number, test: (value: string | undefined) => boolean) =>
    sample.filter((row) => test(row.cells[column])).length;
  const best = (taken: number[], score: (column: number) => number) => {
    let chosen = -1;
    let top = Number.NEGATIVE_INFINITY;
    for (let column = 0; column < width; column++) {
      if (taken.includes(column)) continue;
      const value = score(column);
      if (value > top) [chosen, top] = [column, value];
    }
    return Math.max(chosen, 0);
  };

  let date = byName("date", []);
  if (date < 0) date = best([], (c) => share(c, anyDate));
  let amount = byName("amount", [date]);
  if (amount < 0) amount = best([date], (c) => share(c, anyAmount));
  let description = byName("description", [date, amount]);
  if (description < 0) {
    description = best([date, amount], (c) =>
      sample.reduce((sum, row) => {
        const cell = row.cells[c] ?? "";
        return sum + (anyAmount(cell) || anyDate(cell) ? 0 : cell.trim().length);
      }, 0),
    );
  }
  return { date, description, amount };
}

/**
 * The format under which the most values read; when dd/mm and mm/dd read as many (every day is
 * 12 or less), dd/mm, and the answer says it was a guess so the person can switch.
 */
export function guessDateFormat(values: string[]): {
  dateFormat: ImportDateFormat;
  ambiguous: boolean;
} {
  const counts = importDateFormats.map(
    (format) => values.filter((value) => parseDate(value, format) !== null).length,
  );
  const [dmy = 0, mdy = 0, ymd = 0] = counts;
  if (ymd > dmy && ymd > mdy) return { dateFormat: "yyyy-mm-dd", ambiguous: false };
  if (mdy > dmy) return { dateFormat: "mm/dd/yyyy", ambiguous: false };
  return { dateFormat: "dd/mm/yyyy", ambiguous: dmy > 0 && dmy === mdy };
}

/** The format under which the most amounts read; ties (whole numbers only) go to the comma. */
export function guessAmountFormat(values: string[]): ImportAmountFormat {
  const reads = (format: ImportAmountFormat) =>
    values.filter((value) => "cents" in parseAmount(value, format)).length;
  return reads("dot") > reads("comma") ? "dot" : "comma";
}

/**
 * A card statement's purchases are positive and its bill payment (and the odd refund) negative; a
 * bank statement has many of both, and more debits than credits. So: one sign only is all
 * spending, whichever it is; both signs with more positives than negatives and the negatives the
 * odd ones out (at most two, or at most one in five) is a card statement; otherwise a bank
 * statement, whose negatives are spending. A file imported into a card is a
 * card statement by definition (docs/product.md#csv-import).
 */
export const CARD_STATEMENT_POSITIVE_SHARE = 0.8;

export function guessSpendingSign(
  cents: number[],
  statementKind?: ImportStatementKind,
): {
  spendingSign: ImportSpendingSign;
  statementKind: ImportStatementKind;
  reason: ImportSignReason;
} {
  if (statementKind === "card") {
    return { spendingSign: "positive", statementKind, reason: "chosen" };
  }
  if (statementKind === "bank") {
    return { spendingSign: "negative", statementKind, reason: "chosen" };
  }
  const positives = cents.filter((c) => c > 0).length;
  const negatives = cents.filter((c) => c < 0).length;
  if (negatives === 0 && positives > 0) {
    return { spendingSign: "positive", statementKind: "card", reason: "oneSign" };
  }
  if (positives === 0)
    return { spendingSign: "negative", statementKind: "bank", reason: "oneSign" };
  const oddOnesOut =
    negatives <= 2 || positives >= CARD_STATEMENT_POSITIVE_SHARE * (positives + negatives);
  if (positives > negatives && oddOnesOut) {
    return { spendingSign: "positive", statementKind: "card", reason: "cardStatement" };
  }
  return { spendingSign: "negative", statementKind: "bank", reason: "bankStatement" };
}

/**
 * An installment marker in a description, as card statements write them: "Parcela 2/6",
 * "PARC 02/06", "Parc. 2 de 6", or "2/6" (in brackets or not) at its end. Which installment of
 * how many (2 to 48), and the description without it; null when there is none or it cannot be one
 * ("10/03" at the end is no 10th of 3).
 */
const NAMED_MARKER =
  /(?:^|[\s\-–(])(?:parcela|parc\.?|prc)\s*0*(\d{1,2})\s*(?:\/|de)\s*0*(\d{1,2})\)?/i;
const TRAILING_MARKER = /(?:^|\s|\(|-)0*(\d{1,2})\s*\/\s*0*(\d{1,2})\)?\s*$/;

export function installmentMarker(
  description: string,
): { number: number; count: number; base: string } | null {
  const match = NAMED_MARKER.exec(description) ?? TRAILING_MARKER.exec(description);
  if (!match) return null;
  const number = Number(match[1]);
  const count = Number(match[2]);
  if (count < 2 || count > 48 || number < 1 || number > count) return null;
  const base = (
    description.slice(0, match.index) + description.slice(match.index + match[0].length)
  )
    .replace(/[\s\-–:]+$/, "")
    .replace(/^[\s\-–:]+/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (base === "") return null;
  return { number, count, base };
}

export type ParsedLine = {
  lineNumber: number;
  cells: string[];
  date: string | null;
  amount: string | null;
  description: string;
  errorKey: string | null;
  notSpending: boolean;
  cardBillPayment: boolean;
  incomeKind: "salary" | "other" | null;
  installment: { number: number; count: number } | null;
};

export type LineSettings = {
  columns: ImportColumns;
  dateFormat: ImportDateFormat;
  amountFormat: ImportAmountFormat;
  spendingSign: ImportSpendingSign;
  /** More cells than this on a line is an error. */
  maxColumns: number;
};

/** One line's verdict; the first problem found is its error. */
export function parseLine(record: FileRecord, settings: LineSettings): ParsedLine {
  const { cells } = record;
  const { columns } = settings;
  const date = parseDate(cells[columns.date], settings.dateFormat);
  const amount = parseAmount(cells[columns.amount], settings.amountFormat);
  const written = (cells[columns.description] ?? "").replace(/\s+/g, " ").trim();
  const marker = installmentMarker(written);
  const description = marker ? marker.base : written;
  const checked = descriptionSchema.safeParse(description);
  const cents = "cents" in amount ? amount.cents : null;
  let errorKey: string | null = null;
  // A trailing separator leaves empty cells at the end: only text beyond the columns counts.
  if (cells.slice(settings.maxColumns).some((cell) => cell.trim() !== "")) {
    errorKey = "validation.importTooManyColumns";
  } else if (date === null) errorKey = "validation.importDateInvalid";
  else if ("error" in amount) {
    errorKey =
      amount.error === "tooBig" ? "validation.amountTooBig" : "validation.importAmountInvalid";
  } else if (cents === 0) errorKey = "validation.amountPositive";
  else if (!checked.success) errorKey = checked.error.issues[0]?.message ?? "validation.invalid";
  const notSpending =
    cents !== null && cents !== 0 && (settings.spendingSign === "negative" ? cents > 0 : cents < 0);
  const cardBillPayment = errorKey === null && isCardBillPayment(description);
  return {
    lineNumber: record.lineNumber,
    cells,
    date,
    amount: cents === null ? null : fromCents(Math.abs(cents)),
    description,
    errorKey,
    notSpending,
    cardBillPayment,
    incomeKind:
      notSpending && errorKey === null && !cardBillPayment ? incomeKindOf(description) : null,
    installment: marker ? { number: marker.number, count: marker.count } : null,
  };
}

/**
 * A card bill's payment as statements write it (docs/product.md#ofx-import): the account's
 * 'PAGTO FATURA NUBANK', 'PAGAMENTO DE FATURA', 'DEB AUT FATURA CARTAO', the card's 'PAGAMENTO
 * RECEBIDO'. Money moved between the family's account and its card, never spending nor income.
 */
const CARD_BILL_PAYMENT =
  /\b(?:pagto|pgto|pag|pagamento)\.?\s*(?:de\s+|da\s+)?fatura\b|\bpagamento\s+recebido\b|\bdeb(?:ito)?\.?\s*aut(?:omatico)?\.?\s*(?:de\s+|da\s+)?fatura\b|\b(?:pagto|pgto|pagamento)\.?\s*(?:de\s+|do\s+)?cartao(?:\s+de)?\s+credito\b/;
export const isCardBillPayment = (description: string) =>
  CARD_BILL_PAYMENT.test(foldText(description));

/**
 * Money sent between accounts as statements write it (docs/product.md#ofx-import): 'TED', 'DOC',
 * 'TEF', 'PIX ENVIADO', 'PIX RECEBIDO', 'TRANSF', 'TRANSFERENCIA'. A credit so written may be the
 * other side of a transfer from another of the family's accounts.
 */
const TRANSFER = /\b(?:ted|doc|tef|transf|transferencia|pix\s+(?:enviado|recebido))\b/;
export const looksLikeTransfer = (description: string) => TRANSFER.test(foldText(description));

/**
 * A credit's kind as income (docs/product.md#credits): a salary when its description says so
 * ('Salário', 'Pagamento de salário', 'Folha de pagamento', 'SALARIO'), else other.
 */
const SALARY = /\b(salario|folha)\b/;
export const incomeKindOf = (description: string): "salary" | "other" =>
  SALARY.test(foldText(description)) ? "salary" : "other";

/**
 * Words a statement puts before the purchase a credit returns ('Estorno de Mercado',
 * 'REEMBOLSO - Farmácia', 'Devolução: Loja'), left out of a credit's folded description when
 * its purchase is looked for (docs/product.md#credits).
 */
const REFUND_WORDS =
  /^(?:estorno|estornado|reembolso|devolucao|cancelamento|credito|cred|refund)(?:\s+(?:de|do|da|of))?\s*[:\-–]?\s*/;

/** The folded description of a credit's purchase: without the refund words before it. */
export function refundKeyOf(description: string): string {
  let key = foldText(description)
    .replace(/["'“”]/g, "")
    .trim();
  for (let previous = ""; previous !== key; ) {
    previous = key;
    key = key.replace(REFUND_WORDS, "").trim();
  }
  return key;
}

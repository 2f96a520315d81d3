import { isCalendarDate } from "../../../contract/calendar";

/**
 * Reading the OFX files Brazilian banks export (Itaú, Bradesco, Banco do Brasil, Caixa,
 * Santander, Inter, Sicoob, Nubank) for the import screen; the rules are those of
 * docs/product.md#ofx-import.
 *
 * Our own small reader rather than a library: the npm parsers turn SGML into XML with regular
 * expressions (case-sensitive, one of them with catastrophic backtracking on long tag names),
 * take a string so they cannot honour the file's charset, and say nothing of where a file broke.
 * OFX 1.x is SGML: a value runs up to the next "<", its closing tag is optional, and aggregates
 * (STMTTRN, BANKTRANLIST…) are always closed. OFX 2.x is the same tree written as XML, so one
 * tolerant reader serves both.
 */

export type OfxTransaction = {
  fitId: string | null;
  type: string | null;
  date: string;
  amount: string;
  name: string;
  memo: string;
  checkNumber: string | null;
};

export type OfxStatement = {
  kind: "bank" | "card";
  bankId: string | null;
  accountId: string | null;
  currency: string | null;
  ledgerBalance: { amount: string; date: string | null } | null;
  transactions: OfxTransaction[];
};

/** `messageKey` names the message shown to the user; `line` (1-based) says where the file broke. */
export class OfxReadError extends Error {
  constructor(
    readonly messageKey: string,
    readonly line: number | null,
  ) {
    super(line === null ? messageKey : `${messageKey} (line ${line})`);
    this.name = "OfxReadError";
  }
}

/** The header is ASCII in every version, so a latin1 look at the first bytes reads it safely. */
const peek = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes.subarray(0, 4096));

const OFX_START =
  /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*(?:<\?xml[^>]*>\s*)?(?:OFXHEADER\s*:|<\?OFX|<OFX>)/i;

export function looksLikeOfx(bytes: Uint8Array): boolean {
  return OFX_START.test(peek(bytes));
}

// ---- Charset -------------------------------------------------------------------------------

function decoderLabel(charset: string): string | null {
  const name = charset.trim().toLowerCase();
  if (name === "utf-8" || name === "utf8") return "utf-8";
  if (name === "1252" || name === "windows-1252" || name === "cp1252") return "windows-1252";
  if (/^(?:iso-?)?8859-1$|^latin-?1$/.test(name)) return "latin1";
  if (name === "" || name === "none" || name === "usascii" || name === "us-ascii") return null;
  try {
    return new TextDecoder(name).encoding;
  } catch {
    return null;
  }
}

/**
 * OFX 1.x names its charset in the header (ENCODING:UTF-8, or CHARSET:1252 / ISO-8859-1 / NONE),
 * OFX 2.x in the XML declaration. Brazilian banks often write CHARSET:NONE or USASCII over
 * windows-1252 bytes, so unless UTF-8 was said explicitly, bytes that are not valid UTF-8 are
 * read as windows-1252.
 */
function decode(bytes: Uint8Array): string {
  const head = peek(bytes);
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const xmlEncoding = /<\?xml[^>]*\bencoding\s*=\s*["']([^"']*)["']/i.exec(head)?.[1];
  const sgmlHeader = head.slice(0, Math.max(0, head.indexOf("<")));
  const sgmlEncoding = /\bENCODING\s*:\s*(\S*)/i.exec(sgmlHeader)?.[1];
  const sgmlCharset = /\bCHARSET\s*:\s*(\S*)/i.exec(sgmlHeader)?.[1];

  let label: string | null;
  if (hasBom) label = "utf-8";
  else if (xmlEncoding !== undefined) label = decoderLabel(xmlEncoding);
  // The OFX 1.x spec: with ENCODING:UTF-8 the CHARSET line does not apply.
  else if (sgmlEncoding !== undefined && decoderLabel(sgmlEncoding) === "utf-8") label = "utf-8";
  else label = decoderLabel(sgmlCharset ?? "");

  if (label !== null) return new TextDecoder(label).decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

// ---- The tree ------------------------------------------------------------------------------

/** An element: a leaf has a value, an aggregate has children. `offset` is where it starts. */
type Element = { name: string; value: string | null; offset: number; children: Element[] };

const TAG = /<(\/?)([A-Za-z][\w.:-]*)[^<>]*>/y;

/**
 * A start tag followed by text is a leaf whose value runs to the next "<" (its closing tag, if
 * any, is then ignored); a start tag followed by another tag opens an aggregate, which a closing
 * tag ends along with whatever it still holds open. An empty unclosed leaf (`<MEMO>` with nothing
 * after it) is thus read as an aggregate that swallows its next siblings, which is why fields are
 * looked up among descendants rather than children.
 */
function parseTree(text: string, start: number): Element {
  const root: Element = { name: "", value: null, offset: start, children: [] };
  const stack = [root];
  let i = start;
  for (;;) {
    i = text.indexOf("<", i);
    if (i === -1) return root;
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i);
      i = end === -1 ? text.length : end + 3;
      continue;
    }
    TAG.lastIndex = i;
    const match = TAG.exec(text);
    if (!match) {
      i++; // a processing instruction, or a stray "<"
      continue;
    }
    const name = (match[2] ?? "").toUpperCase();
    const top = stack[stack.length - 1] ?? root;
    i = TAG.lastIndex;
    if (match[1]) {
      const open = stack.findLastIndex((element) => element.name === name);
      if (open > 0) stack.length = open;
      continue;
    }
    if (match[0].endsWith("/>")) {
      top.children.push({ name, value: "", offset: i, children: [] });
      continue;
    }
    const next = text.indexOf("<", i);
    const raw = text.slice(i, next === -1 ? text.length : next);
    if (raw.trim() !== "") {
      const lead = raw.length - raw.trimStart().length;
      top.children.push({ name, value: raw.trim(), offset: i + lead, children: [] });
      i += raw.length;
      continue;
    }
    const element: Element = { name, value: null, offset: match.index, children: [] };
    top.children.push(element);
    stack.push(element);
  }
}

/** The shallowest descendant with one of these names (a PAYEE's NAME only when there is no NAME). */
function find(element: Element | undefined, ...names: string[]): Element | undefined {
  let level = element ? element.children : [];
  while (level.length > 0) {
    const found = level.find((child) => names.includes(child.name));
    if (found) return found;
    level = level.flatMap((child) => child.children);
  }
  return undefined;
}

/** Every descendant with this name, in file order (not looking inside those found). */
function findAll(element: Element, name: string, into: Element[] = []): Element[] {
  for (const child of element.children) {
    if (child.name === name) into.push(child);
    else findAll(child, name, into);
  }
  return into;
}

// ---- Values --------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== "#") return ENTITIES[body.toLowerCase()] ?? entity;
    const code =
      body[1] === "x" || body[1] === "X"
        ? Number.parseInt(body.slice(2), 16)
        : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** A field's raw text with entities decoded and trimmed; null when absent or empty. */
function field(element: Element | undefined, name: string): string | null {
  const found = find(element, name);
  const value = found?.value ? decodeEntities(found.value).trim() : "";
  return value === "" ? null : value;
}

/** Descriptions are compared and shown on one line, so runs of whitespace become one space. */
const description = (element: Element, name: string) =>
  (field(element, name) ?? "").replace(/\s+/g, " ");

/**
 * "YYYY-MM-DD" from the first 8 digits. What follows (time, fraction, [-3:BRT]) is ignored on
 * purpose: the bank's own calendar day is the day of the expense, and no time zone may move it.
 */
function parseOfxDate(value: string | null): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? "");
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDate(date) ? date : null;
}

/**
 * A decimal string with a dot and two places, sign kept, worked on as text (never a float).
 * When both "." and "," appear the last one is the decimal separator; a lone "," is decimal
 * (the Brazilian way), a lone "." too; digits beyond the second must be zeros.
 */
function parseOfxAmount(value: string | null): string | null {
  const match = /^([+-]?)([\d.,]+)$/.exec((value ?? "").replace(/[\s\u00a0]/g, ""));
  if (!match) return null;
  const [, sign, body = ""] = match;
  const separator = body.lastIndexOf(",") > body.lastIndexOf(".") ? "," : ".";
  const grouping = separator === "," ? "." : ",";
  const at = body.lastIndexOf(separator);
  const whole = at === -1 ? body : body.slice(0, at);
  const fraction = at === -1 ? "" : body.slice(at + 1);
  if (whole.includes(separator) || /[.,]/.test(fraction)) return null;
  if (whole.includes(grouping) && !new RegExp(`^\\d{1,3}(?:\\${grouping}\\d{3})+$`).test(whole)) {
    return null;
  }
  const digits = whole.replaceAll(grouping, "");
  if (digits === "" && fraction === "") return null;
  if (/[^0]/.test(fraction.slice(2))) return null;
  const units = digits.replace(/^0+(?=\d)/, "") || "0";
  const cents = fraction.slice(0, 2).padEnd(2, "0");
  const negative = sign === "-" && /[^0]/.test(units + cents);
  return `${negative ? "-" : ""}${units}.${cents}`;
}

// ---- Reading -------------------------------------------------------------------------------

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

export function readOfx(bytes: Uint8Array): OfxStatement {
  const text = decode(bytes);
  const start = text.search(/<OFX\s*>/i);
  if (start === -1) throw new OfxReadError("validation.ofxNotOfx", null);
  const root = parseTree(text, start);

  // A file may hold several statements (accounts); the import screen takes one, the first.
  const statement = findFirstStatement(root);
  if (!statement) throw new OfxReadError("validation.ofxNoStatement", null);
  const fail = (key: string, element: Element | undefined, fallback: Element): never => {
    throw new OfxReadError(key, lineAt(text, (element ?? fallback).offset));
  };

  const account = find(statement, "BANKACCTFROM", "CCACCTFROM");
  const ledger = find(statement, "LEDGERBAL");
  const balance = ledger && parseOfxAmount(field(ledger, "BALAMT"));

  const transactions = findAll(statement, "STMTTRN").map((row): OfxTransaction => {
    const date = parseOfxDate(field(row, "DTPOSTED"));
    if (date === null) return fail("validation.ofxBadDate", find(row, "DTPOSTED"), row);
    const amount = parseOfxAmount(field(row, "TRNAMT"));
    if (amount === null) return fail("validation.ofxBadAmount", find(row, "TRNAMT"), row);
    return {
      fitId: field(row, "FITID"),
      type: field(row, "TRNTYPE"),
      date,
      amount,
      name: description(row, "NAME"),
      memo: description(row, "MEMO"),
      checkNumber: field(row, "CHECKNUM"),
    };
  });

  return {
    kind: statement.name === "CCSTMTRS" ? "card" : "bank",
    bankId: field(account, "BANKID"),
    accountId: field(account, "ACCTID"),
    currency: field(statement, "CURDEF"),
    // The balance only informs the screen: an unreadable one is left out rather than refusing
    // the file's transactions.
    ledgerBalance: balance
      ? { amount: balance, date: parseOfxDate(field(ledger, "DTASOF")) }
      : null,
    transactions,
  };
}

function findFirstStatement(element: Element): Element | undefined {
  for (const child of element.children) {
    if (child.name === "STMTRS" || child.name === "CCSTMTRS") return child;
    const found = findFirstStatement(child);
    if (found) return found;
  }
  return undefined;
}

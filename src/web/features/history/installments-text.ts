import type { TFunction } from "i18next";
import type { HistoryChange, HistoryEntry, HistoryField } from "../../../contract/history";
import type { Language } from "../../../contract/languages";
import { formatDate, formatMoney, localeOf, parseIsoDate } from "../../lib/format";

/**
 * A purchase in installments in the history (docs/product.md#installments): one entry for the
 * whole series when made, changed, deleted or paid off from an installment on. The sentence says
 * from which installment, how many and their sum, or where they were paid off to; the list of
 * fields below it leaves those out.
 */

const fieldValue = (changes: readonly HistoryChange[], field: HistoryField) => {
  const change = changes.find((c) => c.field === field);
  return change ? (change.after ?? change.before) : null;
};

/** "dezembro de 2026" from "2026-12-03", from the date's own numbers: no time zone moves it. */
export const billMonth = (closesOn: string, language: Language) => {
  const { year, month } = parseIsoDate(closesOn);
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(Date.UTC(year, month - 1, 1));
};

const isoOf = (date: Date, utc: boolean) => {
  const pad = (n: number) => String(n).padStart(2, "0");
  return utc
    ? `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/**
 * Whether a pay-off moved the installments to a card's bill (`paidOffTo` is then the closing
 * date of the bill open that day) or to a date (the day itself: paid otherwise, they were dated
 * that day). The entry does not say which: a closing date after the day of the entry is a bill's;
 * the day itself reads as a date (on a card, the bill closing that very day).
 */
export function paidOffToBill(paidOffTo: string, createdAt: string): boolean {
  const at = new Date(createdAt);
  const latestDay = [isoOf(at, true), isoOf(at, false)].sort().at(-1) ?? "";
  return paidOffTo > latestDay;
}

/** The fields a series' sentence already says, left out of the list beneath it. */
export function installmentsFieldsShown(entry: HistoryEntry): HistoryChange[] {
  const said = new Set<HistoryField>(["fromInstallment", "paidOffTo", "bill"]);
  if (entry.action === "deleted") {
    said.add("installmentCount");
    said.add("totalAmount");
  }
  return entry.changes.filter((change) => !said.has(change.field));
}

/** The sentence of a series' entry, in the reader's language. */
export function installmentsSentence(
  entry: HistoryEntry,
  names: { actor: string; subject: string },
  t: TFunction,
  language: Language,
): string {
  const from = Number(fieldValue(entry.changes, "fromInstallment") ?? 1);
  const key = "history.sentence.installments";
  if (entry.action === "created") return t(`${key}.created`, names);
  if (entry.action === "deleted") {
    const count = Number(fieldValue(entry.changes, "installmentCount") ?? 0);
    const totalValue = fieldValue(entry.changes, "totalAmount");
    const total = typeof totalValue === "string" ? formatMoney(totalValue, language) : "";
    return from === 1
      ? t(`${key}.deletedAll`, { ...names, count, total })
      : t(`${key}.deletedFrom`, { ...names, count, from, total });
  }
  const paidOffTo = fieldValue(entry.changes, "paidOffTo");
  const bill = fieldValue(entry.changes, "bill");
  if (typeof bill === "string") {
    return t(`${key}.paidOffBill`, { ...names, from, bill: billMonth(bill, language) });
  }
  if (typeof paidOffTo === "string") {
    return paidOffToBill(paidOffTo, entry.createdAt)
      ? t(`${key}.paidOffBill`, { ...names, from, bill: billMonth(paidOffTo, language) })
      : t(`${key}.paidOffDate`, { ...names, from, date: formatDate(paidOffTo, language) });
  }
  return from === 1 ? t(`${key}.changedAll`, names) : t(`${key}.changedFrom`, { ...names, from });
}

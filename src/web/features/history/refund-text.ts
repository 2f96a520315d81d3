import type { TFunction } from "i18next";
import type { HistoryChange, HistoryEntry } from "../../../contract/history";
import type { Language } from "../../../contract/languages";
import { formatMoney } from "../../lib/format";

/**
 * A refund in the history (docs/product.md#refunds): an expense entry that names the purchase it
 * returns (`refundOf`). Its sentence says what came back of which purchase; the fields below it
 * leave the purchase out, which the sentence already says.
 */

const purchaseOf = (entry: HistoryEntry): string | null => {
  const change = entry.changes.find((c) => c.field === "refundOf");
  const value = change ? (change.after ?? change.before) : null;
  return typeof value === "string" ? value : null;
};

/** Whether an expense entry is about a refund. */
export const isRefundEntry = (entry: HistoryEntry): boolean =>
  entry.kind === "expense" && entry.changes.some((c) => c.field === "refundOf");

/** The fields a refund's sentence does not already say. */
export const refundFieldsShown = (entry: HistoryEntry): HistoryChange[] =>
  entry.changes.filter((change) => change.field !== "refundOf");

/** "Ana estornou R$ 40,00 de “Mercado”", in the reader's language. */
export function refundSentence(
  entry: HistoryEntry,
  names: { actor: string },
  t: TFunction,
  language: Language,
): string {
  const amount = entry.changes.find((c) => c.field === "amount");
  const value = amount ? (amount.after ?? amount.before) : null;
  return t(`history.sentence.refund.${entry.action}`, {
    actor: names.actor,
    purchase: purchaseOf(entry) ?? t("history.unnamed"),
    // What came back, as a positive amount: the sentence already says it is a refund.
    amount: typeof value === "string" ? formatMoney(value.replace(/^-/, ""), language) : "",
  });
}

import type { TFunction } from "i18next";
import type { HistoryChange, HistoryEntry, HistoryField } from "../../../contract/history";
import type { Language } from "../../../contract/languages";
import { formatMoney } from "../../lib/format";

/**
 * A settlement in the history (docs/product.md#who-owes-whom): one member paid another back, or a
 * member undid that. The sentence says who paid whom, how much and how; the list of fields below
 * it keeps only the day it was paid.
 */

const said = new Set<HistoryField>(["paidBy", "member", "amount", "settlementMethod"]);

const fieldValue = (changes: readonly HistoryChange[], field: HistoryField) => {
  const change = changes.find((c) => c.field === field);
  return change ? (change.after ?? change.before) : null;
};

/** The fields a settlement's sentence does not already say. */
export const settlementFieldsShown = (entry: HistoryEntry): HistoryChange[] =>
  entry.changes.filter((change) => !said.has(change.field));

/** "Léo acertou R$ 80,00 com Ana (PIX)", in the reader's language. */
export function settlementSentence(
  entry: HistoryEntry,
  names: { actor: string },
  t: TFunction,
  language: Language,
): string {
  const name = (field: HistoryField) => {
    const value = fieldValue(entry.changes, field);
    return typeof value === "string" ? value : t("history.someone");
  };
  const amount = fieldValue(entry.changes, "amount");
  const method = String(fieldValue(entry.changes, "settlementMethod") ?? "other");
  const values = {
    actor: names.actor,
    from: name("paidBy"),
    to: name("member"),
    amount: typeof amount === "string" ? formatMoney(amount, language) : "",
    // Kept as the method's code; a code this version does not know shows as it is.
    method: t(`history.settlementMethods.${method}`, { defaultValue: method }),
  };
  const key = "history.sentence.settlement";
  if (entry.action === "deleted") return t(`${key}.deleted`, values);
  // Any member may record one (docs/product.md#who-owes-whom): who paid says it themselves,
  // anyone else recorded it for them. Names are compared as they were recorded then.
  return values.from === names.actor ? t(`${key}.created`, values) : t(`${key}.createdFor`, values);
}

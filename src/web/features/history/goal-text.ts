import type { TFunction } from "i18next";
import type { HistoryEntry } from "../../../contract/history";
import { fromCents, toCents } from "../../../contract/money";

/**
 * A savings goal in the history (docs/product.md#caixinhas-savings-goals): made, changed or
 * deleted, its label its name; and the money put into it or taken out, entries of the same kind
 * whose fields are the contribution's (an amount, negative when taken out), and its undo.
 */

/** "Ana guardou R$ 120,00 na caixinha “IPVA 2027”", else "Ana criou a caixinha …". */
export function goalSentence(
  entry: HistoryEntry,
  names: { actor: string; subject: string },
  t: TFunction,
  money: (amount: string) => string,
): string {
  const amount = entry.changes.find((change) => change.field === "amount");
  const value = amount?.after ?? amount?.before;
  if (typeof value !== "string") return t(`history.sentence.goal.${entry.action}`, names);
  const cents = toCents(value);
  const shown = { ...names, amount: money(fromCents(Math.abs(cents))) };
  if (entry.action === "deleted") return t("history.sentence.goal.contributionUndone", shown);
  return t(cents < 0 ? "history.sentence.goal.withdrew" : "history.sentence.goal.saved", shown);
}

import type { TFunction } from "i18next";
import type { HistoryChange, HistoryEntry } from "../../../contract/history";

/**
 * A category rule in the history (docs/product.md#category-rules): made, changed or deleted, its
 * label its pattern; and its application to the past expenses, a change whose one field is how
 * many took its category (`appliedTo`), which its sentence says.
 */

const appliedTo = (entry: HistoryEntry) => entry.changes.find((c) => c.field === "appliedTo");

/** The fields a rule's sentence does not already say. */
export const categoryRuleFieldsShown = (entry: HistoryEntry): HistoryChange[] =>
  entry.changes.filter((change) => change.field !== "appliedTo");

/** "Ana aplicou a regra “CARREFOUR” a 37 gastos anteriores", else "Ana criou a regra …". */
export function categoryRuleSentence(
  entry: HistoryEntry,
  names: { actor: string; subject: string },
  t: TFunction,
): string {
  const applied = appliedTo(entry);
  return applied
    ? t("history.sentence.categoryRule.applied", { ...names, count: Number(applied.after) })
    : t(`history.sentence.categoryRule.${entry.action}`, names);
}

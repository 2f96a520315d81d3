import type { TFunction } from "i18next";
import type { CategoryRule } from "../../../contract/category-rules";
import type { Language } from "../../../contract/languages";
import { formatMoney } from "../../lib/format";

/** What a row names besides the rule's ids: its category's, account's and people's names. */
export type RuleNames = {
  category: (id: string) => string;
  /** undefined for an account the reader cannot see (gone, or another member's private one). */
  method: (id: string) => string | undefined;
  person: (id: string) => string;
};

/**
 * A rule's row (docs/product.md#category-rules): "contém CARREFOUR → Mercado", then what else it
 * asks and sets, each a short phrase ("de R$ 10,00 a R$ 50,00", "Nubank", "para Ana", "pago por
 * Léo", "Privada", "Aprendida").
 */
export function ruleSummary(
  rule: CategoryRule,
  names: RuleNames,
  t: TFunction,
  language: Language,
): { headline: string; details: string[] } {
  const headline = t("categoryRules.headline", {
    kind: t(`categoryRules.kinds.${rule.matchKind}`),
    pattern: rule.pattern,
    category: names.category(rule.categoryId),
  });
  const details: string[] = [];
  const min = rule.minAmount && formatMoney(rule.minAmount, language);
  const max = rule.maxAmount && formatMoney(rule.maxAmount, language);
  if (min && max) details.push(t("categoryRules.between", { min, max }));
  else if (min) details.push(t("categoryRules.atLeast", { min }));
  else if (max) details.push(t("categoryRules.atMost", { max }));
  const method = rule.paymentMethodId && names.method(rule.paymentMethodId);
  if (method) details.push(method);
  if (rule.forUserId)
    details.push(t("categoryRules.forWhom", { name: names.person(rule.forUserId) }));
  if (rule.paidByUserId) {
    details.push(t("categoryRules.paidBy", { name: names.person(rule.paidByUserId) }));
  }
  if (rule.private) details.push(t("categoryRules.private"));
  if (rule.learned) details.push(t("categoryRules.learned"));
  return { headline, details };
}

/**
 * The order PUT /api/category-rules/order takes after the rule at `index` moves one place up (-1)
 * or down (+1): every id, as the server wants them; null when it is already first or last.
 */
export function movedIds(
  rules: readonly Pick<CategoryRule, "id">[],
  index: number,
  by: -1 | 1,
): string[] | null {
  const target = index + by;
  if (index < 0 || index >= rules.length || target < 0 || target >= rules.length) return null;
  const ids = rules.map((rule) => rule.id);
  [ids[index], ids[target]] = [ids[target] as string, ids[index] as string];
  return ids;
}

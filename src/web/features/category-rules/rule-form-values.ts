import type {
  CategoryRule,
  CategoryRuleInput,
  RuleMatchKind,
} from "../../../contract/category-rules";
import type { Language } from "../../../contract/languages";
import { formatAmountInput } from "../../lib/amount-input";

/** The dialog's values as its controls hold them: strings, "" for "any" or empty. */
export type RuleValues = {
  matchKind: RuleMatchKind;
  pattern: string;
  /** As typed, read by readingAmounts before this module sees it ("1.234,50" -> "1234.50"). */
  minAmount: string;
  maxAmount: string;
  paymentMethodId: string;
  categoryId: string;
  forUserId: string;
  paidByUserId: string;
  private: boolean;
};

/** A new rule's values, or a rule's as the form shows them (amounts in the person's decimals). */
export function ruleValuesOf(rule: CategoryRule | null, language: Language): RuleValues {
  const amount = (value: string | null | undefined) =>
    value ? formatAmountInput(value, language) : "";
  return {
    matchKind: rule?.matchKind ?? "contains",
    pattern: rule?.pattern ?? "",
    minAmount: amount(rule?.minAmount),
    maxAmount: amount(rule?.maxAmount),
    paymentMethodId: rule?.paymentMethodId ?? "",
    categoryId: rule?.categoryId ?? "",
    forUserId: rule?.forUserId ?? "",
    paidByUserId: rule?.paidByUserId ?? "",
    private: rule?.private ?? false,
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * The whole rule the values make (PUT replaces it, docs/product.md#category-rules): what is left
 * empty says "any" (null). A private rule's expenses are paid by and for their author alone, so
 * it names neither, whatever the disabled selects still hold (the contract refuses both).
 */
export function ruleInputOf(values: RuleValues): CategoryRuleInput {
  return {
    matchKind: values.matchKind,
    pattern: values.pattern,
    minAmount: orNull(values.minAmount),
    maxAmount: orNull(values.maxAmount),
    paymentMethodId: orNull(values.paymentMethodId),
    categoryId: values.categoryId,
    forUserId: values.private ? null : orNull(values.forUserId),
    paidByUserId: values.private ? null : orNull(values.paidByUserId),
    private: values.private,
  };
}

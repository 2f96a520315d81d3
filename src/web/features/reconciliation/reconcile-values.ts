import type { Language } from "../../../contract/languages";
import { fromCents, toCents } from "../../../contract/money";
import { formatAmountInput, parseAmountInput } from "../../lib/amount-input";

/**
 * The difference the screen shows as the person types (docs/product.md#reconciliation): the
 * bank's balance, read in their language, less the app's cleared balance, in integer cents. Null
 * while what is typed is not a balance yet, or the account had none that day.
 */
export function differenceOf(
  typed: string,
  clearedBalance: string | null,
  language: Language,
): string | null {
  if (clearedBalance === null) return null;
  const bank = parseAmountInput(typed, language);
  if (!/^-?\d{1,8}(\.\d{1,2})?$/.test(bank)) return null;
  return fromCents(toCents(bank) - toCents(clearedBalance));
}

/**
 * What the screen opens with: today and nothing typed, or the day and balance a link brings
 * (`?date=&bankBalance=`: an imported OFX's ledger balance, docs/product.md#ofx-import), each
 * taken only when it is one: a past or present day, a balance of at most two places.
 */
export function reconcileDefaults(search: string, today: string, language: Language) {
  const params = new URLSearchParams(search);
  const date = params.get("date") ?? "";
  const balance = params.get("bankBalance") ?? "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today ? date : today;
  return {
    date: day,
    bankBalance: /^-?\d{1,8}\.\d{2}$/.test(balance) ? formatAmountInput(balance, language) : "",
    reason: "",
  };
}

/** The bank's balance as the API takes it, or the typed text for the contract to refuse. */
export const bankBalanceOf = (typed: string, language: Language) =>
  parseAmountInput(typed, language);

/**
 * The contract's RECONCILIATION_REASON_MAX as a number of its own, so the screen's chunk carries
 * none of the contract's schemas: the server checks the form with them, and its translated
 * refusals show under the fields (reconcile-values.test.ts holds the two equal).
 */
export const REASON_MAX = 200;

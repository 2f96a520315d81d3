import { toCents } from "../../../contract/cents";
import type { Goal } from "../../../contract/goals";
import type { Language } from "../../../contract/languages";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { progressPercent } from "../../../domain/budget";
import { offeredToReader } from "../../api/payment-methods/payment-method-choices";
import { parseIsoDate, shortMonthName } from "../../lib/format";

/** The bar's width: the share of the target saved, whole percent, never past the end. */
export const savedPercent = (goal: Pick<Goal, "saved" | "targetAmount">) =>
  Math.round(progressPercent(Math.max(0, toCents(goal.saved)), toCents(goal.targetAmount)));

/**
 * A goal's month as its card names it ("mar" and "2027", which the texts join as 'mar/2027' or
 * 'Mar 2027'): short, the line beside it already long on a phone.
 */
export function goalMonthOf(targetDate: string, language: Language) {
  const { year, month } = parseIsoDate(targetDate);
  return { month: shortMonthName(month, language).replace(/\.$/, ""), year: String(year) };
}

export type AccountChoice = { value: string; label: string };

/**
 * The accounts a goal may be kept in, or money come from: the family's active accounts the
 * person may use, never a card (docs/product.md#caixinhas-savings-goals, #private-accounts). The
 * account a goal has now stays a choice once archived, so editing its name keeps it.
 */
export function accountChoicesOf(
  methods: readonly PaymentMethod[] | undefined,
  currentId: string | null = null,
): AccountChoice[] {
  return (methods ?? [])
    .filter(
      (method) =>
        method.kind !== "credit_card" && (offeredToReader(method) || method.id === currentId),
    )
    .map((method) => ({ value: method.id, label: method.name }));
}

/** 'De qual conta?': the accounts money can come from into the goal's, its own left out. */
export const sourceChoicesOf = (methods: readonly PaymentMethod[] | undefined, goal: Goal) =>
  goal.methodId === null
    ? []
    : accountChoicesOf(methods).filter((choice) => choice.value !== goal.methodId);

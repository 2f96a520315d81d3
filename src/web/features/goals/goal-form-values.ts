import { toCents } from "../../../contract/cents";
import type {
  CreateContributionInput,
  CreateGoalInput,
  Goal,
  UpdateGoalInput,
} from "../../../contract/goals";
import type { Language } from "../../../contract/languages";
import { formatAmountInput } from "../../lib/amount-input";

/** The goal dialog's values as its controls hold them: strings, "" when empty. */
export type GoalValues = {
  name: string;
  /** As typed, read by readingAmounts before this module sees it ("2.400,00" -> "2400.00"). */
  targetAmount: string;
  /** The month field's "YYYY-MM", "" for no date. */
  targetMonth: string;
  /** "" for no account. */
  methodId: string;
  /** 'Só minha' (docs/product.md#caixinhas-savings-goals). */
  isPrivate: boolean;
};

/** A new goal's values, or a goal's as the form shows them (the target in the person's decimals). */
export function goalValuesOf(goal: Goal | null, language: Language): GoalValues {
  return {
    name: goal?.name ?? "",
    targetAmount: goal ? formatAmountInput(goal.targetAmount, language) : "",
    // Kept as the month's last day: the month is what the person chose.
    targetMonth: goal?.targetDate?.slice(0, 7) ?? "",
    methodId: goal?.methodId ?? "",
    isPrivate: goal?.isPrivate ?? false,
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The create request the values make: an empty month or account says none (null). */
export function goalInputOf(values: GoalValues): CreateGoalInput {
  return {
    name: values.name,
    targetAmount: values.targetAmount.trim(),
    targetMonth: orNull(values.targetMonth),
    methodId: orNull(values.methodId),
    isPrivate: values.isPrivate,
  };
}

/** What the edit changes, for PATCH (the fields sent change, the others stay). */
export function goalChanges(goal: Goal, input: CreateGoalInput): UpdateGoalInput {
  const changes: UpdateGoalInput = {};
  if (input.name.trim() !== goal.name) changes.name = input.name;
  if (toCents(input.targetAmount) !== toCents(goal.targetAmount)) {
    changes.targetAmount = input.targetAmount;
  }
  const month = input.targetMonth ?? null;
  if (month !== (goal.targetDate?.slice(0, 7) ?? null)) changes.targetMonth = month;
  const methodId = input.methodId ?? null;
  if (methodId !== goal.methodId) changes.methodId = methodId;
  const isPrivate = input.isPrivate ?? false;
  if (isPrivate !== goal.isPrivate) changes.isPrivate = isPrivate;
  return changes;
}

/** 'Guardar' puts money in; 'Retirar' takes it out. */
export type Movement = "deposit" | "withdrawal";

/** The small dialog's values: the amount as typed, the date, the account it comes from or "". */
export type ContributionValues = { amount: string; date: string; fromMethodId: string };

/**
 * The request the values make: a withdrawal is a negative amount and comes from no other account;
 * money put in from another account is a transfer into the goal's (docs/product.md#caixinhas-savings-goals).
 */
export function contributionInputOf(
  values: ContributionValues,
  movement: Movement,
): CreateContributionInput {
  const amount = values.amount.trim();
  if (movement === "withdrawal") {
    return { amount: amount === "" ? amount : `-${amount}`, date: values.date };
  }
  const input: CreateContributionInput = { amount, date: values.date };
  if (values.fromMethodId !== "") input.fromMethodId = values.fromMethodId;
  return input;
}

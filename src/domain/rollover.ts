/**
 * Budget rollover (docs/product.md#budget-rollover): what was left of a category's monthly budget
 * in one budget month (the family's period, docs/product.md#budget-periods) carries into the next.
 * The one TypeScript home of the rule; its SQL twin is category_rollover in
 * src/server/db/functions/rollover.sql, held equal by src/server/db/rollover.api.test.ts.
 *
 * The months are the budget months from the one rollover was turned on, oldest first. Each has
 * its own monthly budget, so a budget changed mid-way counts from its month on and leaves the
 * months before it as they were. The carry is never capped: like an envelope budget, what is not
 * spent keeps adding up month after month, and under "both" an overspending keeps weighing on
 * every later month until spending under budget pays it back. Integer cents throughout, so every
 * figure is exact.
 */

/**
 * "unspent": only what was left carries, never below zero (an overspent month starts the next
 * one afresh); "both": an overspending carries too, as a negative carry.
 */
export type RolloverMode = "unspent" | "both";

/** One budget month after rollover. */
export type RolloverMonth = {
  /** What the months before carried into this one; 0 in the first month. */
  carryInCents: number;
  /** The month's budget after rollover: its own monthly budget plus the carry in. */
  availableCents: number;
  /** What this month carries into the next one: the next month's carryInCents. */
  carryOutCents: number;
};

/**
 * Each month's carry in, budget after rollover and carry out: available[m] = budget[m] + carry[m],
 * carry[0] = 0, and carry[m + 1] = available[m] - spent[m] under "both", at least 0 under
 * "unspent". The last month may be still under way: its carry in and budget after rollover do not
 * depend on its spending, its carry out is what it would carry if it ended now. Budgets
 * and spending are integer cents, one of each per month; a refund-heavy month's spending may be
 * negative (docs/product.md#refunds) and then carries more than its budget.
 */
export function rolloverOf(
  budgetsCents: readonly number[],
  spentCents: readonly number[],
  mode: RolloverMode,
): RolloverMonth[] {
  if (budgetsCents.length !== spentCents.length) {
    throw new RangeError(
      `rolloverOf needs one budget per month: ${budgetsCents.length} budgets, ${spentCents.length} months of spending`,
    );
  }
  for (const cents of [...budgetsCents, ...spentCents]) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`${cents} is not integer cents`);
  }
  const months: RolloverMonth[] = [];
  let carryInCents = 0;
  budgetsCents.forEach((budgetCents, m) => {
    const availableCents = budgetCents + carryInCents;
    const leftCents = availableCents - (spentCents[m] as number);
    const carryOutCents = mode === "both" ? leftCents : Math.max(0, leftCents);
    months.push({ carryInCents, availableCents, carryOutCents });
    carryInCents = carryOutCents;
  });
  return months;
}

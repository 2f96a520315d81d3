import { toCents } from "../contract/cents";

/**
 * For whom an expense is (docs/product.md#for-whom, decision 012): an amount split into integer
 * cents that add up to it exactly, by weights. The database computes the stored shares with the
 * same rule (`expense_share_amounts`, src/server/db/functions/expense-shares.sql), and
 * src/server/db/expense-shares.api.test.ts holds the two equal; the web shows this one before the
 * person saves.
 */

/** A member and their weight; the order of a list is the members' order (owner first). */
export type Weighted = { userId: string; weight: number };
export type Share = { userId: string; cents: number };

/**
 * `cents` split by integer weights: each gets the whole cents of their part, and the cents left
 * over go one each to the largest remainders, ties to whoever comes first. Weights of zero get
 * nothing (and are left out); when every weight is zero, everyone weighs the same. BigInt inside,
 * because cents (up to 10^10) times a weight (up to 10^6) passes 2^53. Negative cents (a refund,
 * docs/decisions/013-income-refunds-net.md) split their absolute value and negate each share.
 */
export function splitByWeights(cents: number, weighted: readonly Weighted[]): Share[] {
  if (cents < 0) return negated(splitByWeights(-cents, weighted));
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  const weights = weighted.map((w) => BigInt(total === 0 ? 1 : w.weight));
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return [];
  const c = BigInt(cents);
  const parts = weights.map((w, order) => ({ order, whole: (c * w) / sum, rest: (c * w) % sum }));
  let left = c - parts.reduce((a, p) => a + p.whole, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.rest === b.rest ? a.order - b.order : a.rest > b.rest ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.whole += 1n;
    left -= 1n;
  }
  return parts
    .map((part) => ({
      userId: (weighted[part.order] as Weighted).userId,
      cents: Number(part.whole),
    }))
    .filter((share) => share.cents !== 0);
}

const negated = (shares: Share[]): Share[] =>
  shares.map((share) => ({ userId: share.userId, cents: -share.cents }));

/** How an expense is split, as the person chose it (src/contract/shares.ts has its schema). */
export type SplitChoice =
  | { mode: "family" }
  | { mode: "one"; userId: string }
  | { mode: "percent"; shares: { userId: string; percent: string }[] }
  | { mode: "amounts"; shares: { userId: string; amount: string }[] };

/** The family's default split from a date on: equal (weights null), or a weight per member. */
export type SplitRule = { validFrom: string; weights: Weighted[] | null };

/** The rule of a date: the latest that starts on or before it; none means equal. */
export function splitRuleOn(rules: readonly SplitRule[], date: string): SplitRule | null {
  let found: SplitRule | null = null;
  for (const rule of rules) {
    if (rule.validFrom <= date && (!found || rule.validFrom > found.validFrom)) found = rule;
  }
  return found;
}

/**
 * The weights a family split gives the current members (`memberIds` in the members' order):
 * one each under an equal rule, the rule's weight (0 when it names none) under a ratio.
 */
export function familyWeights(rule: SplitRule | null, memberIds: readonly string[]): Weighted[] {
  return memberIds.map((userId) => ({
    userId,
    weight: rule?.weights ? (rule.weights.find((w) => w.userId === userId)?.weight ?? 0) : 1,
  }));
}

/** A percent typed with at most two places ("60", "33.33") in hundredths: 6000, 3333. */
export const percentWeight = (percent: string): number => toCents(percent);

/**
 * The shares of `cents` for `choice`: what the database stores for a new expense of `date`
 * (`rules` and `memberIds` are the family's); the amounts of an "amounts" split as typed.
 */
export function sharesOf(
  cents: number,
  choice: SplitChoice,
  family: { rules: readonly SplitRule[]; memberIds: readonly string[]; date: string },
): Share[] {
  switch (choice.mode) {
    case "family":
      return splitByWeights(
        cents,
        familyWeights(splitRuleOn(family.rules, family.date), family.memberIds),
      );
    case "one":
      return cents === 0 ? [] : [{ userId: choice.userId, cents }];
    case "percent":
      return splitByWeights(
        cents,
        choice.shares.map((s) => ({ userId: s.userId, weight: percentWeight(s.percent) })),
      );
    case "amounts":
      return choice.shares
        .map((s) => ({ userId: s.userId, cents: (cents < 0 ? -1 : 1) * toCents(s.amount) }))
        .filter((share) => share.cents !== 0);
  }
}

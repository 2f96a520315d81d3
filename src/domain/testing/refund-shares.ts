import { type Share, splitByWeights } from "../shares";

/**
 * The shares of a purchase's refunds, cumulative (docs/product.md#refunds): the reference
 * `refund_shares` in src/server/db/functions/expense-shares.sql is held to. Refunds in the order
 * they were recorded, as the positive cents that came back; each gets the split of all refunded
 * up to it minus the split of what came before, by the purchase's shares as weights (in the
 * family's order). Test support only: the database is the one that stores refund shares.
 */
export function refundSharesOf(purchase: readonly Share[], refunds: readonly number[]): Share[][] {
  const weights = purchase.map((share) => ({ userId: share.userId, weight: share.cents }));
  const splitOf = (cents: number) =>
    new Map(splitByWeights(-cents, weights).map((s) => [s.userId, s.cents]));
  let before = 0;
  return refunds.map((cents) => {
    const earlier = splitOf(before);
    const upTo = splitOf(before + cents);
    before += cents;
    return purchase
      .map(({ userId }) => ({
        userId,
        cents: (upTo.get(userId) ?? 0) - (earlier.get(userId) ?? 0),
      }))
      .filter((share) => share.cents !== 0);
  });
}

/** Each member's cents over a list of expenses' shares, members with nothing left out. */
export function sharesSummed(shareLists: readonly (readonly Share[])[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const share of shareLists.flat())
    sums[share.userId] = (sums[share.userId] ?? 0) + share.cents;
  for (const [userId, cents] of Object.entries(sums)) if (cents === 0) delete sums[userId];
  return sums;
}

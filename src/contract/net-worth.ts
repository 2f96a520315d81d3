import { z } from "zod";

/**
 * The family's net worth (docs/product.md#net-worth): its accounts' balances less what its cards
 * owe, at the end of each of the last NET_WORTH_MONTHS months and today; the cards' installments
 * still to come, of purchases already made, apart.
 */
export const NET_WORTH_MONTHS = 12;

export const netWorthPointSchema = z.object({
  /** A calendar date: a month's last day, or today for the last point. */
  date: z.string(),
  /**
   * The balances that day of the accounts the reader may read, added up (accounts opened later
   * count nothing).
   */
  accounts: z.string(),
  /**
   * Other members' private accounts that day, added up: one unnamed line
   * (docs/product.md#private-accounts); "0.00" when there are none.
   */
  othersPrivate: z.string(),
  /** What the cards owed that day: their bills' purchases less their payments. */
  cards: z.string(),
  /** accounts and othersPrivate less cards. */
  netWorth: z.string(),
});
export type NetWorthPoint = z.infer<typeof netWorthPointSchema>;

/** GET /api/accounts/net-worth: oldest first, today last. */
export const netWorthSchema = z.object({
  points: z.array(netWorthPointSchema),
  /** The cards' installments dated after today of purchases already made. */
  futureInstallments: z.string(),
});
export type NetWorth = z.infer<typeof netWorthSchema>;

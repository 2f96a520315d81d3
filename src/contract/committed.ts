import { z } from "zod";

/**
 * GET /api/summary/committed?month=&year=: what the budget months after the named one already
 * hold (docs/product.md#already-committed): installments recorded ahead, recurring bills still to
 * come (their rules' dates after today not yet created), and any other expense dated then. So a
 * family sees "Já comprometido em dezembro: R$ 840,00" before December starts.
 */
export const COMMITTED_PERIODS = 3;

const moneyString = z.string();

export const committedPeriodSchema = z.object({
  /** The budget month's name and days, as the summary's (docs/product.md#budget-periods). */
  year: z.number().int(),
  month: z.number().int(),
  first: z.string(),
  last: z.string(),
  /** Installments of purchases in installments dated in it. */
  installments: moneyString,
  /** Recurring bills still to come in it: their rules' dates after today, not yet created. */
  recurring: moneyString,
  /** Every other expense already recorded with a date in it. */
  other: moneyString,
  /** What is already spoken for: installments + recurring + other. */
  total: moneyString,
  /**
   * Income expected in it (docs/product.md#the-forecast): income already recorded with a date in
   * it, and recurring income still to come (its rules' dates after today, not yet recorded).
   */
  income: moneyString,
  /** income - total: what is free; negative when more is spoken for than comes in. */
  free: moneyString,
});
export type CommittedPeriod = z.infer<typeof committedPeriodSchema>;

export const committedResponseSchema = z.object({ periods: z.array(committedPeriodSchema) });
export type CommittedResponse = z.infer<typeof committedResponseSchema>;

import { fromCents, toCents } from "../contract/cents";

/**
 * The month's net (docs/product.md#the-months-net): what came in, what went out, what was left
 * ("Sobrou"), and the savings rate, the share of the income that was left. One home for the
 * dashboard and the reports. Worked in integer cents, so no float ever touches a cent; the rate is
 * a whole percent, rounded half away from zero, and has no meaning without income (null).
 */
export type MonthNet = {
  income: string;
  spent: string;
  /** Income minus spending: negative when the month spent more than came in. */
  left: string;
  /** Whole percent of the income left, negative when more went out; null without income. */
  savingsRate: number | null;
};

export function monthNetOf(income: string, spent: string): MonthNet {
  const incomeCents = toCents(income);
  const leftCents = incomeCents - toCents(spent);
  return {
    income: fromCents(incomeCents),
    spent: fromCents(toCents(spent)),
    left: fromCents(leftCents),
    savingsRate: incomeCents > 0 ? roundedPercent(leftCents, incomeCents) : null,
  };
}

/** part / whole as a whole percent, rounded half away from zero, in integers. */
function roundedPercent(part: number, whole: number): number {
  const sign = part < 0 ? -1 : 1;
  const tenths = Math.floor((Math.abs(part) * 1000) / whole);
  return sign * Math.floor((tenths + 5) / 10);
}

import { text } from "./text";

/**
 * Money on the wire is a decimal string with at most two places ("1234.5" or "1234.50"); never a
 * JSON number, so no float ever touches a cent. Bounds follow numeric(10,2).
 */
const moneyPattern = /^\d{1,20}(\.\d{1,2})?$/;
const withinNumeric10_2 = (value: string) =>
  (value.split(".")[0] ?? "").replace(/^0+(?=\d)/, "").length <= 8;

/** "12.5" -> 1250, "-0.05" -> -5: for comparisons and sums in integer cents. */
export const toCents = (amount: string): number => {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? amount.slice(1) : amount).split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return negative ? -cents : cents;
};

/** 1250 -> "12.50"; negative values keep their sign. */
export const fromCents = (cents: number): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

const moneyString = (invalidKey: string) =>
  text(invalidKey)
    .trim()
    .regex(moneyPattern, invalidKey)
    .refine(withinNumeric10_2, "validation.amountTooBig")
    .transform((value) => fromCents(toCents(value)));

/** An expense amount: more than zero, at most 99,999,999.99. */
export const amountSchema = moneyString("validation.amountInvalid").refine(
  (value) => toCents(value) > 0,
  "validation.amountPositive",
);

/** A budget: zero or more, at most 99,999,999.99. */
export const budgetSchema = moneyString("validation.budgetInvalid");

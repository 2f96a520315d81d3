import { fromCents, toCents } from "./cents";
import { text } from "./text";

/**
 * Money on the wire is a decimal string with at most two places ("1234.5" or "1234.50"); never a
 * JSON number, so no float ever touches a cent. Bounds follow numeric(10,2).
 */
const moneyPattern = /^\d{1,20}(\.\d{1,2})?$/;
const withinNumeric10_2 = (value: string) =>
  (value.split(".")[0] ?? "").replace(/^0+(?=\d)/, "").length <= 8;

export { fromCents, toCents };

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

const signedMoneyPattern = /^-?\d{1,20}(\.\d{1,2})?$/;

/**
 * An account's balance as the bank shows it (its opening balance): negative when the account is
 * overdrawn, at most 99,999,999.99 either way.
 */
export const balanceSchema = text("validation.balanceInvalid")
  .trim()
  .regex(signedMoneyPattern, "validation.balanceInvalid")
  .refine((value) => withinNumeric10_2(value.replace(/^-/, "")), "validation.amountTooBig")
  .transform((value) => fromCents(toCents(value)));

/**
 * Money into something (more than zero) or out of it (less than zero), never zero: a savings
 * goal's contribution or withdrawal (docs/product.md#caixinhas-savings-goals).
 */
export const signedAmountSchema = text("validation.amountInvalid")
  .trim()
  .regex(signedMoneyPattern, "validation.amountInvalid")
  .refine((value) => withinNumeric10_2(value.replace(/^-/, "")), "validation.amountTooBig")
  .transform((value) => fromCents(toCents(value)))
  .refine((value) => toCents(value) !== 0, "validation.goalAmountZero");

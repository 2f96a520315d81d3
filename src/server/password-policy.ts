import { dictionary } from "@zxcvbn-ts/language-common";
import {
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  registerInputSchema,
  resetPasswordInputSchema,
} from "../contract/auth";

/**
 * The password rule of docs/product.md#validation-limits, server side: the contract's length rule
 * (PASSWORD_MIN..PASSWORD_MAX, shared with the forms) and, here only, none of the 10,000 most
 * common passwords. The list is @zxcvbn-ts/language-common's `passwords-common` dictionary, ranked
 * by frequency (49k entries; its first 10,000 are taken): a maintained MIT package, kept out of
 * the web bundle (~380 kB) by living on the server; the form shows the refusal under the password
 * field through the `validation.passwordCommon` key like any other field error.
 *
 * Every place that sets a password uses `acceptablePasswordSchema` (registration, reset, change).
 */

export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/** Compared lower-cased: "Password" and "PASSWORD" are as guessable as "password". */
export function isCommonPassword(password: string): boolean {
  // Built on first use: startup does not pay for decompressing the list.
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED));
  return common.has(password.toLowerCase());
}

/** A new password: the contract's length rule, then (one error at a time) not a common password. */
export const acceptablePasswordSchema = newPasswordSchema.refine(
  (password) =>
    password.length < PASSWORD_MIN || password.length > PASSWORD_MAX || !isCommonPassword(password),
  { error: "validation.passwordCommon" },
);

/** The request bodies that set a password, as the server validates them. */
export const registerBodySchema = registerInputSchema.extend({
  password: acceptablePasswordSchema,
});
export const resetPasswordBodySchema = resetPasswordInputSchema.safeExtend({
  password: acceptablePasswordSchema,
});

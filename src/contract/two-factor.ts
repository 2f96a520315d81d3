import { z } from "zod";
import { PASSWORD_MAX } from "./auth";
import { text } from "./text";

/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): turning it on in Profile,
 * the login's second step, turning it off and new recovery codes.
 */

/** How many single-use recovery codes one confirmation (or a renewal) hands out. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code from the authenticator app (6 digits) or a recovery code (10 characters, shown in two
 * groups of five). People copy them with spaces and dashes, so those are dropped here, before the
 * server looks at the code; 32 characters is room for any of that.
 */
export const twoFactorCodeSchema = text("validation.twoFactorCodeRequired")
  .max(32, "validation.twoFactorCodeInvalid")
  .transform((code) => code.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: "validation.twoFactorCodeRequired", abort: true })
      .regex(/^[0-9A-Za-z]+$/, "validation.twoFactorCodeInvalid"),
  );

/**
 * The account's password, asked again before anything that changes how the account signs in:
 * two-factor sign-in on or off, new recovery codes, ending other logins (a stolen session alone
 * must not lock the owner out). Any character, as at login: it is only compared with the stored
 * hash.
 */
export const currentPasswordSchema = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(PASSWORD_MAX, "validation.passwordMax");

export const twoFactorSetupResponseSchema = z.object({
  /** The base32 secret, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/Family%20Budget:<email>?secret=...&issuer=Family%20Budget */
  otpauthUrl: z.string(),
  /** The otpauthUrl as a QR code, an SVG document (shown as a data: image, the CSP allows it). */
  qrCodeSvg: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** Turning it on starts with the password: only the account's owner may add a second factor. */
export const twoFactorSetupInputSchema = z.strictObject({ password: currentPasswordSchema });
export type TwoFactorSetupInput = z.infer<typeof twoFactorSetupInputSchema>;

export const twoFactorConfirmInputSchema = z.strictObject({ code: twoFactorCodeSchema });
export type TwoFactorConfirmInput = z.infer<typeof twoFactorConfirmInputSchema>;

export const recoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Turning it off, or renewing the recovery codes: the password and a code (either kind). */
export const twoFactorProofInputSchema = z.strictObject({
  password: currentPasswordSchema,
  code: twoFactorCodeSchema,
});
export type TwoFactorProofInput = z.infer<typeof twoFactorProofInputSchema>;

/** The login's second step: the challenge the password step answered, and a code. */
export const twoFactorLoginInputSchema = z.strictObject({
  challengeToken: text("validation.twoFactorChallengeInvalid")
    .min(1, "validation.twoFactorChallengeInvalid")
    .max(200, "validation.twoFactorChallengeInvalid"),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginInputSchema>;

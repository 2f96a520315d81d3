import { z } from "zod";
import { languageSchema } from "./common";
import { text } from "./text";
import { userSchema } from "./user";

/**
 * Requests and responses of the account calls. Messages are catalogue keys (src/contract/messages)
 * so the forms and the server show the same translated text.
 */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
export const NAME_MAX = 60;

// Stored trimmed and lower-cased, so "Ana@Example.org " and "ana@example.org" are one account.
export const emailSchema = text("validation.emailInvalid")
  .trim()
  .toLowerCase()
  .max(254, "validation.emailInvalid")
  .pipe(z.email({ error: "validation.emailInvalid" }));

export const newPasswordSchema = text("validation.passwordMin")
  .min(PASSWORD_MIN, "validation.passwordMin")
  .max(PASSWORD_MAX, "validation.passwordMax");

export const registerInputSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  name: text("validation.nameMin")
    .trim()
    .min(NAME_MIN, "validation.nameMin")
    .max(NAME_MAX, "validation.nameMax"),
  preferredLanguage: languageSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.strictObject({
  email: emailSchema,
  // Not text(): a password set before passwords went through text() may hold a control character,
  // and refusing it here would lock that account out. It is safe as it is: only compared with
  // argon2, never stored, logged or shown. New passwords (newPasswordSchema) do go through text().
  password: z
    .string({ error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .max(PASSWORD_MAX, "validation.passwordMax"),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const forgotPasswordInputSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z
  .strictObject({
    token: text("validation.tokenRequired").min(1, "validation.tokenRequired").max(200),
    password: newPasswordSchema,
    confirmPassword: text().max(PASSWORD_MAX).optional(),
  })
  .refine(
    (input) => input.confirmPassword === undefined || input.confirmPassword === input.password,
    {
      path: ["confirmPassword"],
      error: "validation.passwordsDoNotMatch",
    },
  );
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const verifyEmailQuerySchema = z.object({ token: text().max(200).optional() });

export const profileUpdateInputSchema = z.strictObject({
  firstName: text().trim().max(NAME_MAX, "validation.nameMax").optional(),
  lastName: text().trim().max(NAME_MAX, "validation.nameMax").optional(),
  budgetAlertEmails: z.boolean({ error: "validation.invalidType" }).optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>;

/** A login that signed in: the session cookie is set; the token is for API clients. */
export const loginSessionSchema = z.object({ token: z.string(), user: userSchema });
export type LoginSession = z.infer<typeof loginSessionSchema>;

/**
 * With two-factor sign-in on, a right password answers this instead: no session and no cookie
 * yet, only a five-minute challenge for POST /api/auth/login/two-factor (docs/product.md#two-factor-sign-in).
 */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
});

export const loginResponseSchema = z.union([loginSessionSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = z.object({ user: userSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

import { z } from "zod";
import { newPasswordSchema, PASSWORD_MAX } from "./auth";
import { FAMILY_NAME_MAX } from "./family";
import { text } from "./text";

/**
 * The Profile page's account and family actions: changing the password while signed in
 * (docs/product.md#changing-the-password), leaving the family, handing its ownership over, and
 * deleting it (docs/product.md#leaving-a-family).
 */

/**
 * The new password follows the registration rule (newPasswordSchema), so whatever that rule
 * refuses (too short, too long, too common) is refused here too. The confirmation is optional
 * for API clients, as at reset; the form always sends it.
 */
export const changePasswordInputSchema = z
  .strictObject({
    // Any character, as at login: it is only compared with the stored hash, and a password set
    // before control characters were refused must still prove who is asking.
    currentPassword: z
      .string({ error: "validation.passwordRequired" })
      .min(1, "validation.passwordRequired")
      .max(PASSWORD_MAX, "validation.passwordMax"),
    newPassword: newPasswordSchema,
    confirmPassword: text().max(PASSWORD_MAX).optional(),
  })
  .refine(
    (input) => input.confirmPassword === undefined || input.confirmPassword === input.newPassword,
    { path: ["confirmPassword"], error: "validation.passwordsDoNotMatch" },
  );
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** The member who becomes the owner; the old owner stays on as a member. */
export const transferOwnershipInputSchema = z.strictObject({
  userId: z.uuid({ error: "validation.invalid" }),
});
export type TransferOwnershipInput = z.infer<typeof transferOwnershipInputSchema>;

/** The family's name typed again, so a slip of the finger never deletes a household's data. */
export const deleteFamilyInputSchema = z.strictObject({
  name: text("validation.familyNameConfirm")
    .min(1, "validation.familyNameConfirm")
    .max(FAMILY_NAME_MAX * 2, "validation.familyNameMismatch"),
});
export type DeleteFamilyInput = z.infer<typeof deleteFamilyInputSchema>;

export const leaveFamilyResponseSchema = z.object({ left: z.literal(true) });
export type LeaveFamilyResponse = z.infer<typeof leaveFamilyResponseSchema>;

export const deleteFamilyResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteFamilyResponse = z.infer<typeof deleteFamilyResponseSchema>;

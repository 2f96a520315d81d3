import { z } from "zod";
import { languageSchema } from "./common";

/** The user as every API response carries it: never the password hash. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  preferredLanguage: languageSchema,
  /** Budget alerts also by e-mail (the bell always gets them); changed in Profile. */
  budgetAlertEmails: z.boolean(),
  /** Two-factor sign-in is on (docs/product.md#two-factor-sign-in); the secret never leaves the server. */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

import type { User } from "../contract/user";
import type { users } from "./db/schema";

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    emailVerified: row.emailVerified,
    preferredLanguage: row.preferredLanguage,
    budgetAlertEmails: row.budgetAlertEmails,
    twoFactorEnabled: row.totpSecret !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

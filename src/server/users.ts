import { eq } from "drizzle-orm";
import type { User } from "../contract/user";
import type { Db } from "./db/client";
import { users } from "./db/schema";

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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

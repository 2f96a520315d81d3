import { eq } from "drizzle-orm";
import type { ProfileUpdateInput } from "../../../contract/auth";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../errors";
import type { UserRow } from "../../users";

/** First and last name only: the e-mail cannot be changed. An empty name is stored as none. */
export async function updateProfile(
  db: Db,
  clock: Clock,
  user: UserRow,
  input: ProfileUpdateInput,
): Promise<UserRow> {
  const firstName = input.firstName === undefined ? user.firstName : input.firstName || null;
  const lastName = input.lastName === undefined ? user.lastName : input.lastName || null;
  const name = [firstName, lastName].filter(Boolean).join(" ") || user.name;
  const [updated] = await db
    .update(users)
    .set({ firstName, lastName, name, updatedAt: clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new AppError("not_found");
  return updated;
}

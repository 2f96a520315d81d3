import { and, eq, isNull } from "drizzle-orm";
import type { ChangePasswordInput } from "../../../contract/account-actions";
import type { ProfileUpdateInput } from "../../../contract/auth";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { passwordResetTokens, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { ActiveSession, SessionStore } from "../../http/sessions";
import type { Ledger } from "../../ledger/unit-of-work";
import type { UserRow } from "../../users";

/**
 * First and last name, and whether budget alerts also come by e-mail; the e-mail address cannot be
 * changed. An empty name is stored as none.
 */
export async function updateProfile(
  ledger: Ledger,
  clock: Clock,
  user: UserRow,
  familyId: string | undefined,
  input: ProfileUpdateInput,
): Promise<UserRow> {
  const firstName = input.firstName === undefined ? user.firstName : input.firstName || null;
  const lastName = input.lastName === undefined ? user.lastName : input.lastName || null;
  const name = [firstName, lastName].filter(Boolean).join(" ") || user.name;
  const [updated] = await ledger.db
    .update(users)
    .set({
      firstName,
      lastName,
      name,
      budgetAlertEmails: input.budgetAlertEmails ?? user.budgetAlertEmails,
      updatedAt: clock.now(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new AppError("not_found");
  // The family's screens show members by name; the caller's own settings (the alert e-mails)
  // change nothing they show, and an event would make each screen refetch
  // (docs/decisions/009-live-updates-over-sse.md: events for changes only).
  const renamed =
    updated.name !== user.name ||
    updated.firstName !== user.firstName ||
    updated.lastName !== user.lastName;
  if (familyId && renamed) await ledger.changed(familyId, ["family"]);
  return updated;
}

/**
 * The password functions of the auth feature, handed in by app.ts: one feature never imports
 * another's files (.dependency-cruiser.cjs), and both must hash the same way.
 */
export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (passwordHash: string, password: string) => Promise<boolean>;
};

const wrongCurrentPassword = () =>
  new AppError("wrong_current_password", {
    fieldErrors: [{ path: "currentPassword", messageKey: "errors.wrong_current_password" }],
  });

/**
 * Changing the password while signed in (docs/product.md#changing-the-password): the current
 * password must be right; then every other login of the account ends (this one stays: its user
 * just proved who they are) and every unused reset link stops working, since a link mailed before
 * the change would otherwise undo it. argon2 runs only here, behind the route's signed-in check.
 * The new password was checked by the contract's newPasswordSchema, the registration rule.
 */
export async function changePassword(
  deps: { db: Db; clock: Clock; store: SessionStore; passwords: PasswordHasher },
  caller: { user: UserRow; session: ActiveSession },
  input: ChangePasswordInput,
): Promise<void> {
  const { db, clock, store, passwords } = deps;
  const { user, session } = caller;
  if (!(await passwords.verify(user.passwordHash, input.currentPassword))) {
    throw wrongCurrentPassword();
  }
  // Checking the new password after the current one keeps a wrong current password the answer
  // whatever the new one is.
  const passwordHash = await passwords.hash(input.newPassword);
  const now = clock.now();
  await db.transaction(async (tx) => {
    // Only if the hash is still the one just verified: of two changes racing from two devices
    // with the same old password, the second finds it changed and is told it is wrong.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!changed) throw wrongCurrentPassword();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
  });
  await store.destroyOtherLogins(session);
}

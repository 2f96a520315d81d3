import { and, eq, gt, sql } from "drizzle-orm";
import type { SignedInDevice } from "../../../contract/sessions";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { AppError } from "../../errors";
import type { ActiveSession, SessionData } from "../../http/sessions";
import { unknownDevice } from "../../http/user-agent";
import type { UserRow } from "../../users";

/**
 * Signed-in devices (docs/product.md#signed-in-devices). A login is two rows of `sessions` (the
 * cookie and the bearer token) sharing `loginId`; they are listed and ended as one. Every query
 * filters by the caller's user id, so another user's login answers 404 like a missing one.
 */

const loginIdOf = sql<string>`${sessions.sess}->>'loginId'`;
const ofUser = (userId: string) => eq(sessions.userId, userId);

/** The auth feature's argon2 check, handed in by app.ts (features never import each other). */
export type PasswordCheck = {
  verifyPassword: (passwordHash: string, password: string) => Promise<boolean>;
};

/** Ending logins asks for the account's password first; a wrong one changes nothing. */
export async function checkPassword(deps: PasswordCheck, user: UserRow, password: string) {
  if (!(await deps.verifyPassword(user.passwordHash, password))) {
    throw new AppError("wrong_current_password", {
      fieldErrors: [{ path: "password", messageKey: "errors.wrong_current_password" }],
    });
  }
}

/** The caller's live logins: the current one first, then the most recently seen. */
export async function listLogins(
  db: Db,
  now: Date,
  caller: ActiveSession,
): Promise<SignedInDevice[]> {
  const rows = await db
    .select({ sess: sessions.sess })
    .from(sessions)
    .where(and(ofUser(caller.data.userId), gt(sessions.expire, now)));
  const logins = new Map<string, SignedInDevice>();
  for (const row of rows) {
    const data = row.sess as SessionData;
    const seen = logins.get(data.loginId);
    if (!seen) {
      logins.set(data.loginId, {
        id: data.loginId,
        device: data.device ?? unknownDevice,
        createdAt: data.createdAt,
        lastSeenAt: data.lastSeenAt,
        current: data.loginId === caller.data.loginId,
      });
    } else if (Date.parse(data.lastSeenAt) > Date.parse(seen.lastSeenAt)) {
      // Each row is touched on its own (at most hourly): the login was last seen by the newer.
      seen.lastSeenAt = data.lastSeenAt;
    }
  }
  return [...logins.values()].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt) ||
      Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * Ends one of the caller's logins, both of its credentials. Ending the caller's own is allowed
 * and is a logout (`current`). An expired login is gone already: 404, as for an unknown id.
 */
export async function endLogin(
  db: Db,
  now: Date,
  caller: ActiveSession,
  loginId: string,
): Promise<{ current: boolean }> {
  const ended = await db
    .delete(sessions)
    .where(and(ofUser(caller.data.userId), eq(loginIdOf, loginId)))
    .returning({ expire: sessions.expire });
  if (!ended.some((row) => row.expire > now)) {
    throw new AppError("not_found", { messageKey: "errors.session_not_found" });
  }
  return { current: loginId === caller.data.loginId };
}

/** Ends every login of the caller but the current one; answers how many live ones it ended. */
export async function endOtherLogins(db: Db, now: Date, caller: ActiveSession): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(ofUser(caller.data.userId), sql`${loginIdOf} <> ${caller.data.loginId}`))
    .returning({ loginId: loginIdOf, expire: sessions.expire });
  return new Set(ended.filter((row) => row.expire > now).map((row) => row.loginId)).size;
}

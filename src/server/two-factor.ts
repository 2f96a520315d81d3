import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt, lte, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { RECOVERY_CODE_COUNT } from "../contract/two-factor";
import type { Db } from "./db/client";
import { loginChallenges, totpRecoveryCodes, users } from "./db/schema";
import type { UserRow } from "./users";

/**
 * Two-factor sign-in's codes and login challenges (docs/product.md#two-factor-sign-in), shared by
 * the login (features/auth) and Profile's switch (features/two-factor): features never import each
 * other's files. TOTP is RFC 6238 through `otpauth` (SHA-1, 6 digits, 30 s: what every
 * authenticator app reads from the QR code); nothing here hand-writes an HMAC.
 */

export const TOTP_ISSUER = "Family Budget";
const CHALLENGE_TTL_MS = 5 * 60_000;

export const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });

/** 160 random bits, the size RFC 4226 recommends, as base32 (what the apps take by hand). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The 30-second step a code from this secret stands for at `now`, or null. One step either side
 * is accepted, so a phone whose clock is a little off, or a code typed as it changes, still works.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!isTotpCode(code)) return null;
  const totp = totpOf(secret, "");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * A code from the app, accepted once: the step is stored only if it is later than the last one
 * accepted, in one conditional UPDATE, so a code seen once (or sent twice in parallel) cannot
 * sign in again, and an older code cannot either once a newer one was used.
 */
async function acceptTotp(db: Db, userId: string, secret: string, code: string, now: Date) {
  const step = totpStep(secret, code, now);
  if (step === null) return false;
  const [accepted] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecret, secret),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return accepted !== undefined;
}

// Crockford's base32 in lower case: no i, l, o or u, so a code read off paper is not mistyped.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_LENGTH = 10;

/** The form a recovery code is hashed in: lower case, and the letters people confuse mapped. */
const normalizeRecoveryCode = (code: string) =>
  code.toLowerCase().replace(/o/g, "0").replace(/[il]/g, "1");

/** 10 characters of 32 (50 random bits) each, shown as "xxxxx-xxxxx". */
function newRecoveryCode() {
  let code = "";
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(32)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A recovery code, used once: the conditional UPDATE ... WHERE used_at IS NULL lets only one of
 * two parallel uses find it unused.
 */
async function spendRecoveryCode(db: Db, userId: string, code: string, now: Date) {
  if (code.length !== RECOVERY_LENGTH) return false;
  const [used] = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, sha256(normalizeRecoveryCode(code))),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return used !== undefined;
}

/**
 * The second factor of a user with two-factor sign-in on: six digits are a code from the app,
 * anything else a recovery code. `code` comes without spaces or dashes (the contract's schema).
 */
export async function acceptSecondFactor(
  db: Db,
  user: Pick<UserRow, "id" | "totpSecret">,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  return isTotpCode(code)
    ? acceptTotp(db, user.id, user.totpSecret, code, now)
    : spendRecoveryCode(db, user.id, code, now);
}

/** Ten new recovery codes in place of every earlier one (used or not); only hashes are kept. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: sha256(normalizeRecoveryCode(code.replace("-", ""))),
    })),
  );
  return codes;
}

/**
 * The password was right and a code is owed: a random token for the client, only its SHA-256
 * kept, valid five minutes. Expired challenges of anyone are dropped on the way (indexed).
 */
export async function createLoginChallenge(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(loginChallenges).where(lte(loginChallenges.expiresAt, now));
  await db.insert(loginChallenges).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

/** The user a live challenge belongs to, or undefined (unknown, expired or already used). */
export async function findLoginChallenge(
  db: Db,
  token: string,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(and(eq(loginChallenges.tokenHash, sha256(token)), gt(loginChallenges.expiresAt, now)));
  return row?.user;
}

/**
 * Ends a challenge, if it is still live: one DELETE ... RETURNING, so of two parallel second
 * steps only one gets it (the other waits on the row and finds it gone).
 */
export async function claimLoginChallenge(db: Db, token: string, now: Date): Promise<boolean> {
  const [claimed] = await db
    .delete(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, sha256(token)), gt(loginChallenges.expiresAt, now)))
    .returning({ userId: loginChallenges.userId });
  return claimed !== undefined;
}

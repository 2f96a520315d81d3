import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, not, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { RECOVERY_CODE_COUNT } from "../contract/two-factor";
import type { Db } from "./db/client";
import { loginChallenges, totpRecoveryCodes, users } from "./db/schema";
import type { UserRow } from "./users";

/**
 * Two-factor sign-in's codes and login challenges (docs/product.md#two-factor-sign-in), shared by
 * the login's second step (features/auth) and Profile's set-up (features/two-factor-setup):
 * features never import each other's files. TOTP is RFC 6238 through `otpauth` (SHA-1, 6 digits,
 * 30 s: what every authenticator app reads from the QR code); nothing here hand-writes the TOTP's
 * HMAC.
 *
 * Secrets at rest (docs/product.md#two-factor-sign-in): a database dump or a backup must hold no
 * usable second factor, so everything here is keyed by TWO_FACTOR_KEY (or DATA_DIR/two-factor-key,
 * config.ts), which never enters the database. TOTP seeds are sealed with AES-256-GCM, bound to
 * their user (a sealed seed copied onto another account does not open); recovery codes are kept as
 * an HMAC-SHA-256 under the key and the user's id, so a dump cannot be searched for the 2^50 codes
 * of an unsalted hash. An exact digest, unlike argon2's salted hash, still lets one conditional
 * UPDATE find and spend a code (no race between two parallel uses).
 */

export type TwoFactorKeys = { seed: Buffer; codes: Buffer };

/** Two independent keys from the configured one (HKDF-SHA-256), one per use. */
export function twoFactorKeys(hexKey: string): TwoFactorKeys {
  const key = Buffer.from(hexKey, "hex");
  if (key.length !== 32) throw new Error("the two-factor key must be 32 bytes");
  const derive = (use: string) => Buffer.from(hkdfSync("sha256", key, "", use, 32));
  return {
    seed: derive("family-budget totp seed v1"),
    codes: derive("family-budget recovery code v1"),
  };
}

// Stored forms carry their version: a seed written before sealing is bare base32 (no colon) and a
// recovery code hash of that time is 64 hex digits; both are converted at start
// (sealTwoFactorSecrets) and still read until then.
const SEALED_SEED = "v1:";
const KEYED_CODE = "h1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealSeed(keys: TwoFactorKeys, userId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys.seed, iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return SEALED_SEED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/**
 * The base32 seed of a stored value. A wrong key or a tampered value throws (GCM's tag), with a
 * message for the operator's log: the usual cause is a restored DATA_DIR without its
 * two-factor-key file, or another TWO_FACTOR_KEY (README.md#backups).
 */
export function openSeed(keys: TwoFactorKeys, userId: string, stored: string): string {
  if (!stored.startsWith(SEALED_SEED)) return stored;
  const raw = Buffer.from(stored.slice(SEALED_SEED.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keys.seed, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(userId, "utf8"));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch (error) {
    throw new Error(
      "a two-factor secret does not open with this key: is DATA_DIR/two-factor-key (or TWO_FACTOR_KEY) the one it was sealed with?",
      { cause: error },
    );
  }
}

/** The keyed digest of a recovery code, built over its old SHA-256 so old hashes convert exactly. */
const keyedCodeHash = (keys: TwoFactorKeys, userId: string, legacyHash: string) =>
  KEYED_CODE + createHmac("sha256", keys.codes).update(`${userId}:${legacyHash}`).digest("hex");

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
async function acceptTotp(
  db: Db,
  keys: TwoFactorKeys,
  userId: string,
  stored: string,
  code: string,
  now: Date,
) {
  const step = totpStep(openSeed(keys, userId, stored), code, now);
  if (step === null) return false;
  const [accepted] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecret, stored),
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
async function spendRecoveryCode(
  db: Db,
  keys: TwoFactorKeys,
  userId: string,
  code: string,
  now: Date,
) {
  if (code.length !== RECOVERY_LENGTH) return false;
  const legacyHash = sha256(normalizeRecoveryCode(code));
  const [used] = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        inArray(totpRecoveryCodes.codeHash, [keyedCodeHash(keys, userId, legacyHash), legacyHash]),
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
  keys: TwoFactorKeys,
  user: Pick<UserRow, "id" | "totpSecret">,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  return isTotpCode(code)
    ? acceptTotp(db, keys, user.id, user.totpSecret, code, now)
    : spendRecoveryCode(db, keys, user.id, code, now);
}

/** Ten new recovery codes in place of every earlier one (used or not); only keyed digests are kept. */
export async function replaceRecoveryCodes(
  db: Db,
  keys: TwoFactorKeys,
  userId: string,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: keyedCodeHash(keys, userId, sha256(normalizeRecoveryCode(code.replace("-", "")))),
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

/**
 * Converts what an earlier version stored in clear (docs/product.md#two-factor-sign-in): bare
 * seeds (on and pending) are sealed, SHA-256 recovery code hashes become keyed digests. Run at
 * every start after the migrations (main.ts), so an upgrade, a restored backup or an imported
 * PGlite database is converted before the first request; each row is rewritten only if it still
 * holds what was read, so two processes starting together convert it once. Enrolments keep
 * working: the same seed and the same codes are accepted.
 */
export async function sealTwoFactorSecrets(db: Db, keys: TwoFactorKeys): Promise<number> {
  const bare = (column: typeof users.totpSecret | typeof users.totpPendingSecret) =>
    and(isNotNull(column), not(sql`${column} like ${`${SEALED_SEED}%`}`));
  let converted = 0;
  const seeds = await db
    .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(bare(users.totpSecret), bare(users.totpPendingSecret)));
  for (const row of seeds) {
    const seal = (value: string | null) =>
      value === null || value.startsWith(SEALED_SEED) ? value : sealSeed(keys, row.id, value);
    const [done] = await db
      .update(users)
      .set({ totpSecret: seal(row.secret), totpPendingSecret: seal(row.pending) })
      .where(
        and(
          eq(users.id, row.id),
          row.secret === null ? isNull(users.totpSecret) : eq(users.totpSecret, row.secret),
          row.pending === null
            ? isNull(users.totpPendingSecret)
            : eq(users.totpPendingSecret, row.pending),
        ),
      )
      .returning({ id: users.id });
    if (done) converted++;
  }
  const codes = await db
    .select({
      id: totpRecoveryCodes.id,
      userId: totpRecoveryCodes.userId,
      codeHash: totpRecoveryCodes.codeHash,
    })
    .from(totpRecoveryCodes)
    .where(not(sql`${totpRecoveryCodes.codeHash} like ${`${KEYED_CODE}%`}`));
  for (const row of codes) {
    const [done] = await db
      .update(totpRecoveryCodes)
      .set({ codeHash: keyedCodeHash(keys, row.userId, row.codeHash) })
      .where(and(eq(totpRecoveryCodes.id, row.id), eq(totpRecoveryCodes.codeHash, row.codeHash)))
      .returning({ id: totpRecoveryCodes.id });
    if (done) converted++;
  }
  return converted;
}

import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from "../../../contract/auth";
import type { Language } from "../../../contract/common";
import type { TwoFactorLoginInput } from "../../../contract/two-factor";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { passwordResetTokens, users, verificationTokens } from "../../db/schema";
import { AppError } from "../../errors";
import type { AttemptLimiter } from "../../http/attempt-limiter";
import type { LoginClient, SessionStore } from "../../http/sessions";
import type { Mailer } from "../../mail/mailer";
import { passwordResetMail } from "../../mail/templates";
import type { Passwords } from "../../passwords";
import {
  acceptSecondFactor,
  claimLoginChallenge,
  createLoginChallenge,
  findLoginChallenge,
  type TwoFactorKeys,
} from "../../two-factor";
import type { UserRow } from "../../users";

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export type AuthLimits = {
  loginPerAccount: AttemptLimiter;
  loginPerIp: AttemptLimiter;
  forgotPerAccount: AttemptLimiter;
  forgotPerIp: AttemptLimiter;
  registerPerIp: AttemptLimiter;
  resetPerIp: AttemptLimiter;
};

export type AuthContext = {
  db: Db;
  store: SessionStore;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, "appUrl">;
  limits: AuthLimits;
  /** Open the sealed TOTP seeds and digest recovery codes (server/two-factor.ts). */
  twoFactorKeys: TwoFactorKeys;
  /** argon2 at the config's cost (server/passwords.ts), built once by app.ts. */
  passwords: Passwords;
  log: FastifyBaseLogger;
};

/** 256 random bits for the mail; only their SHA-256 is stored. */
const newToken = () => {
  const token = randomBytes(32).toString("base64url");
  return { token, stored: sha256(token) };
};
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function splitName(name: string) {
  const [first = name, ...rest] = name.split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") || null };
}

export async function register(
  ctx: AuthContext,
  input: RegisterInput,
  ip: string,
  language: Language,
): Promise<UserRow> {
  // Counted before argon2, so parallel registrations cannot outrun the limit.
  if (await ctx.limits.registerPerIp.hit(ip)) throw new AppError("too_many_registrations");
  const passwordHash = await ctx.passwords.hash(input.password);
  try {
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        name: input.name,
        ...splitName(input.name),
        preferredLanguage: input.preferredLanguage ?? language,
      })
      .returning();
    if (!user) throw new AppError("internal");
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("email_taken");
    throw error;
  }
}

/**
 * Unknown e-mail and wrong password answer the same error after the same work, so a login never
 * tells whether an account exists. Every attempt is counted before argon2 runs (one atomic
 * upsert per limit, docs/decisions/002-rate-limits.md), so N parallel guesses never get more than
 * the limit's tries; a login that succeeds is taken back, so only failures count and a household
 * signing in all day is never blocked. With two-factor sign-in on, the right password makes no
 * session: it answers a challenge for the second step (loginWithSecondFactor).
 */
export async function login(
  ctx: AuthContext,
  input: LoginInput,
  ip: string,
  client: LoginClient = {},
): Promise<SignedIn | { challengeToken: string }> {
  const { loginPerAccount, loginPerIp } = ctx.limits;
  const [overAccount, overIp] = await Promise.all([
    loginPerAccount.hit(input.email),
    loginPerIp.hit(ip),
  ]);
  if (overAccount || overIp) throw new AppError("too_many_logins");
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  const valid = user
    ? await ctx.passwords.verify(user.passwordHash, input.password)
    : await ctx.passwords.verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError("invalid_credentials");
  await Promise.all([loginPerAccount.takeBack(input.email), loginPerIp.takeBack(ip)]);
  if (user.totpSecret) {
    return { challengeToken: await createLoginChallenge(ctx.db, user.id, ctx.clock.now()) };
  }
  const credentials = await ctx.store.createLogin(user.id, client);
  return { user, ...credentials };
}

type SignedIn = { user: UserRow; cookieId: string; bearerToken: string };

/**
 * The login's second step (docs/product.md#two-factor-sign-in): a code from the app or a recovery
 * code. Wrong codes count against the password's own limits, per account and per IP, before any
 * code is checked, so parallel guesses get no more tries than wrong passwords would; a success
 * takes its attempt back. The challenge is claimed and the code accepted in one transaction: a
 * wrong code rolls the claim back (the person may try again within the five minutes), and of two
 * parallel right answers only one finds the challenge.
 */
export async function loginWithSecondFactor(
  ctx: AuthContext,
  input: TwoFactorLoginInput,
  ip: string,
  client: LoginClient = {},
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const user = await findLoginChallenge(ctx.db, input.challengeToken, now);
  if (!user) throw new AppError("two_factor_challenge_expired");
  const account = user.email.toLowerCase();
  const { loginPerAccount, loginPerIp } = ctx.limits;
  const [overAccount, overIp] = await Promise.all([
    loginPerAccount.hit(account),
    loginPerIp.hit(ip),
  ]);
  if (overAccount || overIp) throw new AppError("too_many_logins");
  await ctx.db.transaction(async (tx) => {
    if (!(await claimLoginChallenge(tx, input.challengeToken, now))) {
      throw new AppError("two_factor_challenge_expired");
    }
    if (!(await acceptSecondFactor(tx, ctx.twoFactorKeys, user, input.code, now))) {
      throw new AppError("invalid_two_factor_code");
    }
  });
  await Promise.all([loginPerAccount.takeBack(account), loginPerIp.takeBack(ip)]);
  const credentials = await ctx.store.createLogin(user.id, client);
  return { user, ...credentials };
}

/**
 * Answers the same whether or not the account exists; the mail goes out in the background so the
 * response time does not tell either.
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  input: ForgotPasswordInput,
  ip: string,
) {
  const [overIp, overAccount] = await Promise.all([
    ctx.limits.forgotPerIp.hit(ip),
    ctx.limits.forgotPerAccount.hit(input.email),
  ]);
  if (overIp || overAccount) throw new AppError("too_many_reset_requests");
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (!user) return;
  const { token, stored } = newToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    token: stored,
    expiresAt: new Date(ctx.clock.now().getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.appUrl}/reset-password?token=${token}`;
  const mail = passwordResetMail(
    user.preferredLanguage,
    user.email,
    user.firstName ?? user.name ?? user.email,
    link,
  );
  void ctx.mailer.send(mail).catch((error: unknown) => {
    ctx.log.error({ err: error }, "could not send the password reset mail");
  });
}

/**
 * Single use, valid one hour. Counted per IP first, then the token is looked up before the new
 * password is hashed, so bogus tokens cost one indexed read and never argon2 (docs/product.md#password-reset). Success
 * ends every session of the user on every device and makes the user's other unused reset links
 * useless: a link mailed earlier (perhaps to a mailbox an attacker reads) cannot reset again.
 */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordInput, ip: string) {
  if (await ctx.limits.resetPerIp.hit(ip)) throw new AppError("too_many_reset_attempts");
  const now = ctx.clock.now();
  const usable = and(
    eq(passwordResetTokens.token, sha256(input.token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  const [found] = await ctx.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable);
  if (!found) throw new AppError("invalid_reset_token");
  const passwordHash = await ctx.passwords.hash(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    // Claimed again here: of two parallel resets with one link, only one finds it unused.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usable)
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError("invalid_reset_token");
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)),
      );
    return claimed.userId;
  });
  await ctx.store.destroyAllForUser(userId);
  return userId;
}

export async function verifyEmail(ctx: AuthContext, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verificationTokens)
      .where(
        and(eq(verificationTokens.token, sha256(token)), gt(verificationTokens.expiresAt, now)),
      )
      .returning({ userId: verificationTokens.userId });
    if (!row) return false;
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: now })
      .where(eq(users.id, row.userId));
    return true;
  });
}

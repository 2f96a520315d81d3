import { and, eq, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import type {
  RecoveryCodesResponse,
  TwoFactorConfirmInput,
  TwoFactorProofInput,
  TwoFactorSetupInput,
  TwoFactorSetupResponse,
} from "../../../contract/two-factor";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { loginChallenges, totpRecoveryCodes, users } from "../../db/schema";
import { AppError } from "../../errors";
import {
  acceptSecondFactor,
  newTotpSecret,
  openSeed,
  replaceRecoveryCodes,
  sealSeed,
  type TwoFactorKeys,
  totpOf,
  totpStep,
} from "../../two-factor";
import type { UserRow } from "../../users";

/**
 * Turning two-factor sign-in on and off in Profile (docs/product.md#two-factor-sign-in). The
 * login's second step is the auth feature's; the codes and challenges are server/two-factor.ts.
 */

export type TwoFactorDeps = {
  db: Db;
  clock: Clock;
  /** The auth feature's argon2 check, handed in by app.ts (features never import each other). */
  verifyPassword: (passwordHash: string, password: string) => Promise<boolean>;
  /** Seal the seeds and digest the recovery codes (server/two-factor.ts). */
  keys: TwoFactorKeys;
};

const wrongCode = () =>
  new AppError("wrong_two_factor_code", {
    fieldErrors: [{ path: "code", messageKey: "errors.wrong_two_factor_code" }],
  });

const wrongPassword = () =>
  new AppError("wrong_current_password", {
    fieldErrors: [{ path: "password", messageKey: "errors.wrong_current_password" }],
  });

/**
 * The password first: a second factor added by someone holding only a stolen session would lock
 * the owner out. Then a new secret each time (an earlier QR code that was shown and not confirmed
 * stops working), kept sealed as pending until a code from it is typed. The QR code is made here,
 * as SVG, so the web bundle carries no QR library; the CSP's img-src allows it as a data: image.
 */
export async function startSetup(
  deps: TwoFactorDeps,
  user: UserRow,
  input: TwoFactorSetupInput,
): Promise<TwoFactorSetupResponse> {
  if (user.totpSecret) throw new AppError("two_factor_already_enabled");
  if (!(await deps.verifyPassword(user.passwordHash, input.password))) throw wrongPassword();
  const secret = newTotpSecret();
  await deps.db
    .update(users)
    .set({ totpPendingSecret: sealSeed(deps.keys, user.id, secret), updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id));
  const otpauthUrl = totpOf(secret, user.email).toString();
  const qrCodeSvg = await QRCode.toString(otpauthUrl, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
  });
  return { secret, otpauthUrl, qrCodeSvg };
}

/**
 * A code from the pending secret turns it on, and answers the ten recovery codes: the only time
 * they are shown (only their hashes are kept). The code's step is recorded as used, so the same
 * code cannot then sign in.
 */
export async function confirmSetup(
  deps: Pick<TwoFactorDeps, "db" | "clock" | "keys">,
  user: UserRow,
  input: TwoFactorConfirmInput,
): Promise<RecoveryCodesResponse> {
  if (user.totpSecret) throw new AppError("two_factor_already_enabled");
  const pending = user.totpPendingSecret;
  if (!pending) throw new AppError("two_factor_setup_missing");
  const now = deps.clock.now();
  const step = totpStep(openSeed(deps.keys, user.id, pending), input.code, now);
  if (step === null) throw wrongCode();
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    // Only if the pending secret is still the one the code came from and it is not on yet: a
    // second setup started in another tab, or a parallel confirmation, finds it changed.
    const [enabled] = await tx
      .update(users)
      .set({
        totpSecret: pending,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(
        and(eq(users.id, user.id), eq(users.totpPendingSecret, pending), isNull(users.totpSecret)),
      )
      .returning({ id: users.id });
    if (!enabled) throw new AppError("two_factor_setup_missing");
    return replaceRecoveryCodes(tx, deps.keys, user.id);
  });
  return { recoveryCodes };
}

/**
 * The password first, then the code: a right code is used up when it is accepted, so it is not
 * spent on a request that a wrong password refuses anyway.
 */
async function proveIdentity(deps: TwoFactorDeps, user: UserRow, input: TwoFactorProofInput) {
  if (!user.totpSecret) throw new AppError("two_factor_not_enabled");
  if (!(await deps.verifyPassword(user.passwordHash, input.password))) throw wrongPassword();
  if (!(await acceptSecondFactor(deps.db, deps.keys, user, input.code, deps.clock.now()))) {
    throw wrongCode();
  }
}

/** Off: the secret, the recovery codes and any login waiting for a code go. */
export async function disable(deps: TwoFactorDeps, user: UserRow, input: TwoFactorProofInput) {
  await proveIdentity(deps, user, input);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
  });
}

/** Ten new recovery codes; the earlier ones, used or not, stop working. */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  user: UserRow,
  input: TwoFactorProofInput,
): Promise<RecoveryCodesResponse> {
  await proveIdentity(deps, user, input);
  const recoveryCodes = await deps.db.transaction((tx) =>
    replaceRecoveryCodes(tx, deps.keys, user.id),
  );
  return { recoveryCodes };
}

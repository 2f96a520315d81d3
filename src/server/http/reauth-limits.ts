import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { AttemptLimiter } from "./attempt-limiter";

/**
 * The limits on proving who one is again while signed in (docs/product.md#rate-limits): changing
 * the password, turning two-factor sign-in on or off, new recovery codes, ending logins. Each asks
 * for the current password or a code, so a stolen session could otherwise guess them without end.
 * As at the login (docs/decisions/002-rate-limits.md) every attempt is counted before the password
 * or code is checked, so parallel guesses cannot outrun the limit, and an attempt that succeeded
 * is taken back: only failures count. Counted per session and per IP, not per account: a stolen
 * session that guesses wrong burns its own budget, and the owner's other logins can still change
 * the password and end it.
 */
export type ReauthLimits = { perSession: AttemptLimiter; perIp: AttemptLimiter };

declare module "fastify" {
  interface FastifyInstance {
    reauthLimits: ReauthLimits;
  }
}

/**
 * Runs `check` (the password or code check and what it guards) if the caller is within both
 * limits; throws 429 `too_many_reauth_attempts` before it otherwise.
 */
export async function withReauthLimits<T>(
  request: FastifyRequest,
  check: () => Promise<T>,
): Promise<T> {
  // Every caller is signed in (the routes' mustBeSignedIn answered 401 already).
  if (!request.auth) throw new AppError("unauthorized");
  // The session's stored id (an HMAC of what the client holds, http/sessions.ts): no cookie.
  const session = request.auth.session.sid;
  const { perSession, perIp } = request.server.reauthLimits;
  const [overSession, overIp] = await Promise.all([perSession.hit(session), perIp.hit(request.ip)]);
  if (overSession || overIp) throw new AppError("too_many_reauth_attempts");
  const result = await check();
  await Promise.all([perSession.takeBack(session), perIp.takeBack(request.ip)]);
  return result;
}

import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { AttemptLimiter } from "./attempt-limiter";

/**
 * The limits on joining a family (docs/product.md#rate-limits): invite codes must not be
 * guessable without limit.
 * Every join attempt of a signed-in user is counted per user and per IP before the invite is
 * looked up, so parallel guesses cannot outrun the limit. Successes are not taken back: a user
 * who joined is in a family and cannot join again, so a success costs a household at most one
 * attempt per member.
 */
export type JoinLimits = { perUser: AttemptLimiter; perIp: AttemptLimiter };

declare module "fastify" {
  interface FastifyInstance {
    joinLimits: JoinLimits;
  }
}

/** The first line of every route that looks an invite code up; throws 429 over a limit. */
export async function limitJoinAttempts(request: FastifyRequest): Promise<void> {
  // Signed out, a join route only sends the browser to the login page: nothing to guess yet.
  if (!request.auth) return;
  const { perUser, perIp } = request.server.joinLimits;
  const [overUser, overIp] = await Promise.all([
    perUser.hit(request.auth.user.id),
    perIp.hit(request.ip),
  ]);
  if (overUser || overIp) throw new AppError("too_many_join_attempts");
}

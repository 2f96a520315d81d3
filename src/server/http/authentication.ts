import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Config, isHttpsApp } from "../config";
import { AppError } from "../errors";
import type { UserRow } from "../users";
import { ABSOLUTE_TIMEOUT_MS, type Caller, type SessionStore } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller: session, user and family membership, read in one statement per request. */
    auth: Caller | null;
  }
}

export const sessionCookieName = (config: Pick<Config, "appUrl">) =>
  isHttpsApp(config) ? "__Host-sid" : "sid";

/**
 * Resolves the caller on every /api request from the session cookie or an `Authorization: Bearer`
 * token, before validation, so even a validation error speaks the user's language.
 */
export async function registerAuthentication(
  app: FastifyInstance,
  options: { store: SessionStore; config: Config },
) {
  const { store, config } = options;
  const cookieName = sessionCookieName(config);
  await app.register(cookie);
  app.decorateRequest("auth", null);

  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const cookieId = request.cookies[cookieName];
    const caller = bearer
      ? await store.find(bearer, "bearer")
      : cookieId
        ? await store.find(cookieId, "cookie")
        : undefined;
    if (!caller) return;
    request.auth = caller;
    request.preferredLanguage = caller.user.preferredLanguage;
  });
}

export function setSessionCookie(reply: FastifyReply, config: Config, cookieId: string) {
  reply.setCookie(sessionCookieName(config), cookieId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttpsApp(config),
    maxAge: Math.floor(ABSOLUTE_TIMEOUT_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttpsApp(config),
  });
}

/** The signed-in user, or a 401 for the route. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError("unauthorized");
  return request.auth.user;
}

/** A route-scope hook: 401 before validation, so a signed-out caller learns nothing else. */
export async function mustBeSignedIn(request: FastifyRequest) {
  requireUser(request);
}

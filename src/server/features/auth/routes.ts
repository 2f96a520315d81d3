import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  loginResponseSchema,
  loginSessionSchema,
  messageResponseSchema,
  registerResponseSchema,
  verifyEmailQuerySchema,
} from "../../../contract/auth";
import { twoFactorLoginInputSchema } from "../../../contract/two-factor";
import { userSchema } from "../../../contract/user";
import { clearSessionCookie, requireUser, setSessionCookie } from "../../http/authentication";
import { redirectResponse } from "../../http/documented-responses";
import { requestLanguage } from "../../http/language";
import { mayActOnNavigation } from "../../http/navigation-origin";
import { translate } from "../../i18n";
import { registerBodySchema, resetPasswordBodySchema } from "../../password-policy";
import { toUser, type UserRow } from "../../users";
import type { AuthContext } from "./service";
import * as auth from "./service";

export const authRoutes =
  (ctx: Omit<AuthContext, "log">): FastifyPluginAsyncZod =>
  async (app) => {
    const context = { ...ctx, log: app.log };

    /**
     * Both ways a login ends signed in (the password alone, or the password and a code): the
     * session the client came with (if any) ends, the login gets new ids and its cookie.
     */
    const signIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      { user, cookieId, bearerToken }: { user: UserRow; cookieId: string; bearerToken: string },
    ) => {
      if (request.auth) {
        await ctx.store.destroyLogin(request.auth.session);
        await app.familyEvents.accessChanged([request.auth.user.id]);
      }
      setSessionCookie(reply, app.config, cookieId);
      return { token: bearerToken, user: toUser(user) };
    };

    app.post(
      "/api/auth/register",
      { schema: { body: registerBodySchema, response: { 201: registerResponseSchema } } },
      async (request, reply) => {
        const user = await auth.register(
          context,
          request.body,
          request.ip,
          requestLanguage(request),
        );
        return reply.status(201).send({ user: toUser(user) });
      },
    );

    app.post(
      "/api/auth/login",
      { schema: { body: loginInputSchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        // The user agent names the device in Profile's Signed-in devices.
        const result = await auth.login(context, request.body, request.ip, {
          userAgent: request.headers["user-agent"],
        });
        // Two-factor sign-in on: no session and no cookie until the code (docs/product.md#two-factor-sign-in).
        if ("challengeToken" in result) {
          return { twoFactorRequired: true as const, challengeToken: result.challengeToken };
        }
        return signIn(request, reply, result);
      },
    );

    // The login's second step, public like the first: the challenge says whose login it is.
    app.post(
      "/api/auth/login/two-factor",
      { schema: { body: twoFactorLoginInputSchema, response: { 200: loginSessionSchema } } },
      async (request, reply) => {
        const result = await auth.loginWithSecondFactor(context, request.body, request.ip, {
          userAgent: request.headers["user-agent"],
        });
        return signIn(request, reply, result);
      },
    );

    app.get("/api/auth/user", { schema: { response: { 200: userSchema } } }, async (request) =>
      toUser(requireUser(request)),
    );

    const loggedOut = redirectResponse(
      'To /: the session ended and `Clear-Site-Data: "cache", "storage"` (only `"cache"` with `?keep=queue`); from another site: kept, nothing cleared',
    );
    app.get("/api/logout", { schema: { response: { 302: loggedOut } } }, async (request, reply) => {
      // A link on another site must not sign people out (docs/product.md#signing-out): it only
      // leads to the app, which keeps the session (and the device keeps its data).
      if (!mayActOnNavigation(request)) return reply.redirect("/", 302);
      if (request.auth) {
        await ctx.store.destroyLogin(request.auth.session);
        // The login's open event streams end with it.
        await app.familyEvents.accessChanged([request.auth.user.id]);
      }
      clearSessionCookie(reply, app.config);
      // The signed-out device forgets (docs/product.md#signing-out): the HTTP cache, and the
      // saved screens, stored user and service worker with the rest of the origin's storage.
      // Expenses still waiting to be sent live in that storage too; after "Sign out anyway" the
      // web asks with keep=queue to keep them (docs/product.md#offline-expense-queue), and wipes
      // the saved screens itself. Not "cookies": the session cookie is cleared just above, and
      // that directive would clear every cookie of the parent domain, other sites' included.
      const keepQueue = (request.query as { keep?: unknown }).keep === "queue";
      reply.header("clear-site-data", keepQueue ? '"cache"' : '"cache", "storage"');
      return reply.redirect("/", 302);
    });

    app.post(
      "/api/auth/forgot-password",
      { schema: { body: forgotPasswordInputSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await auth.requestPasswordReset(context, request.body, request.ip);
        return { message: translate(requestLanguage(request), "messages.forgotPasswordSent") };
      },
    );

    app.post(
      "/api/auth/reset-password",
      { schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        const userId = await auth.resetPassword(context, request.body, request.ip);
        await app.familyEvents.accessChanged([userId]);
        return { message: translate(requestLanguage(request), "messages.passwordResetDone") };
      },
    );

    app.get(
      "/api/auth/verify-email",
      {
        schema: {
          querystring: verifyEmailQuerySchema,
          response: { 302: redirectResponse("To /login?verified=true, or false for a bad token") },
        },
      },
      async (request, reply) => {
        const verified = await auth.verifyEmail(context, request.query.token);
        return reply.redirect(`/login?verified=${verified}`, 302);
      },
    );
  };

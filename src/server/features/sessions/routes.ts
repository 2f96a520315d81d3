import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  endOtherSessionsResponseSchema,
  endSessionInputSchema,
  endSessionResponseSchema,
  sessionParamsSchema,
  signedInDeviceListSchema,
} from "../../../contract/sessions";
import { AppError } from "../../errors";
import { clearSessionCookie, mustBeSignedIn } from "../../http/authentication";
import { withReauthLimits } from "../../http/reauth-limits";
import * as service from "./service";

// mustBeSignedIn answered 401 already when there is no caller.
const callerOf = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError("unauthorized");
  return request.auth;
};
const callerSession = (request: FastifyRequest) => callerOf(request).session;

/**
 * Profile's Signed-in devices (docs/product.md#signed-in-devices): the caller's own logins.
 * Ending one asks for the password, within the re-authentication limits (http/reauth-limits.ts):
 * a stolen session must not sign the owner out everywhere.
 */
export const sessionRoutes =
  (deps: Pick<service.PasswordCheck, "verifyPassword">): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preValidation", mustBeSignedIn);

    app.get(
      "/api/profile/sessions",
      { schema: { response: { 200: signedInDeviceListSchema } } },
      async (request) => service.listLogins(app.db, app.clock.now(), callerSession(request)),
    );

    app.delete(
      "/api/profile/sessions/:id",
      {
        schema: {
          params: sessionParamsSchema,
          body: endSessionInputSchema,
          response: { 200: endSessionResponseSchema },
        },
      },
      async (request, reply) => {
        const { user, session } = callerOf(request);
        const { current } = await withReauthLimits(request, async () => {
          await service.checkPassword(deps, user, request.body.password);
          return service.endLogin(app.db, app.clock.now(), session, request.params.id);
        });
        await app.familyEvents.accessChanged([user.id]);
        // Ending this browser's own login is a logout: its cookie goes too.
        if (current && session.data.kind === "cookie") clearSessionCookie(reply, app.config);
        return { ended: 1 as const, current };
      },
    );

    app.post(
      "/api/profile/sessions/end-others",
      {
        schema: { body: endSessionInputSchema, response: { 200: endOtherSessionsResponseSchema } },
      },
      async (request) => {
        const { user, session } = callerOf(request);
        const ended = await withReauthLimits(request, async () => {
          await service.checkPassword(deps, user, request.body.password);
          return service.endOtherLogins(app.db, app.clock.now(), session);
        });
        await app.familyEvents.accessChanged([user.id]);
        return { ended };
      },
    );
  };

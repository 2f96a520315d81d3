import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
  sessionParamsSchema,
  signedInDeviceListSchema,
} from "../../../contract/sessions";
import { AppError } from "../../errors";
import { clearSessionCookie, mustBeSignedIn } from "../../http/authentication";
import * as service from "./service";

// mustBeSignedIn answered 401 already when there is no caller.
const callerSession = (request: FastifyRequest) => {
  if (!request.auth) throw new AppError("unauthorized");
  return request.auth.session;
};

/** Profile's Signed-in devices (docs/product.md#signed-in-devices): the caller's own logins. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/profile/sessions",
    { schema: { response: { 200: signedInDeviceListSchema } } },
    async (request) => service.listLogins(app.db, app.clock.now(), callerSession(request)),
  );

  app.delete(
    "/api/profile/sessions/:id",
    { schema: { params: sessionParamsSchema, response: { 200: endSessionResponseSchema } } },
    async (request, reply) => {
      const session = callerSession(request);
      const { current } = await service.endLogin(
        app.db,
        app.clock.now(),
        session,
        request.params.id,
      );
      // Ending this browser's own login is a logout: its cookie goes too.
      if (current && session.data.kind === "cookie") clearSessionCookie(reply, app.config);
      return { ended: 1 as const, current };
    },
  );

  app.post(
    "/api/profile/sessions/end-others",
    { schema: { response: { 200: endOtherSessionsResponseSchema } } },
    async (request) => ({
      ended: await service.endOtherLogins(app.db, app.clock.now(), callerSession(request)),
    }),
  );
};

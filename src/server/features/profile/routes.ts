import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileUpdateInputSchema } from "../../../contract/auth";
import { userSchema } from "../../../contract/user";
import { mustBeSignedIn, requireUser } from "../../http/authentication";
import { toUser } from "../../users";
import { updateProfile } from "./service";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);
  app.patch(
    "/api/profile",
    { schema: { body: profileUpdateInputSchema, response: { 200: userSchema } } },
    async (request) =>
      toUser(await updateProfile(app.db, app.clock, requireUser(request), request.body)),
  );
};

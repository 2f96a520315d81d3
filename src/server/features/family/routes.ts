import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createFamilyInputSchema,
  familyMemberSchema,
  familySchema,
  inviteSchema,
  JOIN_SUCCESS,
  type JoinErrorCode,
  joinFamilyInputSchema,
  memberParamsSchema,
  removeMemberInputSchema,
  removeMemberResponseSchema,
} from "../../../contract/family";
import { AppError } from "../../errors";
import { mustBeSignedIn, requireUser } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { limitJoinAttempts } from "../../http/join-limits";
import * as family from "./service";

const joinErrorFor = (error: unknown): JoinErrorCode => {
  if (!(error instanceof AppError)) return "erro-interno";
  switch (error.code) {
    case "invalid_invite_code":
      return "codigo-invalido";
    case "invite_expired":
      return "codigo-expirado";
    case "already_in_family":
      return "ja-tem-familia";
    default:
      return "erro-interno";
  }
};

export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  // The invite link is opened by a browser, often signed out: it redirects instead of answering JSON.
  app.get(
    "/api/family/join/:code",
    { schema: { params: z.object({ code: z.string().max(64) }) } },
    async (request, reply) => {
      await limitJoinAttempts(request);
      const code = request.params.code.trim().toUpperCase();
      if (!request.auth) {
        return reply.redirect(`/login?next=${encodeURIComponent(`/api/family/join/${code}`)}`, 302);
      }
      try {
        await family.joinFamily(app.db, app.clock, request.auth.user, code);
        return reply.redirect(`/?success=${JOIN_SUCCESS}`, 302);
      } catch (error) {
        const reason = joinErrorFor(error);
        if (reason === "erro-interno") request.log.error({ err: error }, "join by link failed");
        return reply.redirect(`/?error=${reason}`, 302);
      }
    },
  );

  await app.register(async (scope) => {
    scope.addHook("preValidation", mustBeSignedIn);
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();

    signedIn.get(
      "/api/family",
      { schema: { response: { 200: familySchema.nullable() } } },
      async (request) => family.getFamily(app.db, requireUser(request).id),
    );

    signedIn.get(
      "/api/family/members",
      { schema: { response: { 200: z.array(familyMemberSchema) } } },
      async (request) => family.listMembers(app.db, requireFamily(request)),
    );

    signedIn.post(
      "/api/family",
      { schema: { body: createFamilyInputSchema, response: { 201: familySchema } } },
      async (request, reply) => {
        const created = await family.createFamily(
          app.db,
          app.clock,
          requireUser(request),
          request.body.name,
        );
        return reply.status(201).send(created);
      },
    );

    signedIn.post(
      "/api/family/invite",
      { schema: { response: { 201: inviteSchema } } },
      async (request, reply) => {
        const scope = requireFamily(request);
        return reply
          .status(201)
          .send(await family.createInvite(app.db, app.clock, scope, app.config.appUrl));
      },
    );

    signedIn.post(
      "/api/family/join",
      { schema: { body: joinFamilyInputSchema, response: { 200: familySchema } } },
      async (request) => {
        await limitJoinAttempts(request);
        return family.joinFamily(app.db, app.clock, requireUser(request), request.body.inviteCode);
      },
    );

    signedIn.delete(
      "/api/family/members/:userId",
      {
        schema: {
          params: memberParamsSchema,
          body: removeMemberInputSchema,
          response: { 200: removeMemberResponseSchema },
        },
      },
      async (request) => {
        const scope = requireFamily(request);
        const keepExpenses = request.body?.keepExpenses ?? true;
        return family.removeMember(app.db, app.clock, scope, request.params.userId, keepExpenses);
      },
    );
  });
};

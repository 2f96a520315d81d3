import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  deleteFamilyInputSchema,
  deleteFamilyResponseSchema,
  leaveFamilyResponseSchema,
  transferOwnershipInputSchema,
} from "../../../contract/account-actions";
import { budgetPeriodRuleSchema } from "../../../contract/budget-period";
import {
  cardSpendingInputSchema,
  createFamilyInputSchema,
  familyMemberSchema,
  familyPersonSchema,
  familySchema,
  invitePreviewParamsSchema,
  invitePreviewSchema,
  inviteSchema,
  JOIN_SUCCESS,
  type JoinErrorCode,
  joinErrorCodeOf,
  joinFamilyInputSchema,
  memberParamsSchema,
  removeMemberInputSchema,
  removeMemberResponseSchema,
} from "../../../contract/family";
import { text } from "../../../contract/text";
import { AppError } from "../../errors";
import { mustBeSignedIn, requireUser } from "../../http/authentication";
import { redirectResponse } from "../../http/documented-responses";
import { requireFamily } from "../../http/family-scope";
import { limitJoinAttempts } from "../../http/join-limits";
import { mayActOnNavigation } from "../../http/navigation-origin";
import * as family from "./service";

/** The join link's feedback for a refused join: the contract's mapping, else an internal error. */
const joinErrorFor = (error: unknown): JoinErrorCode =>
  (error instanceof AppError ? joinErrorCodeOf(error.code) : undefined) ?? "erro-interno";

// --- Join confirmation (docs/product.md#joining-by-link) ---
/**
 * An invite link opened from another site (or a sibling site, or by HEAD) never joins by itself:
 * it goes to the web app's confirmation screen, through the sign-in when signed out, so the screen
 * survives the login (docs/product.md#joining-by-link). Undefined when the link may join in one step.
 */
function joinConfirmationRedirect(request: FastifyRequest, code: string) {
  if (mayActOnNavigation(request)) return undefined;
  const screen = `/join/${encodeURIComponent(code.trim().toUpperCase())}`;
  return request.auth ? screen : `/login?next=${encodeURIComponent(screen)}`;
}
// --- End of the join confirmation ---

export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  // The invite link is opened by a browser, often signed out: it redirects instead of answering JSON.
  app.get(
    "/api/family/join/:code",
    {
      schema: {
        params: z.object({ code: text().max(64) }),
        response: {
          302: redirectResponse(
            "To /?success=familia-ingressada or /?error=…; signed out, to /login?next=…; from another site, to the confirmation screen /join/{code}",
          ),
        },
      },
    },
    async (request, reply) => {
      const confirmation = joinConfirmationRedirect(request, request.params.code); // join confirmation, above
      if (confirmation) return reply.redirect(confirmation, 302);
      // Counted after that redirect, which looks nothing up (docs/decisions/002-rate-limits.md).
      await limitJoinAttempts(request);
      const code = request.params.code.trim().toUpperCase();
      if (!request.auth) {
        // After the sign-in the confirmation screen, never this link: anyone can craft
        // /login?next=..., and the app's own navigation to the link would join in one step
        // (docs/product.md#joining-by-link).
        return reply.redirect(
          `/login?next=${encodeURIComponent(`/join/${encodeURIComponent(code)}`)}`,
          302,
        );
      }
      try {
        await family.joinFamily(app.ledger, app.clock, request.auth.user, code);
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

    signedIn.get(
      "/api/family/people",
      { schema: { response: { 200: z.array(familyPersonSchema) } } },
      async (request) => family.listPeople(app.db, requireFamily(request)),
    );

    signedIn.post(
      "/api/family",
      { schema: { body: createFamilyInputSchema, response: { 201: familySchema } } },
      async (request, reply) => {
        const created = await family.createFamily(
          app.expenseWrites,
          app.clock,
          requireUser(request),
          request.body.name,
        );
        return reply.status(201).send(created);
      },
    );

    // The family's budget month (docs/product.md#budget-periods): every member's open screens
    // show the new periods at once, as the months and lists they hold were named by the old rule.
    signedIn.put(
      "/api/family/budget-period",
      { schema: { body: budgetPeriodRuleSchema, response: { 200: familySchema } } },
      async (request) => {
        const scope = requireFamily(request);
        return family.setBudgetPeriod(app.ledger, app.clock, scope, request.body);
      },
    );

    // When card purchases count in the budget (docs/product.md#counting-card-spending-by-bill):
    // every member's months move with it, as for the budget month.
    signedIn.put(
      "/api/family/card-spending",
      { schema: { body: cardSpendingInputSchema, response: { 200: familySchema } } },
      async (request) => {
        const scope = requireFamily(request);
        return family.setCardSpendingBy(app.ledger, app.clock, scope, request.body.by);
      },
    );

    signedIn.post(
      "/api/family/invite",
      { schema: { response: { 201: inviteSchema } } },
      async (request, reply) => {
        const scope = requireFamily(request);
        const invite = await family.createInvite(
          app.ledger,
          app.clock,
          scope,
          app.config.appUrl,
          app.config.quotas.openInvitesPerFamily,
        );
        return reply.status(201).send(invite);
      },
    );

    signedIn.post(
      "/api/family/join",
      { schema: { body: joinFamilyInputSchema, response: { 200: familySchema } } },
      async (request) => {
        await limitJoinAttempts(request);
        return family.joinFamily(
          app.ledger,
          app.clock,
          requireUser(request),
          request.body.inviteCode,
        );
      },
    );

    // --- Join confirmation (docs/product.md#joining-by-link) ---
    // The confirmation screen's preview. It counts as a join attempt for the join limits
    // (docs/decisions/002-rate-limits.md): it tells a valid code from an invalid one just as a join does.
    signedIn.get(
      "/api/family/invite/:code",
      { schema: { params: invitePreviewParamsSchema, response: { 200: invitePreviewSchema } } },
      async (request) => {
        await limitJoinAttempts(request);
        return family.previewInvite(app.db, app.clock, requireUser(request), request.params.code);
      },
    );
    // --- End of the join confirmation ---

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
        const removed = await family.removeMember(
          app.expenseWrites,
          app.clock,
          scope,
          request.params.userId,
          keepExpenses,
        );
        return removed;
      },
    );
  });

  await app.register(familyAccountActionRoutes);
};

/** Leaving, handing over and deleting the caller's family (docs/product.md#leaving-a-family). */
const familyAccountActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.post(
    "/api/family/leave",
    { schema: { response: { 200: leaveFamilyResponseSchema } } },
    async (request) => {
      const scope = requireFamily(request);
      await family.leaveFamily(app.ledger, app.clock, scope);
      return { left: true as const };
    },
  );

  app.post(
    "/api/family/transfer",
    { schema: { body: transferOwnershipInputSchema, response: { 200: familySchema } } },
    async (request) => {
      const scope = requireFamily(request);
      const transferred = await family.transferOwnership(
        app.ledger,
        app.clock,
        scope,
        request.body.userId,
      );
      return transferred;
    },
  );

  app.delete(
    "/api/family",
    { schema: { body: deleteFamilyInputSchema, response: { 200: deleteFamilyResponseSchema } } },
    async (request) => {
      const scope = requireFamily(request);
      await family.deleteFamily(app.expenseWrites, scope, request.body.name);
      return { deleted: true as const };
    },
  );
};

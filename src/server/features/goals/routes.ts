import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  contributionListSchema,
  contributionParamsSchema,
  contributionSchema,
  createContributionInputSchema,
  createGoalInputSchema,
  goalListSchema,
  goalParamsSchema,
  goalSchema,
  updateGoalInputSchema,
} from "../../../contract/goals";
import { confirmClearedQuerySchema } from "../../../contract/reconciliation";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

/**
 * Caixinhas, the family's savings goals (docs/product.md#caixinhas-savings-goals): any member, on
 * the family's goals and their own private ones.
 */
export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);
  // A goal's months are counted from the server's calendar month (docs/product.md#caixinhas-savings-goals).
  const today = () => localToday(app.clock);
  const deleted = { 200: z.object({ deleted: z.literal(true) }) };

  app.get("/api/goals", { schema: { response: { 200: goalListSchema } } }, async (request) =>
    service.listGoals(app.db, requireFamily(request), today()),
  );

  app.post(
    "/api/goals",
    { schema: { body: createGoalInputSchema, response: { 201: goalSchema } } },
    async (request, reply) => {
      const goal = await service.createGoal(
        app.ledger,
        requireFamily(request),
        request.body,
        today(),
      );
      return reply.status(201).send(goal);
    },
  );

  app.patch(
    "/api/goals/:id",
    {
      schema: {
        params: goalParamsSchema,
        body: updateGoalInputSchema,
        response: { 200: goalSchema },
      },
    },
    async (request) =>
      service.updateGoal(
        app.ledger,
        requireFamily(request),
        request.params.id,
        request.body,
        today(),
      ),
  );

  app.delete(
    "/api/goals/:id",
    { schema: { params: goalParamsSchema, response: deleted } },
    async (request) => {
      await service.deleteGoal(app.ledger, requireFamily(request), request.params.id);
      return { deleted: true as const };
    },
  );

  app.get(
    "/api/goals/:id/contributions",
    { schema: { params: goalParamsSchema, response: { 200: contributionListSchema } } },
    async (request) => service.listContributions(app.db, requireFamily(request), request.params.id),
  );

  app.post(
    "/api/goals/:id/contributions",
    {
      schema: {
        params: goalParamsSchema,
        body: createContributionInputSchema,
        response: { 201: contributionSchema },
      },
    },
    async (request, reply) => {
      const contribution = await service.addContribution(
        app.ledger,
        requireFamily(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(contribution);
    },
  );

  app.delete(
    "/api/goals/:id/contributions/:cid",
    {
      schema: {
        params: contributionParamsSchema,
        querystring: confirmClearedQuerySchema,
        response: deleted,
      },
    },
    async (request) => {
      await service.deleteContribution(
        app.ledger,
        requireFamily(request),
        request.params.id,
        request.params.cid,
        request.query.confirm === "cleared",
      );
      return { deleted: true as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  categoryRuleApplySchema,
  categoryRuleInputSchema,
  categoryRuleListSchema,
  categoryRuleOrderSchema,
  categoryRuleParamsSchema,
  categoryRuleSchema,
  categoryRuleTestSchema,
  categorySuggestionQuerySchema,
  categorySuggestionSchema,
  ruleOfferQuerySchema,
  ruleOfferSchema,
} from "../../../contract/category-rules";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

export const categoryRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/category-rules",
    { schema: { response: { 200: categoryRuleListSchema } } },
    async (request) => ({ items: await service.listRules(app.db, requireFamily(request)) }),
  );

  app.post(
    "/api/category-rules",
    { schema: { body: categoryRuleInputSchema, response: { 201: categoryRuleSchema } } },
    async (request, reply) => {
      const rule = await service.createRule(app.ledger, requireFamily(request), request.body);
      return reply.status(201).send(rule);
    },
  );

  // Before "/:id": "order" and "test" are no ids.
  app.put(
    "/api/category-rules/order",
    { schema: { body: categoryRuleOrderSchema, response: { 200: categoryRuleListSchema } } },
    async (request) => ({
      items: await service.orderRules(app.ledger, requireFamily(request), request.body.ids),
    }),
  );

  // A POST that changes nothing: the draft rule is a body, as the form holds it.
  app.post(
    "/api/category-rules/test",
    { schema: { body: categoryRuleInputSchema, response: { 200: categoryRuleTestSchema } } },
    async (request) => service.testRule(app.db, requireFamily(request), request.body),
  );

  app.get(
    "/api/category-rules/suggestion",
    {
      schema: {
        querystring: categorySuggestionQuerySchema,
        response: { 200: categorySuggestionSchema },
      },
    },
    async (request) => service.suggest(app.db, requireFamily(request), request.query),
  );

  app.get(
    "/api/category-rules/offer",
    { schema: { querystring: ruleOfferQuerySchema, response: { 200: ruleOfferSchema } } },
    async (request) => service.offerRule(app.db, requireFamily(request), request.query.expenseId),
  );

  app.put(
    "/api/category-rules/:id",
    {
      schema: {
        params: categoryRuleParamsSchema,
        body: categoryRuleInputSchema,
        response: { 200: categoryRuleSchema },
      },
    },
    async (request) =>
      service.updateRule(
        app.ledger,
        requireFamily(request),
        request.params.id,
        request.body,
        app.clock.now(),
      ),
  );

  app.delete(
    "/api/category-rules/:id",
    {
      schema: {
        params: categoryRuleParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.deleteRule(app.ledger, requireFamily(request), request.params.id);
      return { deleted: true as const };
    },
  );

  app.post(
    "/api/category-rules/:id/apply",
    { schema: { params: categoryRuleParamsSchema, response: { 200: categoryRuleApplySchema } } },
    async (request) => ({
      changed: await service.applyRule(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        app.clock.now(),
      ),
    }),
  );
};

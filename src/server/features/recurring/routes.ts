import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BUDGET_MONTH_DESCRIPTION } from "../../../contract/budget-period";
import {
  createRecurringRuleInputSchema,
  recurringDueQuerySchema,
  recurringDueSchema,
  recurringRuleParamsSchema,
  recurringRuleSchema,
  updateRecurringRuleInputSchema,
} from "../../../contract/recurring";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);
  const today = () => localToday(app.clock);

  app.get(
    "/api/recurring",
    { schema: { response: { 200: z.array(recurringRuleSchema) } } },
    async (request) => service.listRules(app.db, requireFamily(request), today()),
  );

  app.get(
    "/api/recurring/due",
    {
      schema: {
        description: `The bills still due after today in one budget month. ${BUDGET_MONTH_DESCRIPTION}`,
        querystring: recurringDueQuerySchema,
        response: { 200: recurringDueSchema },
      },
    },
    async (request) => service.dueInMonth(app.db, requireFamily(request), request.query, today()),
  );

  app.post(
    "/api/recurring",
    { schema: { body: createRecurringRuleInputSchema, response: { 201: recurringRuleSchema } } },
    async (request, reply) => {
      const scope = requireFamily(request);
      const { quotas } = app.config;
      const rule = await service.createRule(
        app.expenseWrites,
        scope,
        request.body,
        today(),
        quotas,
      );
      return reply.status(201).send(rule);
    },
  );

  app.patch(
    "/api/recurring/:id",
    {
      schema: {
        params: recurringRuleParamsSchema,
        body: updateRecurringRuleInputSchema,
        response: { 200: recurringRuleSchema },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      const { id } = request.params;
      const { quotas } = app.config;
      const rule = await service.updateRule(
        app.expenseWrites,
        scope,
        id,
        request.body,
        today(),
        app.clock.now(),
        quotas,
      );
      return rule;
    },
  );

  app.delete(
    "/api/recurring/:id",
    {
      schema: {
        params: recurringRuleParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      await service.deleteRule(app.ledger, scope, request.params.id);
      return { deleted: true as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "../../../contract/expenses";
import {
  createIncomeInputSchema,
  incomeListQuerySchema,
  incomeListSchema,
  incomeParamsSchema,
  incomeSchema,
  updateIncomeInputSchema,
} from "../../../contract/incomes";
import { confirmClearedQuerySchema } from "../../../contract/reconciliation";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { limitHeavyRead } from "../../http/heavy-reads";
import { sendJsonText } from "../../http/trusted-json";
import * as service from "./service";

/**
 * Income (docs/product.md#income): the budget month's list and total, and a person's create,
 * change and delete. The writes go through income-writes/writes.ts, which tells the family's
 * screens (the `incomes` topic) once they committed.
 */
export const incomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/incomes",
    {
      schema: { querystring: incomeListQuerySchema, response: { 200: incomeListSchema } },
      // A month of up to 10,000 incomes: a heavy read (http/heavy-reads.ts).
      preHandler: limitHeavyRead,
    },
    // The body is the JSON text PostgreSQL wrote (service.ts says why).
    async (request, reply) =>
      sendJsonText(
        reply,
        await service.listIncomesJson(app.db, requireFamily(request), request.query),
      ),
  );

  app.post(
    "/api/incomes",
    {
      schema: {
        body: createIncomeInputSchema,
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema }),
        response: { 201: incomeSchema },
      },
    },
    async (request, reply) => {
      const income = await service.createIncome(
        app.incomeWrites,
        requireFamily(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        app.config.quotas.incomesPerFamily,
      );
      return reply.status(201).send(income);
    },
  );

  app.patch(
    "/api/incomes/:id",
    {
      schema: {
        params: incomeParamsSchema,
        querystring: confirmClearedQuerySchema,
        body: updateIncomeInputSchema,
        response: { 200: incomeSchema },
      },
    },
    async (request) =>
      service.updateIncome(
        app.incomeWrites,
        requireFamily(request),
        request.params.id,
        request.body,
        app.clock.now(),
        request.query.confirm === "cleared",
      ),
  );

  app.delete(
    "/api/incomes/:id",
    {
      schema: {
        params: incomeParamsSchema,
        querystring: confirmClearedQuerySchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.deleteIncome(
        app.incomeWrites,
        requireFamily(request),
        request.params.id,
        request.query.confirm === "cleared",
      );
      return { deleted: true as const };
    },
  );
};

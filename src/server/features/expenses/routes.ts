import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clearExamplesResponseSchema,
  createExpenseInputSchema,
  type Expense,
  expenseListQuerySchema,
  expensePageQuerySchema,
  expensePageSchema,
  expenseParamsSchema,
  expenseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  updateExpenseInputSchema,
} from "../../../contract/expenses";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { trustedJson } from "../../http/trusted-json";
import * as service from "./service";

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  // Every expense (ten years of them) or a month's, as JSON text the database writes: Fastify
  // sends a string with a JSON content type as it is.
  app.get(
    "/api/expenses",
    { schema: { querystring: expenseListQuerySchema, response: { 200: z.array(expenseSchema) } } },
    async (request, reply) => {
      const json = await service.listExpensesJson(app.db, requireFamily(request), request.query);
      // The schema types objects; this body is already their JSON text.
      return reply.type("application/json; charset=utf-8").send(json as unknown as Expense[]);
    },
  );

  app.get(
    "/api/expenses/page",
    {
      schema: { querystring: expensePageQuerySchema, response: { 200: expensePageSchema } },
      ...trustedJson,
    },
    async (request) => service.expensePage(app.db, requireFamily(request), request.query),
  );

  app.post(
    "/api/expenses",
    {
      schema: {
        body: createExpenseInputSchema,
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema }),
        response: { 201: expenseSchema },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      return reply.status(201).send(await service.createExpense(app.db, scope, request.body, key));
    },
  );

  app.delete(
    "/api/expenses/examples/clear",
    { schema: { response: { 200: clearExamplesResponseSchema } } },
    async (request) => ({
      deletedCount: await service.clearExampleExpenses(app.db, requireFamily(request)),
    }),
  );

  app.patch(
    "/api/expenses/:id",
    {
      schema: {
        params: expenseParamsSchema,
        body: updateExpenseInputSchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      return service.updateExpense(app.db, scope, request.params.id, request.body, app.clock.now());
    },
  );

  app.delete(
    "/api/expenses/:id",
    {
      schema: {
        params: expenseParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.deleteExpense(app.db, requireFamily(request), request.params.id);
      return { deleted: true as const };
    },
  );
};

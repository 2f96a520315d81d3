import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  historyEntrySchema,
  historyPageSchema,
  historyParamsSchema,
  historyQuerySchema,
} from "../../../contract/history";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

/**
 * The family history (docs/product.md#family-history): members read it and restore a deleted
 * expense from it.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/family/history",
    { schema: { querystring: historyQuerySchema, response: { 200: historyPageSchema } } },
    async (request) => service.historyPage(app.db, requireFamily(request), request.query),
  );

  app.post(
    "/api/family/history/:id/restore",
    { schema: { params: historyParamsSchema, response: { 200: historyEntrySchema } } },
    async (request) =>
      service.restoreExpense(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        app.clock.now(),
        app.config.quotas.expensesPerFamily,
      ),
  );
};

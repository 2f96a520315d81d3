import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clearEntryInputSchema,
  reconcileInputSchema,
  reconciliationParamsSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  reconciliationStateSchema,
} from "../../../contract/reconciliation";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

/** An account checked against its bank (docs/product.md#reconciliation): any member. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);
  // The bank's balance is at the end of a day of the server's calendar, as the balances are.
  const today = () => localToday(app.clock);

  app.get(
    "/api/accounts/:id/reconciliation",
    {
      schema: {
        params: reconciliationParamsSchema,
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationStateSchema },
      },
    },
    async (request) =>
      service.reconciliationState(
        app.db,
        requireFamily(request),
        request.params.id,
        request.query.date ?? today(),
      ),
  );

  app.put(
    "/api/accounts/:id/cleared",
    {
      schema: {
        params: reconciliationParamsSchema,
        body: clearEntryInputSchema,
        response: { 200: z.object({ cleared: z.boolean() }) },
      },
    },
    async (request) =>
      service.setCleared(app.ledger, requireFamily(request), request.params.id, request.body),
  );

  app.post(
    "/api/accounts/:id/reconciliations",
    {
      schema: {
        params: reconciliationParamsSchema,
        body: reconcileInputSchema,
        response: { 201: reconciliationSchema },
      },
    },
    async (request, reply) => {
      const reconciliation = await service.reconcile(
        app.ledger,
        requireFamily(request),
        request.params.id,
        request.body,
        today(),
      );
      return reply.status(201).send(reconciliation);
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { confirmClearedQuerySchema } from "../../../contract/reconciliation";
import {
  createTransferInputSchema,
  transferListSchema,
  transferParamsSchema,
  transferSchema,
} from "../../../contract/transfers";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

/** Transfers between the family's accounts (docs/product.md#transfers): any member. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/transfers",
    { schema: { response: { 200: transferListSchema } } },
    async (request) => service.listTransfers(app.db, requireFamily(request)),
  );

  app.post(
    "/api/transfers",
    { schema: { body: createTransferInputSchema, response: { 201: transferSchema } } },
    async (request, reply) => {
      const transfer = await service.createTransfer(
        app.ledger,
        requireFamily(request),
        request.body,
      );
      return reply.status(201).send(transfer);
    },
  );

  app.delete(
    "/api/transfers/:id",
    {
      schema: {
        params: transferParamsSchema,
        querystring: confirmClearedQuerySchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.deleteTransfer(
        app.ledger,
        requireFamily(request),
        request.params.id,
        request.query.confirm === "cleared",
      );
      return { deleted: true as const };
    },
  );
};

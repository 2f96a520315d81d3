import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPaymentMethodInputSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
  updatePaymentMethodInputSchema,
} from "../../../contract/payment-methods";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/payment-methods",
    { schema: { response: { 200: z.array(paymentMethodSchema) } } },
    async (request) => service.listPaymentMethods(app.db, requireFamily(request)),
  );

  app.post(
    "/api/payment-methods",
    { schema: { body: createPaymentMethodInputSchema, response: { 201: paymentMethodSchema } } },
    async (request, reply) => {
      const scope = requireFamily(request);
      const method = await service.createPaymentMethod(app.ledger, scope, request.body);
      return reply.status(201).send(method);
    },
  );

  app.patch(
    "/api/payment-methods/:id",
    {
      schema: {
        params: paymentMethodParamsSchema,
        body: updatePaymentMethodInputSchema,
        response: { 200: paymentMethodSchema },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      const method = await service.updatePaymentMethod(
        app.ledger,
        scope,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return method;
    },
  );

  app.delete(
    "/api/payment-methods/:id",
    {
      schema: {
        params: paymentMethodParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      await service.deletePaymentMethod(app.ledger, scope, request.params.id, app.clock.now());
      return { deleted: true as const };
    },
  );
};

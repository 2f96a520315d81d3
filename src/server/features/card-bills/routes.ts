import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  billPaymentParamsSchema,
  cardBillDetailSchema,
  cardBillParamsSchema,
  cardBillSchema,
  createBillPaymentInputSchema,
} from "../../../contract/card-bills";
import { paymentMethodParamsSchema } from "../../../contract/payment-methods";
import { confirmClearedQuerySchema } from "../../../contract/reconciliation";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

/** A card's bills and their payments (docs/product.md#card-bills). */
export const cardBillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);
  // A bill is open until its closing day has passed, in the server's local calendar.
  const today = () => localToday(app.clock);

  app.get(
    "/api/payment-methods/:id/bills",
    {
      schema: {
        description: "The card's bills that hold a purchase or a payment, newest first.",
        params: paymentMethodParamsSchema,
        response: { 200: z.array(cardBillSchema) },
      },
    },
    async (request) =>
      service.listBills(app.db, requireFamily(request), request.params.id, today()),
  );

  app.get(
    "/api/card-bills/:id",
    { schema: { params: cardBillParamsSchema, response: { 200: cardBillDetailSchema } } },
    async (request) =>
      service.billDetail(app.db, requireFamily(request), request.params.id, today()),
  );

  app.post(
    "/api/card-bills/:id/payments",
    {
      schema: {
        description: "Pays the bill from one of the family's accounts: a transfer, never spending.",
        params: cardBillParamsSchema,
        body: createBillPaymentInputSchema,
        response: { 201: cardBillDetailSchema },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const bill = await service.payBill(
        app.ledger,
        scope,
        request.params.id,
        request.body,
        today(),
      );
      return reply.status(201).send(bill);
    },
  );

  app.delete(
    "/api/card-bills/:id/payments/:paymentId",
    {
      schema: {
        params: billPaymentParamsSchema,
        querystring: confirmClearedQuerySchema,
        response: { 200: cardBillDetailSchema },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      const bill = await service.deleteBillPayment(
        app.ledger,
        scope,
        request.params.id,
        request.params.paymentId,
        today(),
        request.query.confirm === "cleared",
      );
      return bill;
    },
  );
};

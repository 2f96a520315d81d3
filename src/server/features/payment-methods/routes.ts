import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { netWorthSchema } from "../../../contract/net-worth";
import {
  accountBalancesQuerySchema,
  accountBalancesSchema,
  createPaymentMethodInputSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
  updatePaymentMethodInputSchema,
} from "../../../contract/payment-methods";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { sendJsonText } from "../../http/trusted-json";
import { netWorth } from "./net-worth";
import * as service from "./service";

export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);
  // Balances are at the end of a day of the server's calendar (docs/product.md#account-balances).
  const today = () => localToday(app.clock);

  // The accounts screen and the dashboard's balances are kept like the month
  // (http/family-json-cache.ts, docs/internals/data.md#reads-that-stay-fast): every table their
  // balances and limits read moves the family's data version (migrations 0004, 0020, 0021 and
  // 0036), the cache's key holds the reader (another member's private expense or account reads
  // masked for them, db/seen-by.ts), and the key holds the day: a balance is today's, and a new
  // day brings movements dated then without any write. The body is the response schema's
  // encoding, as the serializer would write it, so a kept body is exactly what a fresh one says.
  const methodsSchema = z.array(paymentMethodSchema);
  app.get(
    "/api/payment-methods",
    { schema: { response: { 200: methodsSchema } } },
    async (request, reply) => {
      const scope = requireFamily(request);
      const day = today();
      const body = await app.familyJson.json(request, `payment-methods:${day}`, async () =>
        JSON.stringify(
          z.encode(methodsSchema, await service.listPaymentMethods(app.db, scope, day)),
        ),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    "/api/accounts/balances",
    {
      schema: {
        querystring: accountBalancesQuerySchema,
        response: { 200: accountBalancesSchema },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const day = today();
      const { year, month } = request.query;
      const body = await app.familyJson.json(
        request,
        `account-balances:${day}:${year}-${month}`,
        async () =>
          JSON.stringify(
            z.encode(
              accountBalancesSchema,
              await service.accountBalances(app.db, scope, request.query, day),
            ),
          ),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    "/api/accounts/net-worth",
    {
      schema: {
        description:
          "The accounts' balances less what the cards owe, at the end of each of the last 12 months and today.",
        response: { 200: netWorthSchema },
      },
    },
    async (request) => netWorth(app.db, requireFamily(request), today()),
  );

  app.post(
    "/api/payment-methods",
    { schema: { body: createPaymentMethodInputSchema, response: { 201: paymentMethodSchema } } },
    async (request, reply) => {
      const scope = requireFamily(request);
      const method = await service.createPaymentMethod(app.ledger, scope, request.body, today());
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
        { now: app.clock.now(), today: today() },
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
      await service.deletePaymentMethod(app.ledger, scope, request.params.id, {
        now: app.clock.now(),
        today: today(),
      });
      return { deleted: true as const };
    },
  );
};

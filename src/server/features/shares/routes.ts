import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  balanceLinesQuerySchema,
  balanceLinesSchema,
  balancesQuerySchema,
  balancesSchema,
  createSettlementInputSchema,
  settlementParamsSchema,
  settlementSchema,
} from "../../../contract/balances";
import { confirmClearedQuerySchema } from "../../../contract/reconciliation";
import {
  splitRuleInputSchema,
  splitRuleParamsSchema,
  splitRulesSchema,
} from "../../../contract/shares";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { limitHeavyRead } from "../../http/heavy-reads";
import { sendJsonText } from "../../http/trusted-json";
import { balanceLines, balances } from "./balances";
import * as service from "./service";
import { createSettlement, deleteSettlement } from "./settlements";

/**
 * For whom and who owes whom (docs/product.md#for-whom, #who-owes-whom): the family's default
 * split, which every member reads (the expense form shows what a family expense will be split
 * into) and the owner sets; the balances between members and the settlements between them.
 */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/family/split-rules",
    { schema: { response: { 200: splitRulesSchema } } },
    async (request) => service.listSplitRules(app.db, requireFamily(request)),
  );

  app.put(
    "/api/family/split-rules",
    { schema: { body: splitRuleInputSchema, response: { 200: splitRulesSchema } } },
    async (request) => {
      const scope = requireFamily(request);
      const rules = await service.putSplitRule(app.ledger, scope, request.body);
      return rules;
    },
  );

  app.delete(
    "/api/family/split-rules/:validFrom",
    { schema: { params: splitRuleParamsSchema, response: { 200: splitRulesSchema } } },
    async (request) => {
      const scope = requireFamily(request);
      const rules = await service.deleteSplitRule(app.ledger, scope, request.params.validFrom);
      return rules;
    },
  );

  // Kept like the month (http/family-json-cache.ts): expenses, their shares and settlements all
  // move the family's data version (migrations 0004 and 0020), and on ten years of a household
  // all time is the one read here that costs tens of milliseconds (npm run bench).
  app.get(
    "/api/balances",
    {
      schema: { querystring: balancesQuerySchema, response: { 200: balancesSchema } },
      // Sums over every expense's shares: a heavy read (http/heavy-reads.ts).
      preHandler: limitHeavyRead,
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const { year, month } = request.query;
      const today = localToday(app.clock);
      const body = await app.familyJson.json(
        request,
        // Today is in the key: a new day brings the next installment due without any write.
        `balances:${today}:${year ?? ""}-${month ?? ""}`,
        async () => JSON.stringify(await balances(app.db, scope, request.query, today)),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    "/api/balances/lines",
    {
      schema: { querystring: balanceLinesQuerySchema, response: { 200: balanceLinesSchema } },
      preHandler: limitHeavyRead,
    },
    async (request) =>
      balanceLines(app.db, requireFamily(request), request.query, localToday(app.clock)),
  );

  app.post(
    "/api/settlements",
    { schema: { body: createSettlementInputSchema, response: { 201: settlementSchema } } },
    async (request, reply) => {
      const scope = requireFamily(request);
      const settlement = await createSettlement(
        app.ledger,
        scope,
        request.body,
        app.config.quotas.settlementsPerFamily,
      );
      return reply.status(201).send(settlement);
    },
  );

  app.delete(
    "/api/settlements/:id",
    {
      schema: {
        params: settlementParamsSchema,
        querystring: confirmClearedQuerySchema,
        response: { 200: z.object({ id: z.uuid() }) },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      await deleteSettlement(
        app.ledger,
        scope,
        request.params.id,
        request.query.confirm === "cleared",
      );
      return { id: request.params.id };
    },
  );
};

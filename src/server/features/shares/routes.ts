import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  splitRuleInputSchema,
  splitRuleParamsSchema,
  splitRulesSchema,
} from "../../../contract/shares";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

/**
 * The family's default split (docs/product.md#the-familys-default-split): every member reads it
 * (the expense form shows what a family expense will be split into); the owner sets it.
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
      const rules = await service.putSplitRule(app.db, scope, request.body);
      await app.familyEvents.publish(scope.familyId, ["family"]);
      return rules;
    },
  );

  app.delete(
    "/api/family/split-rules/:validFrom",
    { schema: { params: splitRuleParamsSchema, response: { 200: splitRulesSchema } } },
    async (request) => {
      const scope = requireFamily(request);
      const rules = await service.deleteSplitRule(app.db, scope, request.params.validFrom);
      await app.familyEvents.publish(scope.familyId, ["family"]);
      return rules;
    },
  );
};

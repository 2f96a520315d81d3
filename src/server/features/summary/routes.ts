import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { monthSummaryResponseSchema, summaryQuerySchema } from "../../../contract/summary";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { trustedJson } from "../../http/trusted-json";
import * as service from "./service";

export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/summary",
    {
      schema: { querystring: summaryQuerySchema, response: { 200: monthSummaryResponseSchema } },
      ...trustedJson,
    },
    async (request) => service.monthSummary(app.db, requireFamily(request), request.query),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BUDGET_MONTH_DESCRIPTION } from "../../../contract/budget-period";
import { committedResponseSchema } from "../../../contract/committed";
import { monthSummaryResponseSchema, summaryQuerySchema } from "../../../contract/summary";
import { monthTrendResponseSchema, trendQuerySchema } from "../../../contract/trend";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { sendJsonText } from "../../http/trusted-json";
import { committedAhead } from "./committed-service";
import * as service from "./service";
import { monthTrend } from "./trend-service";

export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  // Kept per family data version: the dashboard and the reports of every member ask for it on
  // every visit, and it changes only when the family's expenses or categories do.
  app.get(
    "/api/summary",
    {
      schema: {
        description: BUDGET_MONTH_DESCRIPTION,
        querystring: summaryQuerySchema,
        response: { 200: monthSummaryResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const { year, month, view } = request.query;
      const body = await app.familyJson.json(
        request,
        `summary:${year}-${month}:${view ?? ""}`,
        async () => JSON.stringify(await service.monthSummary(app.db, scope, request.query)),
      );
      return sendJsonText(reply, body);
    },
  );

  // The Reports' 12-month trend, kept like the summary: every member's visit to Reports asks it.
  app.get(
    "/api/summary/trend",
    {
      schema: {
        description: `The twelve budget months ending with the one named. ${BUDGET_MONTH_DESCRIPTION}`,
        querystring: trendQuerySchema,
        response: { 200: monthTrendResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const { year, month, view } = request.query;
      const body = await app.familyJson.json(
        request,
        `trend:${year}-${month}:${view ?? ""}`,
        async () => JSON.stringify(await monthTrend(app.db, scope, request.query)),
      );
      return sendJsonText(reply, body);
    },
  );

  // Not kept: recurring rules and the day move it as well as the expenses (the data version
  // follows expenses and categories only). Two statements.
  app.get(
    "/api/summary/committed",
    {
      schema: {
        description: `What the three budget months after the one named already hold: installments, recurring bills still to come, other expenses dated then. ${BUDGET_MONTH_DESCRIPTION}`,
        querystring: summaryQuerySchema,
        response: { 200: committedResponseSchema },
      },
    },
    async (request) =>
      committedAhead(app.db, requireFamily(request), request.query, localToday(app.clock)),
  );
};

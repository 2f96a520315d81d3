import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BUDGET_MONTH_DESCRIPTION } from "../../../contract/budget-period";
import { moveExpenseBillInputSchema } from "../../../contract/card-bills";
import {
  clearExamplesResponseSchema,
  createExpenseInputSchema,
  createRefundInputSchema,
  expenseExportQuerySchema,
  expenseListItemSchema,
  expenseListQuerySchema,
  expensePageQuerySchema,
  expensePageSchema,
  expenseParamsSchema,
  expenseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  updateExpenseInputSchema,
} from "../../../contract/expenses";
import {
  createInstallmentsInputSchema,
  deleteInstallmentsQuerySchema,
  deleteInstallmentsResponseSchema,
  installmentSeriesDetailSchema,
  installmentSeriesParamsSchema,
  updateInstallmentsInputSchema,
} from "../../../contract/installments";
import { confirmClearedQuerySchema } from "../../../contract/reconciliation";
import { localToday } from "../../clock";
import { mustBeSignedIn } from "../../http/authentication";
import { csvResponse } from "../../http/documented-responses";
import { requireFamily } from "../../http/family-scope";
import { limitHeavyRead } from "../../http/heavy-reads";
import { requestLanguage } from "../../http/language";
import { sendJsonText, trustedJson } from "../../http/trusted-json";
import { exportExpensesCsv, exportFilename } from "./export";
import { EXPORT_STALL_MS, exportSlots, holdWhileOpen } from "./export-limits";
import * as installments from "./installments";
import { createRefund } from "./refunds";
import * as service from "./service";

export type ExpenseRouteOptions = {
  /** How long an export's reply may move no byte before it is cut (export-limits.ts). */
  exportStallMs?: number;
};

export const expenseRoutes: FastifyPluginAsyncZod<ExpenseRouteOptions> = async (app, options) => {
  app.addHook("preValidation", mustBeSignedIn);
  const exportsRunning = exportSlots();

  // Every expense (ten years of them) or a month's, as JSON text the database writes. A month is
  // kept per family data version (http/family-json-cache.ts); ten years are too big to keep.
  app.get(
    "/api/expenses",
    {
      schema: {
        description: `Every expense of the family, newest first; with \`month\` and \`year\`, those of one budget month. ${BUDGET_MONTH_DESCRIPTION}`,
        querystring: expenseListQuerySchema,
        response: { 200: z.array(expenseListItemSchema) },
      },
      // Up to 10,000 rows: a heavy read, a few at once per person (http/heavy-reads.ts).
      preHandler: limitHeavyRead,
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const { month, year } = request.query;
      const list = () => service.listExpensesJson(app.db, scope, request.query);
      const body =
        month !== undefined && year !== undefined
          ? await app.familyJson.json(request, `month:${year}-${month}`, list)
          : await list();
      return sendJsonText(reply, body);
    },
  );

  // The first page (what opening the screen asks for, with its totals) is kept per family data
  // version; the pages further down are read as the person scrolls and are not.
  app.get(
    "/api/expenses/page",
    {
      schema: { querystring: expensePageQuerySchema, response: { 200: expensePageSchema } },
      ...trustedJson,
      // A search reads ten years of descriptions; a page without one follows an index
      // (http/heavy-reads.ts).
      preHandler: async (request, reply) => {
        if (request.query.search) await limitHeavyRead(request, reply);
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const { cursor, search, categoryId, from, to, paidByUserId, paymentMethodId, limit } =
        request.query;
      if (cursor !== undefined) return service.expensePage(app.db, scope, request.query);
      // Every filter is in the key: a filter left out would answer another filter's page.
      const call = `page:${JSON.stringify([search, categoryId, from, to, limit, paidByUserId, paymentMethodId])}`;
      const body = await app.familyJson.json(request, call, async () =>
        JSON.stringify(await service.expensePage(app.db, scope, request.query)),
      );
      return sendJsonText(reply, body);
    },
  );

  // The CSV file of what the screen's filters show (export.ts): streamed, never kept, at most two
  // at once per person, cut when the reader stops reading (export-limits.ts). The language is
  // the screen's (sent by the web), else the caller's.
  app.get(
    "/api/expenses/export.csv",
    {
      schema: {
        querystring: expenseExportQuerySchema,
        response: { 200: csvResponse("The expenses the filters match, as an attachment") },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const { language: asked, ...filters } = request.query;
      const language = asked ?? requestLanguage(request);
      // Fastify's HEAD would read the whole stream to throw it away: headers only, no rows read.
      const head = request.method === "HEAD";
      const release = head ? undefined : exportsRunning.take(scope.userId);
      reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${exportFilename(language, filters)}"`,
        );
      if (!release) return reply.send();
      holdWhileOpen(reply, release, options.exportStallMs ?? EXPORT_STALL_MS);
      return reply.send(exportExpensesCsv(app.db, scope, filters, language));
    },
  );

  app.post(
    "/api/expenses",
    {
      schema: {
        body: createExpenseInputSchema,
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema }),
        response: { 201: expenseSchema },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const max = app.config.quotas.expensesPerFamily;
      return reply
        .status(201)
        .send(await service.createExpense(app.expenseWrites, scope, request.body, key, max));
    },
  );

  app.delete(
    "/api/expenses/examples/clear",
    { schema: { response: { 200: clearExamplesResponseSchema } } },
    async (request) => ({
      deletedCount: await service.clearExampleExpenses(app.expenseWrites, requireFamily(request)),
    }),
  );

  app.patch(
    "/api/expenses/:id",
    {
      schema: {
        description:
          "Changes an expense. A refund changes only its description, date and amount, sent as the positive amount that came back (answered negative).",
        params: expenseParamsSchema,
        querystring: confirmClearedQuerySchema,
        body: updateExpenseInputSchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      return service.updateExpense(
        app.expenseWrites,
        scope,
        request.params.id,
        request.body,
        app.clock.now(),
        request.query.confirm === "cleared",
      );
    },
  );

  // Purchases in installments (docs/product.md#installments): written as a series, changed,
  // deleted and paid off from an installment on, each as one change.
  app.post(
    "/api/installments",
    {
      schema: {
        description:
          "A purchase in installments: one expense a month from the first installment's date, adding up to the total exactly.",
        body: createInstallmentsInputSchema,
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema }),
        response: { 201: installmentSeriesDetailSchema },
      },
    },
    async (request, reply) => {
      const series = await installments.createInstallments(
        app.expenseWrites,
        requireFamily(request),
        request.body,
        app.config.quotas.expensesPerFamily,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return reply.status(201).send(series);
    },
  );

  app.get(
    "/api/installments/:id",
    {
      schema: {
        params: installmentSeriesParamsSchema,
        response: { 200: installmentSeriesDetailSchema },
      },
    },
    async (request) =>
      installments.getInstallments(app.db, requireFamily(request), request.params.id),
  );

  app.patch(
    "/api/installments/:id",
    {
      schema: {
        params: installmentSeriesParamsSchema,
        body: updateInstallmentsInputSchema,
        response: { 200: installmentSeriesDetailSchema },
      },
    },
    async (request) =>
      installments.updateInstallments(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        request.body,
        app.clock.now(),
      ),
  );

  app.delete(
    "/api/installments/:id",
    {
      schema: {
        params: installmentSeriesParamsSchema,
        querystring: deleteInstallmentsQuerySchema,
        response: { 200: deleteInstallmentsResponseSchema },
      },
    },
    async (request) =>
      installments.deleteInstallments(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        request.query.from,
      ),
  );

  app.post(
    "/api/installments/:id/pay-off",
    {
      schema: {
        description:
          "Pays the rest off early: on a card, the installments in later bills move to the bill open today; otherwise those dated after today are dated today.",
        params: installmentSeriesParamsSchema,
        response: { 200: installmentSeriesDetailSchema },
      },
    },
    async (request) =>
      installments.payOffInstallments(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        localToday(app.clock),
        app.clock.now(),
      ),
  );

  // A card purchase to the bill before or after its own (docs/product.md#card-bills).
  app.post(
    "/api/expenses/:id/move-bill",
    {
      schema: {
        params: expenseParamsSchema,
        body: moveExpenseBillInputSchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) =>
      service.moveExpenseBill(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        request.body.to,
        app.clock.now(),
      ),
  );

  // A refund of a purchase (docs/product.md#refunds); changed and deleted as any expense.
  app.post(
    "/api/expenses/:id/refunds",
    {
      schema: {
        description:
          "Records a refund ('Estorno') of a purchase: an expense with the negative amount that came back on its date, with the purchase's category, payment method, payer, split and privacy. The purchase's refunds never add up past its amount (refund_too_large); a refund is not refunded (refund_not_allowed).",
        params: expenseParamsSchema,
        body: createRefundInputSchema,
        response: { 201: expenseSchema },
      },
    },
    async (request, reply) => {
      const refund = await createRefund(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        request.body,
        requestLanguage(request),
        app.config.quotas.expensesPerFamily,
      );
      return reply.status(201).send(refund);
    },
  );

  app.delete(
    "/api/expenses/:id",
    {
      schema: {
        params: expenseParamsSchema,
        querystring: confirmClearedQuerySchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.deleteExpense(
        app.expenseWrites,
        requireFamily(request),
        request.params.id,
        request.query.confirm === "cleared",
      );
      return { deleted: true as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/expenses";
import {
  IMPORT_MAX_BASE64_CHARS,
  importCommitInputSchema,
  importIdempotencyKeySchema,
  importPreviewInputSchema,
  importPreviewSchema,
  importResultSchema,
} from "../../../contract/imports";
import { AppError } from "../../errors";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { sendJsonText, trustedJson } from "../../http/trusted-json";
import { previewPool } from "./preview-pool";
import * as service from "./service";

/** A 5 MB file as base64 in JSON, with room for the options. */
const PREVIEW_BODY_LIMIT = IMPORT_MAX_BASE64_CHARS + 64 * 1024;
/** 20,000 lines of up to a 200-character description (as JSON, escapes included). */
const COMMIT_BODY_LIMIT = 12 * 1024 * 1024;
const PREVIEW_URL = "/api/imports/preview";

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  // The preview's body (a 5 MB file as 7 MB of base64 in JSON) is kept as the bytes that came and
  // parsed and checked against its schema in the preview worker: eight of them at once would
  // otherwise hold the event loop for their JSON alone. The other route parses JSON as the app does.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    if (request.routeOptions.url === PREVIEW_URL && body.length > 0) return done(null, body);
    json(request, body.toString("utf8"), done);
  });

  // A POST that changes nothing: the file is in the body, too big for a query string. The file
  // is read and the answer (up to 20,000 lines, 10 MB) written in the preview worker
  // (preview-pool.ts), off the event loop, key for key in the contract's order.
  app.post(
    PREVIEW_URL,
    {
      bodyLimit: PREVIEW_BODY_LIMIT,
      // The schema documents the body; the worker checks it (preview-worker.ts).
      schema: { body: importPreviewInputSchema, response: { 200: importPreviewSchema } },
      validatorCompiler: () => () => true,
      ...trustedJson,
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      // No body, or one without a JSON content type, never reached the parser above.
      if (!Buffer.isBuffer(request.body)) throw new AppError("invalid_json");
      // The pool bounds its queue per person and in all, and drops the file of a client that
      // left before it was read (preview-pool.ts, docs/product.md#csv-import).
      const left = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) left.abort();
      };
      reply.raw.once("close", onClose);
      // Closed already (the client left while its body came in): its 'close' has been.
      if (reply.raw.closed) left.abort();
      try {
        const body = await previewPool.preview(
          request.body,
          (parsed) => service.previewLookups(app.db, scope, parsed),
          { owner: scope.userId, signal: left.signal },
        );
        return sendJsonText(reply, body);
      } finally {
        reply.raw.off("close", onClose);
      }
    },
  );

  app.post(
    "/api/imports",
    {
      bodyLimit: COMMIT_BODY_LIMIT,
      schema: {
        body: importCommitInputSchema,
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: importIdempotencyKeySchema }),
        response: { 201: importResultSchema },
      },
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { quotas } = app.config;
      return reply
        .status(201)
        .send(await service.commitImport(app.expenseWrites, scope, request.body, key, quotas));
    },
  );
};

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
/**
 * Previews one person may have under way at once in this process: the one being read and the
 * next (the screen asks again when an option changes). The files wait in the worker's queue, so
 * one person cannot fill it and keep everyone else's files waiting.
 */
const PREVIEWS_PER_USER = 2;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);
  const underWay = new Map<string, number>();

  // A POST that changes nothing: the file is in the body, too big for a query string. The file
  // is read in the preview worker (preview-pool.ts), off the event loop, and the answer (up to
  // 20,000 lines) is JSON text joined from the worker's lines: the service builds it key for key.
  app.post(
    "/api/imports/preview",
    {
      bodyLimit: PREVIEW_BODY_LIMIT,
      schema: { body: importPreviewInputSchema, response: { 200: importPreviewSchema } },
      ...trustedJson,
    },
    async (request, reply) => {
      const scope = requireFamily(request);
      const mine = underWay.get(scope.userId) ?? 0;
      if (mine >= PREVIEWS_PER_USER) {
        throw new AppError("rate_limited", { messageKey: "errors.import_preview_busy" });
      }
      underWay.set(scope.userId, mine + 1);
      try {
        const parsed = await previewPool.parse(request.body);
        return sendJsonText(reply, await service.previewImport(app.db, scope, parsed));
      } finally {
        const left = (underWay.get(scope.userId) ?? 1) - 1;
        if (left > 0) underWay.set(scope.userId, left);
        else underWay.delete(scope.userId);
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
        .send(await service.commitImport(app.db, scope, request.body, key, quotas));
    },
  );
};

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
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import { trustedJson } from "../../http/trusted-json";
import * as service from "./service";

/** A 5 MB file as base64 in JSON, with room for the options. */
const PREVIEW_BODY_LIMIT = IMPORT_MAX_BASE64_CHARS + 64 * 1024;
/** 20,000 lines of up to a 200-character description (as JSON, escapes included). */
const COMMIT_BODY_LIMIT = 12 * 1024 * 1024;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  // A POST that changes nothing: the file is in the body, too big for a query string. Its
  // answer (10,000 lines) is written with JSON.stringify: the service builds it key for key.
  app.post(
    "/api/imports/preview",
    {
      bodyLimit: PREVIEW_BODY_LIMIT,
      schema: { body: importPreviewInputSchema, response: { 200: importPreviewSchema } },
      ...trustedJson,
    },
    async (request) => service.previewImport(app.db, requireFamily(request), request.body),
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

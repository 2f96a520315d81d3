import swaggerUi from "@fastify/swagger-ui";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendJsonText } from "../../http/trusted-json";
import { viewerContrastCss } from "./viewer-theme";

/** What GET /api/openapi.json answers, as far as a client relies on it. */
const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ description: "This document: OpenAPI 3.1, generated from the routes' zod schemas" });

/**
 * GET /api/openapi.json (public: it tells nothing a client could not learn by calling) and the
 * viewer at /api/docs: swagger-ui from swagger-ui-dist, served by @fastify/swagger-ui from this
 * origin (no CDN; works offline). Its files are plain scripts and stylesheets with no inline
 * script, so the app's own CSP (`script-src 'self'`, inline styles already allowed for the app's
 * charts) covers them unchanged: no relaxation (e2e/api-docs.spec.ts fails on any violation).
 */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  // The document is the same for the life of the process: serialised once, on the first call.
  let body: string | undefined;
  app.get(
    "/api/openapi.json",
    { schema: { response: { 200: openApiDocumentSchema } } },
    async (_request, reply) => {
      body ??= JSON.stringify(app.swagger());
      return sendJsonText(reply, body);
    },
  );

  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: {
      // Without the top bar (StandaloneLayout's): its box fetches any address typed into it.
      layout: "BaseLayout",
      deepLinking: false,
      displayRequestDuration: true,
    },
    theme: {
      title: "family-budget API",
      css: [{ filename: "contrast.css", content: viewerContrastCss }],
    },
  });
};

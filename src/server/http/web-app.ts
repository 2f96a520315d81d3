import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";
import { sendError } from "./error-handler";

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * each as its precompressed .br or .gz when the browser accepts it,
 * index.html for every non-API path (client-side routing), JSON 404 for unknown /api paths.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string | undefined) {
  const hasWebApp = webDir !== undefined && existsSync(join(webDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz next to each file (scripts/precompress.mjs): a phone gets
      // the landing page's JavaScript compressed, with no compression work per request (issue 17).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          "cache-control",
          path.includes(`${join(webDir, "assets")}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === "/api" || path.startsWith("/api/")) {
      return sendError(request, reply, new AppError("not_found"));
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return sendError(request, reply, new AppError("not_found"));
    }
    if (!hasWebApp) {
      return reply
        .status(404)
        .type("text/plain")
        .send("The web app is not built: run npm run build.");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}

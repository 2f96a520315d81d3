import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Every /api answer says `Cache-Control: no-store` (ASVS 5.0 14.3.2): they carry a
 * family's names, e-mails and money, the login answer carries a bearer token, and nothing may keep
 * them on a shared computer's disk or in a proxy. That includes errors, redirects and the bodies
 * http/family-json-cache.ts keeps on the server (a server-side copy, never a browser's). The built
 * web app's hashed assets keep their year-long cache (http/web-app.ts): only /api is touched.
 */
export const isApiPath = (url: string) => {
  const path = url.split("?")[0] ?? "";
  return path === "/api" || path.startsWith("/api/");
};

export function markNoStore(request: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(request.url)) reply.header("cache-control", "no-store");
}

export function registerNoStore(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    markNoStore(request, reply);
    return payload;
  });
}

import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { translate } from "../i18n";
import { requestLanguage } from "./language";
import { isApiPath } from "./no-store";

/**
 * Requests must name this server: APP_URL's host name, one of ALLOWED_HOSTS, `localhost`, or an
 * IP address (docs/scaling.md#host-names). A page on another name that resolves to this server
 * (DNS rebinding: a site re-pointing its own name at a LAN address) would otherwise read and
 * drive the app as if it were the app's own origin; the browser sends that site's name in `Host`,
 * which is what is refused here. An IP address or `localhost` can only be in `Host` when the
 * caller used that address itself (a health check on 127.0.0.1 or the container's IP, a phone on
 * the household LAN with the default APP_URL), never through another site's name, so they pass;
 * so does a request without any `Host` (HTTP/1.0 health checks such as HAProxy's default).
 * Names are compared without the port: the proxy in front may or may not keep it.
 */
function hostIsAllowed(hostname: string, allowed: ReadonlySet<string>): boolean {
  const name = hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  return name === "" || name === "localhost" || isIP(name) !== 0 || allowed.has(name);
}

export function registerAllowedHosts(
  app: FastifyInstance,
  options: { appUrl: string; allowedHosts: readonly string[] },
) {
  const allowed = new Set([
    new URL(options.appUrl).hostname.toLowerCase(),
    ...options.allowedHosts,
  ]);
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    // Fastify's hostname: X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), else Host.
    if (hostIsAllowed(request.hostname, allowed)) return;
    if (isApiPath(request.url)) throw new AppError("misdirected_request");
    return reply
      .status(421)
      .type("text/plain; charset=utf-8")
      .send(translate(requestLanguage(request), "errors.misdirected_request"));
  });
}

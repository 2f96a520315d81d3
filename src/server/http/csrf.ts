import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF rule of docs/product.md#cross-site-requests, on top of SameSite=Lax cookies: a state-changing request that a
 * browser marks as cross-site, or whose Origin is not APP_URL's, is refused. Requests with
 * neither header (API clients) pass. Bodies must be JSON: the text/plain parser (the one content
 * type a cross-site form can send without a preflight besides forms) is removed in app.ts.
 */
export function registerCsrfProtection(app: FastifyInstance, appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (!stateChanging.has(request.method)) return;
    if (request.headers["sec-fetch-site"] === "cross-site") {
      throw new AppError("cross_site_request");
    }
    const origin = request.headers.origin;
    if (origin === undefined || origin === appOrigin) return;
    // A page served by this very server (opened as 127.0.0.1, or by its LAN address while
    // APP_URL still says localhost) is same-origin, not cross-site.
    if (originHost(origin) === request.headers.host) return;
    throw new AppError("cross_site_request");
  });
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

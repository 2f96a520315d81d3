import type { FastifyRequest } from "fastify";

/**
 * Whether a GET that would change state (the invite link, the logout link) may act in one step
 * (docs/product.md#joining-by-link, docs/product.md#signing-out): only when the browser says it
 * was opened directly (`Sec-Fetch-Site: none`: typed, a bookmark, a mail or messaging app) or
 * from the app itself (`same-origin`), or when the caller sends no such header (an API client,
 * an old browser). `cross-site`, `same-site` (a sibling subdomain can be hostile too) and any
 * value this code does not know never act. A HEAD never acts: Fastify runs the GET handler for
 * it, and no browser navigates with HEAD.
 */
export function mayActOnNavigation(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  const site = request.headers["sec-fetch-site"];
  return site === undefined || site === "none" || site === "same-origin";
}

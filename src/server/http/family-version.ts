import type { FastifyInstance } from "fastify";
import { familyVersionHeader } from "../../contract/live-updates";
import { isApiPath } from "./no-store";

/**
 * Every signed-in GET of a member says which version of the family's data it read: the
 * families.data_version its authentication statement saw (http/sessions.ts), which the database
 * moves in the same transaction as every change of the family's expenses, incomes, categories,
 * recurring rules and settlements. Its body holds at least that version's data (it is computed,
 * or kept by http/family-json-cache.ts, after the version was read). The event stream's `ready`
 * carries the version it saw once it listened, so a screen whose reads are older knows a change
 * committed between its reads and its stream, and refetches (docs/decisions/009-live-updates-over-sse.md).
 */
export function registerFamilyVersionHeader(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    const membership = request.auth?.membership;
    if (membership && request.method === "GET" && isApiPath(request.url)) {
      reply.header(familyVersionHeader, String(membership.dataVersion));
    }
    return payload;
  });
}

import type { FastifyReply, FastifySerializerCompiler } from "fastify";

/**
 * A route option for large responses: the body is written with JSON.stringify, without the zod
 * response check the app's default serializer runs on every object of every row (on a month of
 * ~800 expenses that check cost more than the query). Only for routes whose service builds the
 * body itself from typed rows (src/server/api-rows.ts), key for key in the contract's shape; the
 * route keeps its zod `response` schema for the types and the API tests compare the body with it.
 */
const stringify: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

export const trustedJson = { serializerCompiler: stringify } as const;

/**
 * Sends a body that is already the JSON text of the route's response (written by PostgreSQL, or
 * kept by http/family-json-cache.ts): Fastify sends a string with a JSON content type as it is,
 * past the route's serializer.
 */
export function sendJsonText(reply: FastifyReply, body: string | Buffer) {
  return reply.type("application/json; charset=utf-8").send(body as never);
}

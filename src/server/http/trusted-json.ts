import type { FastifySerializerCompiler } from "fastify";

/**
 * A route option for large responses: the body is written with JSON.stringify, without the zod
 * response check the app's default serializer runs on every object of every row (on a month of
 * ~800 expenses that check cost more than the query). Only for routes whose service builds the
 * body itself from typed rows (src/server/api-rows.ts), key for key in the contract's shape; the
 * route keeps its zod `response` schema for the types and the API tests compare the body with it.
 */
const stringify: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

export const trustedJson = { serializerCompiler: stringify } as const;

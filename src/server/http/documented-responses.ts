import { z } from "zod";

/**
 * Response schemas for the few routes that do not answer JSON, so the OpenAPI document
 * (features/openapi) describes them from the route itself like every other answer. They change
 * nothing Fastify does: a redirect sends no body and a stream is piped, and Fastify serialises
 * neither (the zod serialiser compiled for them is never called).
 */

/** A 302 with no body; where it leads is told in `description` and the Location header. */
export const redirectResponse = (description: string) =>
  z.undefined().meta({
    description,
    headers: { location: { type: "string", description: "The address the browser goes to" } },
  });

/**
 * A file in text/csv. The handler sends a stream, not a string: the schema is typed loosely so
 * the type provider does not ask for one.
 */
export const csvResponse = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.string() as z.ZodType } },
});

/** A stream of Server-Sent Events, open until the client or the server ends it. */
export const eventStreamResponse = (description: string) => ({
  description,
  content: { "text/event-stream": { schema: z.string() as z.ZodType } },
});

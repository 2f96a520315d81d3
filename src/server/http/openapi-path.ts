/**
 * Fastify's `/api/expenses/:id` as OpenAPI's `/api/expenses/{id}`. Here, below the features, so
 * the document (features/openapi/document.ts) and the app-wide tests that look a route up in it
 * (http/authorization-matrix.api.test.ts) name routes the same way.
 */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

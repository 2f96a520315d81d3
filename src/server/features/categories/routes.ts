import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  categoryParamsSchema,
  categorySchema,
  createCategoryInputSchema,
  updateCategoryInputSchema,
} from "../../../contract/categories";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/categories",
    { schema: { response: { 200: z.array(categorySchema) } } },
    async (request) => service.listCategories(app.db, requireFamily(request)),
  );

  app.post(
    "/api/categories",
    { schema: { body: createCategoryInputSchema, response: { 201: categorySchema } } },
    async (request, reply) => {
      const scope = requireFamily(request);
      const category = await service.createCategory(app.ledger, scope, request.body);
      return reply.status(201).send(category);
    },
  );

  app.patch(
    "/api/categories/:id",
    {
      schema: {
        params: categoryParamsSchema,
        body: updateCategoryInputSchema,
        response: { 200: categorySchema },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      const category = await service.updateCategory(
        app.ledger,
        scope,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return category;
    },
  );

  app.delete(
    "/api/categories/:id",
    {
      schema: {
        params: categoryParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      const scope = requireFamily(request);
      await service.deleteCategory(app.ledger, scope, request.params.id);
      return { deleted: true as const };
    },
  );
};
